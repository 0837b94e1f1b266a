/**
 * The game page's analysis (issue 23): for a finished game (saved, replayed or imported), the
 * engine at its strongest (src/ai/analyse.ts, in a Web Worker: analysis-engine.ts) judges the
 * moves one by one, and the page shows each answer as it comes, never waiting on it:
 * - an evaluation graph over the plies (player 1's expected result; each point a button that
 *   shows that position);
 * - the marks of the moves (inaccuracy ?!, mistake ?, blunder ??) in the move list, with an
 *   imported record's own annotations (kept on this device at import: `keepAnnotations`);
 * - an analysis board: the position shown, the engine's best move highlighted on it, the line it
 *   expects and its evaluation; a tap on a hole tries another move from there (the evaluation
 *   follows), and "Back to the game" returns to the game's line.
 * The move list's keys (Left/Right, Home/End) and the ply in the address (`#/game/<id>/<ply>`)
 * are here too (`MoveListKeys`, `PlyInAddress`). Nothing here knows a rule: the moves and the
 * holes come from the engine (engine.ts).
 *
 * A developer's setting, for the browser tests: `localStorage['gabata.analysisDepth'] = '5'`
 * searches every position to that depth instead of level 5's second.
 */
import type { PositionAnalysis } from '@gabata/engine/ai';
import type { State } from '@gabata/engine/core';
import type { MoveAnnotation, MoveMark } from '@gabata/engine/notation';
import type { AnalyseReply, AnalyseRequest } from './analysis-engine.js';
import { Board } from './board.js';
import { boardStateOf } from './animate.js';
import type { PlayController } from './controller.js';
import { h } from './dom.js';
import { byHole, choices, isOver, isSimultaneous, landmarks, type Choice } from './engine.js';
import { I18N } from './text.js';

declare const GABATA_WORKER_URL: string | undefined;
const WORKER_URL = typeof GABATA_WORKER_URL === 'string' ? GABATA_WORKER_URL : '/worker.js';

const SVG = 'http://www.w3.org/2000/svg';
const MARK_SIGN: Record<MoveMark, string> = { inaccuracy: '?!', mistake: '?', blunder: '??' };
const tr = (key: string, o?: Readonly<Record<string, string | number>>): string => I18N.lookup(`analysis.${key}`, o) ?? key;

/** What this device keeps of a game's analysis or of an imported record's annotations. */
interface KeptAnalysis {
  annotations: (MoveAnnotation | null)[];
  start?: number;
}

const keyOf = (id: string): string => `gabata.analysis.${id}`;

/** Keeps the annotations of a record imported as game `id` (the server keeps the moves only). */
export function keepAnnotations(id: string, record: unknown): void {
  const r = record as { annotations?: unknown; analysis?: { start?: unknown } } | null;
  if (!r || !Array.isArray(r.annotations)) return;
  const start = typeof r.analysis?.start === 'number' ? r.analysis.start : undefined;
  save(id, { annotations: r.annotations as (MoveAnnotation | null)[], start });
}

function save(id: string, k: KeptAnalysis): void {
  try {
    localStorage.setItem(keyOf(id), JSON.stringify(k));
  } catch {
    // Not kept: the analysis can be run again.
  }
}

function load(id: string): KeptAnalysis | null {
  try {
    const v = JSON.parse(localStorage.getItem(keyOf(id)) ?? 'null') as KeptAnalysis | null;
    return v && Array.isArray(v.annotations) ? v : null;
  } catch {
    return null;
  }
}

/** One worker of analysis, its requests answered in order, matched by id. */
class AnalysisWorker {
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, (r: AnalyseReply) => void>();

  ask(req: Omit<AnalyseRequest, 'id' | 'kind'>): Promise<AnalyseReply> {
    if (!this.worker) {
      this.worker = new Worker(new URL(WORKER_URL, location.origin).href, { type: 'module' });
      this.worker.onmessage = (e: MessageEvent<AnalyseReply>) => {
        const f = this.pending.get(e.data.id);
        this.pending.delete(e.data.id);
        f?.(e.data);
      };
    }
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.pending.set(id, resolve);
      this.worker!.postMessage({ ...req, kind: 'analyse', id });
    });
  }

  stop(): void {
    this.pending.clear();
    this.worker?.terminate();
    this.worker = null;
  }
}

