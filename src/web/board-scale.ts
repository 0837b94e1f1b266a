/**
 * The scale a board will be drawn at (CSS px per unit of its drawing), told from the box it goes
 * into before it is drawn: `svg.board` is the box's width, its height at most 70% of the viewport
 * (style.css), the drawing fitted inside (preserveAspectRatio meet). The board sets the sizes of
 * its text for this scale from the start, so that its ResizeObserver, seeing the same scale once
 * it is laid out, changes nothing: the board is laid out once, not twice, when a game arrives.
 * 0 when the box has no size yet (not in the page, or hidden): the observer then does it all.
 */
export function predictedScale(box: HTMLElement, width: number, height: number): number {
  if (!box.isConnected) return 0;
  const style = getComputedStyle(box);
  const inner = box.getBoundingClientRect().width - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  if (!(inner > 0)) return 0;
  return Math.min(inner / width, (0.7 * innerHeight) / height);
}
