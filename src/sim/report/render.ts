/**
 * Renders a Vega-Lite spec to SVG in Node: compiled by vega-lite, rendered by a headless vega
 * View (renderer `none`: no canvas, no DOM). Text widths are estimated, which is close enough
 * for axis labels.
 */
import * as vega from 'vega';
import { compile, type TopLevelSpec } from 'vega-lite';
import type { VegaLiteSpec } from './specs.js';

export async function renderSvg(spec: VegaLiteSpec): Promise<string> {
  const compiled = compile(spec as unknown as TopLevelSpec).spec;
  const view = new vega.View(vega.parse(compiled), { renderer: 'none' });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}
