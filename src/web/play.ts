/**
 * The game screen. The page keeps the game's moves (from the server) and replays them with the
 * engine to know every position; a decision, a person's tap or the computer's choice from the
 * worker, is posted to the server, which validates it, stores it and answers with its events;
 * the page animates those events and then shows the engine's position. The page never decides a
 * rule: playable holes, results and explanations all come from the engine.
 */
import type { GameEvent } from '../core/events.js';
import type { Game } from '../core/game.js';
import { END_REASONS, type State } from '../core/state.js';
import { boardStateOf, animate } from './animate.js';
import { api, ApiError } from './api.js';
import { Board, type BoardState } from './board.js';
import { fill, h } from './dom.js';
import { applyStored, buildGame, byHole, choices, isOver, isSimultaneous, landmarks, positions, type Choice, type GameDoc, type StoredMove } from './engine.js';
import { link } from './router.js';
import {
  CLAUSES,
  RULE_FAMILIES,
  START_RULE,
  T,
  clauseText,
  clausesOf,
  endReasonText,
  eventText,
  wordsFor,
  type Words,
} from './text.js';
import type { ThinkReply, ThinkRequest } from './worker.js';

const SPEEDS: Record<string, number> = { off: 0, fast: 90, normal: 240, slow: 500 };

function speedSetting(): string {
  const forced = new URLSearchParams(location.search).get('anim');
  if (forced && forced in SPEEDS) return forced;
  const saved = localStorage.getItem('gabata.speed');
  return saved && saved in SPEEDS ? saved : 'normal';
}

/** Thin wrapper round the worker: one request at a time, stale answers dropped by id. */
class Thinker {
  private worker: Worker | null = null;
  private nextId = 1;
  private pending = new Map<number, (r: ThinkReply) => void>();

  private get w(): Worker {
    if (!this.worker) {
      this.worker = new Worker(new URL('worker.js', document.baseURI).href, { type: 'module' });
      this.worker.onmessage = (e: MessageEvent<ThinkReply>) => {
        const f = this.pending.get(e.data.id);
        this.pending.delete(e.data.id);
        f?.(e.data);
      };
    }
    return this.worker;
  }

  think(req: Omit<ThinkRequest, 'id'>): Promise<ThinkReply> {
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.pending.set(id, resolve);
      this.w.postMessage({ ...req, id });
    });
  }

  /** Forgets every pending answer (undo, leaving the page). */
  cancel(): void {
    this.pending.clear();
  }

  stop(): void {
    this.cancel();
    this.worker?.terminate();
    this.worker = null;
  }
}

function ruleChip(rule: string | undefined): HTMLElement | null {
  if (!rule) return null;
  return h('abbr', { class: 'rule', title: clauseText(rule) || rule }, rule);
}