function budget(): { depth?: number } {
  const d = Number(localStorage.getItem('gabata.analysisDepth'));
  return Number.isInteger(d) && d > 0 && d <= 12 ? { depth: d } : {};
}

const pct = (x: number): string => I18N.formatNumber(x, { style: 'percent' });

/** The analysis panel of a game page, its Analyse button and its marks in the move list. */
export class AnalysisPanel {
  readonly el: HTMLElement;
  readonly button: HTMLButtonElement;
  private readonly progress = h('p', { class: 'analysis-progress', 'aria-live': 'polite' });
  private readonly summary = h('ul', { class: 'analysis-summary' });
  private readonly graph = h('div', { class: 'analysis-graph' });
  private readonly view = h('div', { class: 'analysis-view', 'aria-live': 'polite' });
  private readonly boardBox = h('div', { class: 'analysis-board' });
  private readonly ways = h('div', { class: 'analysis-ways' });
  private readonly back: HTMLButtonElement;
  private readonly stopButton: HTMLButtonElement;
  private annotations: (MoveAnnotation | null)[] = [];
  private before: (PositionAnalysis | undefined)[] = [];
  private start: number | undefined;
  private running = false;
  private runner: AnalysisWorker | null = null;
  private readonly live = new AnalysisWorker();
  private board: Board | null = null;
  /** The analysis board: the ply it starts from and the moves tried from there. */
  private base = -1;
  private variation: number[] = [];
  private variationText: string[] = [];
  private liveValue: PositionAnalysis | null = null;
  private liveKey = '';
  private keptFor = '';

  constructor(private readonly c: PlayController) {
    this.button = h(
      'button',
      { type: 'button', class: 'analyse', hidden: true, title: tr('analyseHelp'), onclick: () => void this.run() },
      tr('analyse'),
    );
    this.stopButton = h('button', { type: 'button', class: 'analysis-stop quiet', hidden: true, onclick: () => this.halt() }, tr('stop'));
    this.back = h('button', { type: 'button', class: 'analysis-back', hidden: true, onclick: () => this.backToGame() }, tr('backToGame'));
    this.el = h(
      'section',
      { class: 'panel analysis', hidden: true, 'aria-labelledby': 'analysis-title' },
      h('h2', { id: 'analysis-title' }, tr('heading')),
      h('p', {}, this.progress, ' ', this.stopButton),
      this.summary,
      this.graph,
      h('h3', {}, tr('board')),
      h('p', { class: 'help' }, tr('boardHelp')),
      this.boardBox,
      this.ways,
      this.view,
      h('p', {}, this.back),
    );
  }

  /** After every render of the page: the button, the marks in the move list, the graph, the board. */
  render(moveList: HTMLElement): void {
    const c = this.c;
    if (!c.ready) return;
    if (this.keptFor !== c.id) {
      this.keptFor = c.id;
      const kept = load(c.id);
      if (kept) {
        this.annotations = kept.annotations.slice(0, c.moves.length);
        this.start = kept.start;
      }
    }
    // A finished game, or one held here alone (played on this device, or an imported record): never a game under way with someone else.
    this.button.hidden = !(c.finished || (!c.online && !c.spectator)) || this.running;
    this.stopButton.hidden = !this.running;
    this.decorate(moveList);
    const shown = this.annotations.some((a) => a !== null) || this.running;
    this.el.hidden = !shown;
    if (!shown) return;
    this.drawGraph();
    this.drawSummary();
    if (this.base !== c.shownPly) {
      this.base = c.shownPly;
      this.variation = [];
      this.variationText = [];
    }
    this.drawBoard();
  }

  /** Stops the workers (the page is left). */
  close(): void {
    this.running = false;
    this.runner?.stop();
    this.runner = null;
    this.live.stop();
  }

  private halt(): void {
    if (this.running) this.progress.textContent = '';
    this.running = false;
    this.runner?.stop();
    this.runner = null;
    this.c.refresh();
  }