export function playPage(root: HTMLElement, params: string[]): () => void {
  const id = params[0]!;
  let disposed = false;
  const thinker = new Thinker();

  let doc: GameDoc;
  let game: Game;
  let words: Words;
  let states: State[] = [];
  let moves: StoredMove[] = [];
  let board: Board;
  let view: number | null = null;
  let animating = false;
  let skip = false;
  let thinking = false;
  let posting = false;
  let hint = new Set<number>();
  /** Choices gathered at a simultaneous node, by player. */
  let joint: number[] = [];

  const title = h('h1', { class: 'game-title' }, T.loading);
  const status = h('p', { class: 'status', role: 'status', 'aria-live': 'polite' });
  const message = h('p', { class: 'message', role: 'alert', 'aria-live': 'assertive' });
  const playersBar = h('div', { class: 'players-bar' });
  const boardBox = h('div', { class: 'board-box' });
  const popup = h('div', { class: 'choice-popup', hidden: true, role: 'dialog', 'aria-modal': 'false' });
  const summary = h('section', { class: 'round-summary', hidden: true, 'aria-live': 'polite' });
  const result = h('section', { class: 'result', hidden: true, 'aria-live': 'polite' });
  const viewing = h('p', { class: 'viewing', hidden: true });
  const commentary = h('ol', { class: 'commentary', 'aria-live': 'polite' });
  const moveList = h('ol', { class: 'move-list' });
  const rulesPanel = h('details', { class: 'rules-panel panel' });

  const speedSelect = h('select', {
    'aria-label': T.speed,
    class: 'speed',
    onchange: (e: Event) => {
      const v = (e.target as HTMLSelectElement).value;
      localStorage.setItem('gabata.speed', v);
    },
  }, Object.keys(SPEEDS).map((k) => h('option', { value: k, selected: k === speedSetting() }, T[`speed${k[0]!.toUpperCase()}${k.slice(1)}` as 'speedOff'])));
  const skipBtn = h('button', { class: 'skip', disabled: true, onclick: () => (skip = true) }, T.skip);
  const hintBtn = h('button', { class: 'hint', onclick: () => void showHint() }, T.hint);
  const undoBtn = h('button', { class: 'undo', onclick: () => void undo() }, T.undo);
  const passBtn = h('button', { class: 'pass', hidden: true, onclick: () => void tapSpecial('pass') }, T.pass);
  const concedeBtn = h('button', { class: 'concede quiet', hidden: true, onclick: () => void tapSpecial('concede') }, T.concede);
  const exportLink = h('a', { class: 'button quiet', href: `/api/games/${encodeURIComponent(id)}/record`, download: `gabata-${id}.json` }, T.exportRecord);
  const stepBtns = {
    start: h('button', { 'aria-label': T.toStart, title: T.toStart, onclick: () => step('start') }, '«'),
    back: h('button', { 'aria-label': T.stepBack, title: T.stepBack, onclick: () => step(-1) }, '◀'),
    fwd: h('button', { 'aria-label': T.stepForward, title: T.stepForward, onclick: () => step(1) }, '▶'),
    live: h('button', { 'aria-label': T.toLive, title: T.toLive, onclick: () => step('live') }, '»'),
  };

  const pageEl = h('div', { class: 'game-page', 'data-state': 'loading' },
      h('div', { class: 'main-col' },
        h('header', { class: 'game-head' }, title, status),
        playersBar,
        viewing,
        boardBox,
        popup,
        message,
        h('div', { class: 'controls' }, hintBtn, undoBtn, passBtn, concedeBtn,
          h('label', { class: 'speed-label' }, `${T.speed} `, speedSelect), skipBtn),
        summary,
        result),
      h('aside', { class: 'side-col' },
        h('section', { class: 'panel' }, h('h2', {}, T.commentary), commentary),
        h('section', { class: 'panel' },
          h('h2', {}, T.moveList),
          h('div', { class: 'steps' }, stepBtns.start, stepBtns.back, stepBtns.fwd, stepBtns.live),
          moveList,
          h('p', {}, exportLink)),
        rulesPanel));
  root.append(pageEl);

  const live = (): State => states[states.length - 1]!;
  const seatOf = (p: number): string => doc.seats[p - 1] ?? 'human';
  const isHuman = (p: number): boolean => seatOf(p) === 'human';
  const humans = (): number => doc.seats.filter((s) => s === 'human').length;
  const name = (p: number): string => {
    if (p <= 0) return '—';
    const seat = seatOf(p);
    if (seat === 'human') return T.person(p);
    const level = Number(seat.split(':')[1]);
    const computers = doc.seats.length - humans();
    return computers > 1 ? T.computerN(p, level) : T.computer(level);
  };

  /** The human whose choice is awaited now, or 0. */
  function humanToChoose(s: State): number {
    if (isOver(s)) return 0;
    if (isSimultaneous(s)) {
      for (let p = 1; p <= s.players; p++) if (isHuman(p) && joint[p] === undefined) return p;
      return 0;
    }
    return isHuman(s.toMove) ? s.toMove : 0;
  }

  function currentChoices(): { player: number; list: Choice[] } {
    const s = live();
    const p = humanToChoose(s);
    if (p === 0 || animating || posting || view !== null) return { player: p, list: [] };
    return { player: p, list: choices(game, s, p) };
  }

  /** Start holes of move k (1-based), read off its trace: marked on the board as the last move. */
  const startHoles = new Map<number, Set<number>>();
  function movedFrom(k: number): Set<number> {
    const m = moves[k - 1];
    if (!m) return new Set();
    const known = startHoles.get(k);
    if (known) return known;
    const ev: GameEvent[] = [];
    applyStored(game, states[k - 1]!.clone(), m, ev);
    const out = new Set<number>();
    for (const e of ev) {
      if (e.type === 'lift' || e.type === 'raceStart') out.add(e.hole);
      if (e.type === 'lift' || e.type === 'turnEnd' || e.type === 'raceTick') break;
    }
    startHoles.set(k, out);
    return out;
  }

  function decor(s: State, legal: ReadonlySet<number>, hot: ReadonlySet<number> = new Set()) {
    const last = movedFrom(view ?? moves.length);
    return { legal, hot, last, hint, landmarks: landmarks(game, s), markWord: words.mark, name };
  }

  function renderPlayers(v: BoardState, s: State): void {
    const hasStores = game.geometry.stores.length > 0;
    playersBar.replaceChildren(
      ...Array.from({ length: game.players }, (_, i) => {
        const p = i + 1;
        const active = !isOver(s) && (s.toMove === p || (isSimultaneous(s) && s.active[p]));
        const out = s.active[p] === 0;
        return h('div', { class: `player owner-${p}${active ? ' to-move' : ''}${out ? ' out' : ''}`, 'data-player': p },
          h('span', { class: `swatch owner-${p}` }),
          h('span', { class: 'pname' }, name(p), isHuman(p) && humans() === 1 && game.players > 1 ? h('span', { class: 'you' }, ` ${T.youMark}`) : null),
          h('span', { class: 'pile', title: hasStores ? T.store : T.hand, 'data-captured': v.captured[p] ?? 0 },
            `${v.captured[p] ?? 0} ${hasStores ? T.store : T.hand}`),
          (v.reserve[p] ?? 0) > 0 ? h('span', { class: 'pile reserve', 'data-reserve': v.reserve[p] }, `${v.reserve[p]} ${T.reserve}`) : null);
      }),
    );
  }

  function renderStatic(): void {
    const s = view === null ? live() : states[view]!;
    const { player, list } = currentChoices();
    const legal = new Set(view === null ? [...byHole(list).keys()] : []);
    const v = boardStateOf(s);
    board.render(v, decor(s, legal));
    renderPlayers(v, s);
    passBtn.hidden = !list.some((c) => c.kind === 'pass');
    concedeBtn.hidden = !list.some((c) => c.kind === 'concede');
    viewing.hidden = view === null;
    if (view !== null) viewing.textContent = T.viewingPly(view, moves.length);
    const l = live();
    title.textContent = `${game.ruleset.info.name} · ${T.round(l.round)}`;
    if (isOver(l)) status.textContent = T.matchOver;
    else if (animating) status.textContent = T.sowing;
    else if (thinking) status.textContent = T.thinking(isSimultaneous(l) ? T.theComputer : name(l.toMove));
    else if (player > 0) {
      const solo = humans() === 1;
      if (isSimultaneous(l)) status.textContent = solo ? T.chooseSolo : T.chooseFor(name(player));
      else status.textContent = solo ? T.yourTurnSolo : T.yourTurn(name(player));
    }
    else if (isSimultaneous(l)) status.textContent = T.everyoneChooses;
    else status.textContent = T.toMove(name(l.toMove));
    undoBtn.disabled = undoTarget() < 0 || animating || posting;
    hintBtn.disabled = player === 0 || animating || posting || view !== null;
    skipBtn.disabled = !animating;
    for (const b of Object.values(stepBtns)) b.disabled = animating;
    renderMoveList();
    renderResult();
    // For tests and assistive tools: what the page is waiting for.
    pageEl.dataset['ply'] = String(moves.length);
    pageEl.dataset['state'] = isOver(l) ? 'over' : animating || posting ? 'busy' : thinking ? 'thinking' : player > 0 ? 'human' : 'waiting';
  }

  function moveLabel(m: StoredMove, before: State): string {
    return m.joint ? m.move.split('|').map((t, k) => `${name(k + 1)} ${t}`).join(' · ') : `${name(before.toMove)}: ${m.move}`;
  }

  function renderMoveList(): void {
    moveList.replaceChildren(
      ...moves.map((m, i) => {
        const who = moveLabel(m, states[i]!);
        const current = (view ?? moves.length) === i + 1;
        return h('li', {},
          h('button', { class: `move${current ? ' current' : ''}`, 'aria-current': current ? 'step' : undefined, onclick: () => step(i + 1) }, who));
      }),
    );
    // Scroll the list itself, never the page (scrollIntoView would move a phone's view away from the board).
    const cur = moveList.querySelector<HTMLElement>('.current');
    if (cur) moveList.scrollTop = Math.max(0, cur.offsetTop - moveList.clientHeight / 2);
  }

  function renderResult(): void {
    const s = live();
    if (!isOver(s)) {
      result.hidden = true;
      return;
    }
    result.hidden = false;
    const reason = END_REASONS[s.endReason] ?? 'rules';
    fill(result,
      h('h2', {}, s.winner > 0 ? T.resultWin(name(s.winner)) : T.resultDraw),
      reason !== 'rules' && reason !== 'none' ? h('p', {}, endReasonText(reason)) : null,
      h('p', {}, `${T.scores}: `, Array.from({ length: game.players }, (_, i) => `${name(i + 1)} ${s.scores[i + 1]}`).join(', ')),
      h('a', { class: 'button primary', href: link(`/new/${game.ruleset.info.id}`) }, T.newGameAgain),
    );
  }

  function renderRules(): void {
    const prefix = game.ruleset.info.clausePrefix;
    const families = RULE_FAMILIES[prefix] ?? [prefix];
    const optionLines = game.ruleset.options.map((o) => {
      const v = game.options[o.name];
      const explain = o.kind === 'choice' ? o.explain[String(v)] : o.kind === 'boolean' ? o.explain[v ? 'true' : 'false'] : o.description;
      return h('li', {}, h('code', {}, `${o.name} = ${String(v)}`), ' ', explain ?? '');
    });
    rulesPanel.replaceChildren(
      h('summary', {}, h('h2', {}, T.rules)),
      h('p', { class: 'summary' }, game.ruleset.info.summary),
      h('p', { class: 'help' }, T.rulesIntro),
      ...families.map((f) => h('ul', { class: 'clauses' }, clausesOf(f).map((c) => h('li', { 'data-clause': c }, h('span', { class: 'refs' }, c), ' ', CLAUSES[c]!)))),
      h('h3', {}, T.options),
      h('ul', { class: 'in-effect' }, optionLines),
    );
  }

  function comment(text: string, rule?: string, cls = ''): void {
    if (!text) return;
    commentary.append(h('li', { class: cls }, text, ' ', ruleChip(rule)));
    while (commentary.childElementCount > 300) commentary.firstElementChild?.remove();
    commentary.scrollTop = commentary.scrollHeight;
  }

  function showRoundSummary(events: readonly GameEvent[]): void {
    const end = events.find((e): e is Extract<GameEvent, { type: 'roundEnd' }> => e.type === 'roundEnd');
    if (!end) return;
    const redis = events.find((e): e is Extract<GameEvent, { type: 'redistribute' }> => e.type === 'redistribute');
    summary.hidden = false;
    fill(summary,
      h('h2', {}, T.roundSummary(end.round)),
      h('p', {}, `${T.tally}: `, end.totals.slice(1).map((t, i) => `${name(i + 1)} ${t}`).join(', '), ' ', ruleChip(end.rule)),
      redis
        ? h('div', {},
            h('h3', {}, T.holesChange, ' ', ruleChip(redis.rule)),
            redis.changes.length
              ? h('ul', {}, redis.changes.map((c) => h('li', {}, T.holeMoves(c.hole, name(c.from), name(c.to)))))
              : h('p', {}, T.noHolesChange))
        : null,
      h('button', { onclick: () => (summary.hidden = true) }, T.continue),
    );
  }

  async function playEvents(before: State, events: GameEvent[]): Promise<void> {
    const v = boardStateOf(before);
    animating = true;
    skip = false;
    renderStatic();
    board.render(v, decor(before, new Set()));
    await animate(v, events, {
      delay: () => SPEEDS[speedSelect.value] ?? 0,
      skipped: () => skip || disposed,
      render: (bv, hot) => {
        board.render(bv, decor(before, new Set(), hot));
        renderPlayers(bv, before);
      },
      onEvent: (e) => comment(eventText(e, name, words), e.rule, e.type),
    });
    animating = false;
    showRoundSummary(events);
  }

  /** Posts a decision, animates its events, moves on. */
  async function submit(body: { code?: number; joint?: number[] }): Promise<void> {
    if (posting) return;
    posting = true;
    hint = new Set();
    message.textContent = '';
    const before = live();
    renderStatic();
    try {
      const reply = await api.move(id, { ply: moves.length, ...body });
      if (disposed) return;
      const s = before.clone();
      const m: StoredMove = { ply: reply.ply, move: reply.move, codes: reply.codes, joint: reply.joint };
      const ev: GameEvent[] = [];
      if (m.joint) game.applyJoint(s, m.codes, ev);
      else game.apply(s, m.codes[0]!, ev);
      moves.push(m);
      states.push(s);
      joint = [];
      comment(`${moves.length}. ${moveLabel(m, before)}`, undefined, 'move-head');
      posting = false;
      await playEvents(before, reply.events);
      if (reply.position.counts.join() !== Array.from(s.counts).join()) {
        // The page's engine and the server's disagree: trust the server and reload.
        await load();
        return;
      }
    } catch (e) {
      posting = false;
      joint = [];
      message.textContent = e instanceof ApiError ? T.serverError(e.code, e.message) : T.reconnect;
      if (e instanceof ApiError && e.status === 409) await load();
    }
    if (!disposed) {
      renderStatic();
      void next();
    }
  }

  /** Whoever is to decide next: the computer thinks in the worker; a person gets highlighted holes. */
  async function next(): Promise<void> {
    if (disposed || animating || posting || thinking) return;
    const s = live();
    renderStatic();
    if (isOver(s)) return;
    const at = moves.length;
    if (isSimultaneous(s)) {
      for (let p = 1; p <= s.players; p++) {
        if (isHuman(p) || joint[p] !== undefined) continue;
        thinking = true;
        renderStatic();
        const r = await thinker.think({ ruleset: doc.ruleset, options: doc.options, seed: doc.seed, moves, level: Number(seatOf(p).split(':')[1]), player: p });
        thinking = false;
        if (disposed || moves.length !== at) return;
        if ('error' in r) {
          message.textContent = r.error;
          return;
        }
        joint[p] = r.move;
      }
      await submitJointIfComplete();
      return;
    }
    if (isHuman(s.toMove)) return;
    thinking = true;
    renderStatic();
    const r = await thinker.think({ ruleset: doc.ruleset, options: doc.options, seed: doc.seed, moves, level: Number(seatOf(s.toMove).split(':')[1]), player: s.toMove });
    thinking = false;
    if (disposed || moves.length !== at) return;
    if ('error' in r) {
      message.textContent = r.error;
      renderStatic();
      return;
    }
    await submit({ code: r.move });
  }

  /** At a simultaneous node: sends the joint choice once every player has chosen (people and computers). */
  async function submitJointIfComplete(): Promise<void> {
    const s = live();
    let missing = false;
    let computerMissing = false;
    for (let p = 1; p <= s.players; p++) {
      if (joint[p] !== undefined) continue;
      missing = true;
      if (!isHuman(p)) computerMissing = true;
    }
    if (missing) {
      renderStatic();
      // Only a computer's missing choice starts the worker; a person's is awaited from a tap.
      if (computerMissing && !thinking) void next();
      return;
    }
    await submit({ joint: Array.from({ length: s.players }, (_, i) => joint[i + 1]!) });
  }

  async function choose(c: Choice, player: number): Promise<void> {
    popup.hidden = true;
    const s = live();
    if (isSimultaneous(s)) {
      joint[player] = c.move;
      await submitJointIfComplete();
      return;
    }
    await submit({ code: c.move });
  }

  function describe(c: Choice): string {
    const parts = [c.text];
    if (c.firstDrop >= 0) parts.push(T.firstDropInto(c.firstDrop));
    for (const t of c.takes) parts.push(T.takes(t.hole, t.count));
    return parts.join(' · ');
  }

  /** Why a tap cannot be played, in the engine's words where it has them. */
  function explainRefusal(hole: number, player: number, list: Choice[]): string {
    const s = live();
    const playable = [...byHole(list).keys()].sort((a, b) => a - b).join(', ') || T.noLegal;
    const rule = START_RULE[game.ruleset.info.clausePrefix] ?? '';
    // The engine's own reason, when its notation reads a bare hole number.
    const r = game.parseMove(s, String(hole));
    if (!r.ok && r.error.code === 'ERR_ILLEGAL_MOVE') {
      const m = r.error.message.replace(/\s*\(at [^)]*\)$/, '');
      return `${m.charAt(0).toUpperCase()}${m.slice(1)}${/legal/.test(m) ? '' : `. ${T.playable(playable)}`}`;
    }
    const owner = s.owners[hole]!;
    if (s.marks[hole]) return `${T.markedHole(hole, T.ownerOf(name(s.marks[hole]!)), words.mark)} ${T.playable(playable)}`;
    if (owner !== player) return `${T.notOwnHole(hole, owner ? T.ownerOf(name(owner)) : T.nobody)} ${T.playable(playable)} [${rule}]`;
    if (s.counts[hole] === 0) return `${T.emptyHole(hole)} ${T.playable(playable)}`;
    return `${T.illegalGeneric(hole, playable)} [${rule}: ${clauseText(rule)}]`;
  }

  function tap(hole: number): void {
    popup.hidden = true;
    message.textContent = '';
    if (view !== null) {
      message.textContent = T.viewingPly(view, moves.length);
      return;
    }
    if (animating || posting) {
      message.textContent = T.animating;
      return;
    }
    const s = live();
    if (isOver(s)) {
      message.textContent = T.matchOver;
      return;
    }
    const { player, list } = currentChoices();
    if (player === 0) {
      message.textContent = thinking || !isHuman(s.toMove) ? T.computerToMove : T.notYourTurn(name(s.toMove));
      return;
    }
    const group = byHole(list).get(hole);
    if (!group) {
      message.textContent = explainRefusal(hole, player, list);
      return;
    }
    if (group.length === 1) {
      void choose(group[0]!, player);
      return;
    }
    popup.hidden = false;
    popup.replaceChildren(
      h('p', {}, T.chooseHow(hole)),
      ...group.map((c) => h('button', { class: 'choice', 'data-move': c.text, onclick: () => void choose(c, player) }, describe(c))),
      h('button', { class: 'quiet', onclick: () => (popup.hidden = true) }, T.cancel),
    );
    (popup.querySelector('button') as HTMLButtonElement | null)?.focus();
  }

  async function tapSpecial(kind: 'pass' | 'concede'): Promise<void> {
    const { player, list } = currentChoices();
    const c = list.find((x) => x.kind === kind);
    if (c) await choose(c, player);
  }

  async function showHint(): Promise<void> {
    const s = live();
    const p = humanToChoose(s);
    if (p === 0) return;
    hintBtn.disabled = true;
    const r = await thinker.think({ ruleset: doc.ruleset, options: doc.options, seed: doc.seed, moves, level: 3, player: p });
    if (disposed) return;
    if ('error' in r) {
      message.textContent = r.error;
    } else {
      const c = choices(game, s, p).find((x) => x.move === r.move);
      hint = new Set(c && c.hole >= 0 ? [c.hole] : []);
      message.textContent = T.hintIs(c ? describe(c) : r.text);
    }
    renderStatic();
  }

  /** The last ply where a person was to decide: undo goes back to just before it. */
  function undoTarget(): number {
    for (let k = moves.length - 1; k >= 0; k--) {
      const s = states[k]!;
      if (isSimultaneous(s) ? doc.seats.some((x) => x === 'human') : isHuman(s.toMove)) return k;
    }
    return -1;
  }

  async function undo(): Promise<void> {
    const k = undoTarget();
    if (k < 0 || animating || posting) return;
    thinker.cancel();
    thinking = false;
    joint = [];
    try {
      await api.undo(id, k);
    } catch (e) {
      message.textContent = e instanceof ApiError ? T.serverError(e.code, e.message) : (e as Error).message;
    }
    await load();
  }

  function step(to: number | 'start' | 'live'): void {
    if (animating) return;
    let k: number;
    const cur = view ?? moves.length;
    if (to === 'start') k = 0;
    else if (to === 'live') k = moves.length;
    else if (to === 1 || to === -1) k = cur + to;
    else k = to;
    k = Math.max(0, Math.min(moves.length, k));
    view = k === moves.length ? null : k;
    popup.hidden = true;
    renderStatic();
  }

  async function load(): Promise<void> {
    try {
      doc = await api.getGame(id);
    } catch (e) {
      title.textContent = T.notFound;
      message.textContent = e instanceof ApiError ? T.serverError(e.code, e.message) : (e as Error).message;
      message.append(' ', h('a', { href: link('/') }, T.backHome));
      return;
    }
    if (disposed) return;
    const first = game === undefined;
    game = buildGame(doc.ruleset, doc.options);
    words = wordsFor(game.ruleset.info.clausePrefix);
    moves = doc.moves ?? [];
    states = positions(game, doc.seed, moves);
    startHoles.clear();
    view = null;
    joint = [];
    hint = new Set();
    if (first) {
      // A forced opening played inside newState (Abalala'e's race) is told in words.
      const opening: GameEvent[] = [];
      game.newState(doc.seed, opening);
      if (opening.length) {
        comment(T.opening, undefined, 'move-head');
        for (const e of opening) comment(eventText(e, name, words), e.rule, e.type);
      } else if (moves.length === 0) {
        const s0 = states[0]!;
        comment(isSimultaneous(s0) ? T.beginsRace : T.begins(name(s0.toMove)), undefined, 'move-head');
      }
      // A resumed game: tell its last move again, so the commentary is never blank.
      const lastMove = moves[moves.length - 1];
      if (lastMove) {
        const ev: GameEvent[] = [];
        applyStored(game, states[moves.length - 1]!.clone(), lastMove, ev);
        comment(`${moves.length}. ${moveLabel(lastMove, states[moves.length - 1]!)}`, undefined, 'move-head');
        for (const e of ev) comment(eventText(e, name, words), e.rule, e.type);
      }
      board = new Board(boardBox, game.geometry, game.players, tap);
      boardBox.setAttribute('data-ruleset', game.ruleset.info.id);
      renderRules();
    }
    renderStatic();
    void next();
  }

  const onKey = (e: KeyboardEvent): void => {
    if (e.key === 'Escape') popup.hidden = true;
  };
  document.addEventListener('keydown', onKey);
  void load();
  return () => {
    disposed = true;
    thinker.stop();
    document.removeEventListener('keydown', onKey);
  };
}