  /** Analyses every move, in order, each shown as it comes. */
  private async run(): Promise<void> {
    const c = this.c;
    if (this.running) return;
    this.running = true;
    this.annotations = [];
    this.before = [];
    this.start = undefined;
    const runner = new AnalysisWorker();
    this.runner = runner;
    c.refresh();
    const n = c.moves.length;
    this.progress.textContent = tr('progress', { done: 0, total: n });
    for (let i = 0; i < n && this.runner === runner; i++) {
      const r = await runner.ask({
        ruleset: c.doc.ruleset,
        options: c.doc.options,
        seed: c.doc.seed,
        moves: c.moves,
        what: 'move',
        ply: i,
        ...budget(),
      });
      if (this.runner !== runner) return;
      if ('error' in r || r.kind !== 'move') {
        this.progress.textContent = 'error' in r ? r.error : '';
        break;
      }
      if (i === 0) this.start = r.before.eval;
      this.annotations[i] = r.annotation;
      this.before[i] = r.before;
      this.progress.textContent = tr('progress', { done: i + 1, total: n });
      c.refresh();
    }
    if (this.runner !== runner) return;
    runner.stop();
    this.runner = null;
    this.running = false;
    this.progress.textContent = tr('done', { total: n });
    save(c.id, { annotations: this.annotations, start: this.start });
    c.refresh();
  }

  /** The marks (and comments) of the moves, beside them in the move list. */
  private decorate(list: HTMLElement): void {
    const items = list.querySelectorAll<HTMLLIElement>(':scope > li');
    items.forEach((li, i) => {
      const a = this.annotations[i];
      if (!a) return;
      const btn = li.querySelector('button');
      if (a.mark) {
        li.dataset['mark'] = a.mark;
        const sign = h('span', { class: `move-mark mark-${a.mark}`, title: tr(a.mark), 'aria-hidden': 'true' }, MARK_SIGN[a.mark]);
        if (btn) {
          btn.setAttribute('aria-label', `${btn.textContent ?? ''} (${tr(a.mark)})`);
          btn.append(' ', sign);
        }
      }
      if (a.comment) li.append(h('span', { class: 'move-comment' }, tr('comment', { text: a.comment })));
    });
  }

  private drawSummary(): void {
    const c = this.c;
    const counts = Array.from({ length: c.game.players }, () => ({ inaccuracy: 0, mistake: 0, blunder: 0 }));
    this.annotations.forEach((a, i) => {
      const p = c.states[i]?.toMove ?? 0;
      if (a?.mark && p > 0) counts[p - 1]![a.mark]++;
    });
    this.summary.replaceChildren(...counts.map((k, i) => h('li', {}, tr('summary', { who: c.name(i + 1), ...k }))));
  }

  /** Player 1's expected result over the plies: a line, each ply a button. */
  private drawGraph(): void {
    const c = this.c;
    const n = Math.max(1, c.moves.length);
    const W = n * 10;
    const H = 100;
    const who = c.name(1);
    const svg = document.createElementNS(SVG, 'svg');
    svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
    svg.setAttribute('preserveAspectRatio', 'none');
    svg.setAttribute('role', 'group');
    svg.setAttribute('aria-label', tr('graph', { who }));
    const add = <K extends keyof SVGElementTagNameMap>(tag: K, attrs: Record<string, string | number>, parent: Element = svg) => {
      const e = document.createElementNS(SVG, tag);
      for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
      parent.appendChild(e);
      return e;
    };
    add('line', { x1: 0, y1: H / 2, x2: W, y2: H / 2, class: 'graph-mid' });
    const pts: string[] = [];
    if (this.start !== undefined) pts.push(`0,${(1 - this.start) * H}`);
    this.annotations.forEach((a, i) => {
      if (a?.eval !== undefined) pts.push(`${(i + 1) * 10},${(1 - a.eval) * H}`);
    });
    if (pts.length > 0) {
      add('polygon', {
        points: `${pts[0]!.split(',')[0]},${H} ${pts.join(' ')} ${pts[pts.length - 1]!.split(',')[0]},${H}`,
        class: 'graph-area',
      });
      add('polyline', { points: pts.join(' '), class: 'graph-line' });
    }
    const cur = c.shownPly;
    add('line', { x1: cur * 10, y1: 0, x2: cur * 10, y2: H, class: 'graph-now' });
    this.annotations.forEach((a, i) => {
      if (!a) return;
      const x = (i + 1) * 10;
      if (a.mark) add('line', { x1: x, y1: 0, x2: x, y2: H, class: `graph-mark mark-${a.mark}` });
      const hit = add('rect', { x: x - 5, y: 0, width: 10, height: H, class: 'graph-hit', tabindex: 0, role: 'button' });
      const value = a.eval !== undefined ? pct(a.eval) : '';
      hit.setAttribute('aria-label', `${tr('graphPoint', { ply: i + 1, who, value })}${a.mark ? ` (${tr(a.mark)})` : ''}`);
      hit.setAttribute('data-ply', String(i + 1));
      if (i + 1 === cur) hit.setAttribute('aria-current', 'step');
      const show = (): void => c.step(i + 1);
      hit.addEventListener('click', show);
      hit.addEventListener('keydown', (e) => {
        const k = (e as KeyboardEvent).key;
        if (k === 'Enter' || k === ' ') {
          e.preventDefault();
          show();
        }
      });
    });
    const focused = (document.activeElement as Element | null)?.getAttribute('data-ply');
    this.graph.replaceChildren(svg);
    if (focused) svg.querySelector<SVGElement>(`[data-ply="${focused}"]`)?.focus();
  }

  /** The state on the analysis board: the position shown, then the moves tried. */
  private boardState(): State {
    const c = this.c;
    const s = c.states[this.base]!.clone();
    for (const m of this.variation) c.game.apply(s, m);
    return s;
  }

  private drawBoard(): void {
    const c = this.c;
    if (!this.board) this.board = new Board(this.boardBox, c.game.geometry, c.game.players, (hole) => this.tap(hole));
    const s = this.boardState();
    const onLine = this.variation.length === 0;
    const known = onLine ? this.before[this.base] : undefined;
    const value = known ?? this.liveValueFor();
    const choicesNow = this.playable(s);
    const legal = new Set(byHole(choicesNow).keys());
    const best = value?.best !== undefined ? choicesNow.find((x) => x.move === value.best) : undefined;
    this.board.render(boardStateOf(s), {
      legal,
      hot: new Set(),
      last: new Set(),
      hint: best && best.hole >= 0 ? new Set([best.hole]) : new Set(),
      landmarks: landmarks(c.game, s),
      markWord: c.words.mark,
      unit: c.words.unit,
      name: c.name,
    });
    this.back.hidden = onLine;
    const lines: HTMLElement[] = [];
    if (!onLine) lines.push(h('p', { class: 'analysis-variation' }, tr('variation', { line: this.variationText.join(' ') })));
    const annotation = this.base < c.moves.length ? this.annotations[this.base] : undefined;
    if (value) {
      lines.push(h('p', { class: 'analysis-eval' }, tr('evalOf', { who: c.name(1), value: pct(value.eval) })));
      if (value.bestText !== undefined) {
        lines.push(h('p', { class: 'analysis-best' }, tr('best', { move: value.bestText })));
        if (value.line && value.line.length > 0) lines.push(h('p', { class: 'analysis-line' }, tr('line', { line: value.line.join(' ') })));
      } else lines.push(h('p', {}, tr('noBest')));
    } else if (onLine && annotation?.best !== undefined) {
      // An imported record's annotation: its best move and line, as the record gives them.
      lines.push(h('p', { class: 'analysis-best' }, tr('best', { move: annotation.best })));
      if (annotation.line) lines.push(h('p', { class: 'analysis-line' }, tr('line', { line: annotation.line.join(' ') })));
    } else lines.push(h('p', { class: 'analysis-thinking' }, tr('thinking')));
    this.view.replaceChildren(...lines);
  }

  /** The moves of the player to move on the analysis board (none at a race or at the end). */
  private playable(s: State): Choice[] {
    if (isOver(s) || isSimultaneous(s)) return [];
    return choices(this.c.game, s, s.toMove);
  }

  /** The engine's value of a position off the game's line (asked once; the board is drawn again when it comes). */
  private liveValueFor(): PositionAnalysis | null {
    const key = `${this.c.id}:${this.base}:${this.variation.join(',')}`;
    if (this.liveKey === key) return this.liveValue;
    this.liveKey = key;
    this.liveValue = null;
    const c = this.c;
    void this.live
      .ask({
        ruleset: c.doc.ruleset,
        options: c.doc.options,
        seed: c.doc.seed,
        moves: c.moves,
        what: 'position',
        ply: this.base,
        extra: [...this.variation],
        ...budget(),
      })
      .then((r) => {
        if (this.liveKey !== key || 'error' in r || r.kind !== 'position') return;
        this.liveValue = r.position;
        this.drawBoard();
      });
    return null;
  }

  /** A tap on the analysis board: that hole's move (or a choice among its ways) is tried. */
  private tap(hole: number): void {
    const s = this.boardState();
    const ways = this.playable(s).filter((x) => x.hole === hole);
    if (ways.length === 1) this.tryMove(ways[0]!);
    else if (ways.length > 1) {
      this.ways.replaceChildren(...ways.map((w) => h('button', { type: 'button', onclick: () => this.tryMove(w) }, w.text)));
    }
  }

  private tryMove(w: Choice): void {
    this.ways.replaceChildren();
    this.variation.push(w.move);
    this.variationText.push(w.text);
    this.drawBoard();
  }

  private backToGame(): void {
    this.variation = [];
    this.variationText = [];
    this.ways.replaceChildren();
    this.drawBoard();
  }
}

/**
 * The move list's keys: Left and Right step back and forward, Home and End go to the start and
 * to the game's last move, from the move list and its step buttons; the shown move keeps the focus.
 */
export function moveListKeys(area: HTMLElement, list: HTMLElement, c: PlayController): void {
  area.setAttribute('title', tr('keysHelp', { home: 'Home', end: 'End' }));
  area.addEventListener('keydown', (e) => {
    const to = e.key === 'ArrowLeft' ? -1 : e.key === 'ArrowRight' ? 1 : e.key === 'Home' ? 'start' : e.key === 'End' ? 'live' : null;
    if (to === null || e.altKey || e.ctrlKey || e.metaKey) return;
    e.preventDefault();
    const inList = list.contains(document.activeElement);
    c.step(to);
    if (inList) (list.querySelector<HTMLElement>('.current') ?? list.querySelector<HTMLElement>('button'))?.focus();
  });
}

/**
 * The ply in the address: `#/game/<id>/<ply>` opens the game at that move, and looking at an
 * earlier move writes it there (replaced, not pushed: Back leaves the game, as before).
 */
export class PlyInAddress {
  private pending: number | null;

  constructor(
    private readonly c: PlayController,
    private readonly prefix: string,
    ply: string | undefined,
  ) {
    this.pending = ply !== undefined && /^\d{1,6}$/.test(ply) ? Number(ply) : null;
  }

  /** After every render: the address follows the move shown (once the game is loaded and the asked move shown). */
  sync(): void {
    const c = this.c;
    // A page left (its controller closed) never writes the address of the page after it.
    if (!c.ready || c.mode.kind === 'closed') return;
    if (this.pending !== null) {
      // Not before the game has settled (a load, the opening race): the address is kept until then.
      if (c.live.kind === 'loading' || c.live.kind === 'animating') return;
      const k = this.pending;
      this.pending = null;
      if (k < c.moves.length) {
        c.step(k);
        // Refused while the opening is animated: asked again at the next render, the address kept.
        if (c.shownPly !== k) this.pending = k;
        return;
      }
    }
    const want = c.shownPly < c.moves.length ? `#${this.prefix}/${c.shownPly}` : `#${this.prefix}`;
    if (location.hash !== want) history.replaceState(history.state, '', `${location.pathname}${location.search}${want}`);
  }
}

/** What the game page gets from here: the analysis panel, the move list's keys, the ply in the address. */
export class GameStudy {
  readonly panel: AnalysisPanel;
  private readonly address: PlyInAddress;
  private keys = false;

  constructor(
    private readonly c: PlayController,
    private readonly moveList: HTMLElement,
    prefix: string,
    ply: string | undefined,
  ) {
    this.panel = new AnalysisPanel(c);
    this.address = new PlyInAddress(c, prefix, ply);
  }

  /** After every render of the page (the move list drawn). */
  render(): void {
    const area = this.moveList.parentElement;
    if (!this.keys && area) {
      moveListKeys(area, this.moveList, this.c);
      this.keys = true;
    }
    this.panel.render(this.moveList);
    this.address.sync();
  }

  close(): void {
    this.panel.close();
  }
}
