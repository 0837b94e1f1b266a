/**
 * The new-game screen, in the player's words and language: the game with its summary, sources
 * and a "Learn to play" link; the players (how many, a person on this device, a friend invited by
 * a link, or the computer at a level), who starts, and the clock; then "The rules": the length
 * of the match, the readings the game will be played by, said as sentences, and, closed by
 * default, "Advanced (rule readings)": every other option as a question with an answer per
 * value (the default marked, a changed one marked too, a button to reset them), each with its
 * option name in code and the clauses it settles, for the researchers and the tools. A game
 * with an invited seat is played online: its page shows the invite links until the friends
 * join. The options are the ruleset's own `OptionSpec`s and their words the catalogue's
 * (option-words.ts); the screen only lays them out.
 */
import { defaultOptions, type OptionSpec, type OptionValue, type Ruleset } from '@gabata/engine/core';
import { RULESETS } from '@gabata/engine/games';
import { api, ApiError, type NewGame } from './api.js';
import { h } from './dom.js';
import { rememberInvites, rememberSeats } from './identity.js';
import { createLocalGame } from './offline-store.js';
import { OFFLINE_TEXT, flushOutbox, registerOffline } from './pwa.js';
import { go, link } from './router.js';
import {
  advancedSection,
  type FieldContext,
  MATCH_OPTIONS,
  optionField,
  PLAYER_OPTIONS,
  ruleLines,
  showChanges,
} from './newgame-options.js';
import { I18N, T } from './text.js';

/** The ruleset's sources: author, year and title as they are published; the pages in the page's language. */
function sourceLines(r: Ruleset): HTMLElement[] {
  return r.info.sources.map((s) =>
    h(
      'div',
      { class: 'source-line' },
      h('span', { class: 'biblio', lang: 'en' }, `${s.author} ${s.year}, ${s.title}`),
      s.pages ? `, ${I18N.t('options.pages', { pages: s.pages })}` : null,
      s.note ? [' ', h('span', { class: 'biblio note', lang: 'en' }, `(${s.note})`)] : null,
    ),
  );
}

/** The ruleset cards; picking one calls `onPick`. */
function rulesetCards(current: Ruleset, onPick: (r: Ruleset) => void): HTMLElement {
  return h(
    'div',
    { class: 'rulesets', role: 'radiogroup', 'aria-label': T.chooseRuleset },
    RULESETS.map((r) =>
      h(
        'label',
        { class: `ruleset-card${r === current ? ' selected' : ''}`, 'data-ruleset': r.info.id },
        h('input', { type: 'radio', name: 'ruleset', value: r.info.id, checked: r === current, onchange: () => onPick(r) }),
        h('strong', {}, T.rulesetName(r.info)),
        h('span', { class: 'meta' }, T.rulesetRegion(r.info)),
      ),
    ),
  );
}

/** The ruleset: what it is, where it is played, where its rules come from, and a way to learn it. */
function rulesetDetails(ruleset: Ruleset): HTMLElement {
  const info = ruleset.info;
  return h(
    'div',
    { class: 'ruleset-info' },
    h('p', { class: 'summary' }, T.rulesetSummary(info)),
    h(
      'p',
      { class: 'learn' },
      h('a', { class: 'learn-link', href: link(`/learn/${info.id}`) }, I18N.t('options.learn')),
      ' ',
      h('span', { class: 'help' }, I18N.t('options.learnHelp')),
    ),
    h('dl', {}, h('dt', {}, T.region), h('dd', {}, T.rulesetRegion(info)), h('dt', {}, T.source), h('dd', {}, sourceLines(ruleset))),
  );
}

/** One row per seat: a person here, a friend (invite) or the computer at a level; `seats` is edited in place. */
function seatRows(n: number, seats: string[]): HTMLElement[] {
  while (seats.length < n) seats.push('computer:2');
  return Array.from({ length: n }, (_, i) =>
    h(
      'label',
      { class: 'seat', 'data-seat': i + 1 },
      h('span', { class: `swatch owner-${i + 1}` }),
      T.seat(i + 1),
      ' ',
      h(
        'select',
        { name: `seat${i + 1}`, onchange: (e: Event) => (seats[i] = (e.target as HTMLSelectElement).value) },
        h('option', { value: 'human', selected: seats[i] === 'human' }, T.seatHuman),
        h('option', { value: 'invite', selected: seats[i] === 'invite' }, T.seatInvite),
        [1, 2, 3, 4, 5].map((l) => h('option', { value: `computer:${l}`, selected: seats[i] === `computer:${l}` }, T.seatComputer(l))),
      ),
    ),
  );
}

/** The clock presets: base minutes + increment seconds. */
export const CLOCK_PRESETS: readonly (readonly [number, number])[] = [
  [5, 3],
  [10, 5],
  [30, 20],
];

/** The clock choice: none (correspondence), a preset, or custom minutes and seconds; `clock` is edited in place. */
function clockField(clock: { value: string; base: number; inc: number }): HTMLElement {
  const custom = h(
    'span',
    { class: 'clock-custom', hidden: clock.value !== 'custom' },
    h(
      'label',
      {},
      `${T.clockBase} `,
      h('input', {
        type: 'number',
        name: 'clockBase',
        min: 1,
        max: 600,
        value: String(clock.base),
        onchange: (e: Event) => (clock.base = Math.max(1, Math.min(600, Number((e.target as HTMLInputElement).value) || 1))),
      }),
    ),
    ' ',
    h(
      'label',
      {},
      `${T.clockIncrement} `,
      h('input', {
        type: 'number',
        name: 'clockIncrement',
        min: 0,
        max: 600,
        value: String(clock.inc),
        onchange: (e: Event) => (clock.inc = Math.max(0, Math.min(600, Number((e.target as HTMLInputElement).value) || 0))),
      }),
    ),
  );
  const select = h(
    'select',
    {
      name: 'clock',
      onchange: (e: Event) => {
        clock.value = (e.target as HTMLSelectElement).value;
        custom.hidden = clock.value !== 'custom';
      },
    },
    h('option', { value: 'none', selected: clock.value === 'none' }, T.clockNone),
    CLOCK_PRESETS.map(([b, i]) => h('option', { value: `${b}+${i}`, selected: clock.value === `${b}+${i}` }, T.clockPreset(b, i))),
    h('option', { value: 'custom', selected: clock.value === 'custom' }, T.clockCustom),
  );
  return h('div', { class: 'clock-field' }, h('label', {}, `${T.clock} `, select), ' ', custom);
}

/** The clock of the request body, or undefined for none. */
function clockOf(clock: { value: string; base: number; inc: number }): NewGame['clock'] {
  if (clock.value === 'none') return undefined;
  const [b, i] = clock.value === 'custom' ? [clock.base, clock.inc] : clock.value.split('+').map(Number);
  return { baseMs: b! * 60_000, incrementMs: i! * 1000 };
}

/** Asks the server for the game and opens it (with its invite links, if any); a refusal is shown in `msg`. */
async function startGame(body: NewGame, seedText: string, msg: HTMLElement): Promise<void> {
  msg.textContent = '';
  try {
    const { game, invites } = await api.createGame(seedText === '' ? body : { ...body, seed: Number(seedText) });
    rememberSeats(
      game.id,
      body.seats.flatMap((k, i) => (k === 'human' ? [i + 1] : [])),
    );
    if (invites.length) rememberInvites(game.id, invites);
    go(`/game/${game.id}`);
  } catch (e) {
    if (e instanceof ApiError && e.code === 'ERR_OFFLINE') return startLocalGame(body, seedText, msg);
    msg.textContent = e instanceof ApiError ? T.serverError(e.code, e.message) : (e as Error).message;
  }
}

/**
 * No server: a game with nobody invited is kept on this device (offline-store.ts) and sent to the
 * server when it can be reached; an invitation needs the server, and says so.
 */
async function startLocalGame(body: NewGame, seedText: string, msg: HTMLElement): Promise<void> {
  if (body.seats.includes('invite') || body.clock) {
    // Invitations and clocks are the server's: a local game has neither.
    msg.textContent = body.clock ? OFFLINE_TEXT.clockNeedsConnection : OFFLINE_TEXT.inviteNeedsConnection;
    return;
  }
  try {
    const local = { ruleset: body.ruleset, options: body.options, seats: body.seats };
    const g = await createLocalGame(seedText === '' ? local : { ...local, seed: Number(seedText) });
    go(`/game/${g.id}`);
    // The server may only be down while the browser is online: the outbox keeps trying.
    void flushOutbox();
  } catch (e) {
    msg.textContent = e instanceof ApiError ? T.serverError(e.code, e.message) : (e as Error).message;
  }
}

/** `#/new/<id>` for a game the app does not know: says so and lists the games there are. */
function unknownRulesetPage(id: string): HTMLElement {
  return h(
    'section',
    { class: 'panel unknown-ruleset', 'data-state': 'unknown' },
    h('h1', {}, T.unknownRuleset, ' ', h('code', {}, id)),
    h('p', {}, T.pickRuleset),
    h(
      'ul',
      { class: 'ruleset-links' },
      RULESETS.map((r) => h('li', {}, h('a', { href: link(`/new/${r.info.id}`) }, T.rulesetName(r.info)), ` · ${T.rulesetRegion(r.info)}`)),
    ),
    h('p', {}, h('a', { href: link('/') }, T.backHome)),
  );
}

/** What the Players section holds besides its options. */
interface PlayersParts {
  readonly n: number;
  readonly seats: string[];
  readonly clock: Parameters<typeof clockField>[0];
  readonly seed: HTMLElement;
  /** The start button (also at the end of the form: the rules between them are long on a phone). */
  readonly start: HTMLElement;
}

/** The Players section: how many, a seat row each, who starts, the clock, the seed and the start button. */
function playersSection(ctx: FieldContext, p: PlayersParts): HTMLElement {
  const spec = (name: string): OptionSpec | undefined => ctx.ruleset.options.find((o) => o.name === name);
  const playerSpec = spec('players');
  const first = spec('firstPlayer');
  // Player 3 starts only a three-player game: the choice is not offered to two.
  const starter =
    first?.kind === 'choice'
      ? { ...first, values: first.values.filter((v) => !/^P\d$/.test(v) || Number(v.slice(1)) <= p.n) }
      : spec('openingMode');
  return h(
    'section',
    { class: 'panel players' },
    h('h2', {}, T.players),
    playerSpec ? optionField(ctx, playerSpec, false) : null,
    seatRows(p.n, p.seats),
    h('h3', {}, T.whoStarts),
    starter ? optionField(ctx, starter, false) : h('p', { class: 'help' }, T.raceStarts),
    clockField(p.clock),
    h('label', { class: 'seed' }, T.seed, ' ', p.seed),
    h('div', { class: 'start-row' }, p.start),
  );
}

export function newGamePage(root: HTMLElement, params: string[]): void {
  registerOffline();
  if (params[0] !== undefined && !RULESETS.some((r) => r.info.id === params[0])) {
    root.append(unknownRulesetPage(params[0]));
    return;
  }
  let ruleset: Ruleset = RULESETS.find((r) => r.info.id === params[0]) ?? RULESETS[0]!;
  let values: Record<string, OptionValue> = defaultOptions(ruleset.options);
  let preset = '';
  let advancedOpen = false;
  const seats: string[] = ['human', 'computer:2', 'computer:2'];
  const clock = { value: 'none', base: 15, inc: 10 };
  const form = h('form', { class: 'newgame', onsubmit: (e: Event) => e.preventDefault() });
  const msg = h('p', { class: 'message error', role: 'alert' });
  /** The players' own choices (how many, who starts, how long), kept when the readings change. */
  const playersChoices = (): Record<string, OptionValue> =>
    Object.fromEntries(Object.entries(values).filter(([k]) => PLAYER_OPTIONS.has(k) || MATCH_OPTIONS.has(k)));

  const pickRuleset = (r: Ruleset): void => {
    ruleset = r;
    values = defaultOptions(r.options);
    preset = '';
    history.replaceState(null, '', `#/new/${r.info.id}`);
    render();
  };
  const pickPreset = (name: string): void => {
    preset = name;
    values = { ...defaultOptions(ruleset.options), ...playersChoices(), ...(preset ? ruleset.presets[preset] : {}) };
    render();
    form.querySelector<HTMLElement>('select[name="preset"]')?.focus();
  };
  const reset = (): void => {
    values = { ...defaultOptions(ruleset.options), ...playersChoices() };
    preset = '';
    render();
    form.querySelector<HTMLElement>('details.advanced summary')?.focus();
  };
  const ctx = (): FieldContext => ({
    ruleset,
    values,
    set: (name, v) => {
      values[name] = v;
      // The player count changes the seats: the form is drawn again, the focus put back.
      if (name === 'players') {
        const first = ruleset.options.find((o) => o.name === 'firstPlayer');
        if (first && /^P\d$/.test(String(values['firstPlayer'])) && Number(String(values['firstPlayer']).slice(1)) > Number(v)) {
          values['firstPlayer'] = first.default;
        }
        render();
        form.querySelector<HTMLElement>('input[name="players"]')?.focus();
      } else showChanges(form, ctx());
    },
  });

  const render = (): void => {
    const created = ruleset.create({ ...values });
    const players = created.ok ? created.value.players : created.error.message;
    const n = typeof players === 'number' ? players : 2;
    const c = ctx();
    const seedInput = h('input', { type: 'number', min: 0, max: 4294967295, name: 'seed', placeholder: '—' });
    const start = (): Promise<void> =>
      startGame(
        { ruleset: ruleset.info.id, options: values, seats: seats.slice(0, n), clock: clockOf(clock) },
        seedInput.value.trim(),
        msg,
      );
    const startButton = (): HTMLButtonElement =>
      h('button', { class: 'primary big', type: 'submit', disabled: typeof players !== 'number', onclick: start }, T.start);
    const rules = h(
      'section',
      { class: 'panel options' },
      h('h2', {}, I18N.t('options.rulesTitle')),
      h('p', { class: 'help' }, I18N.t('options.rulesIntro')),
      ruleset.options.filter((o) => MATCH_OPTIONS.has(o.name)).map((o) => optionField(c, o, false)),
      h('ul', { class: 'rule-lines' }, ruleLines(c)),
      advancedSection(c, { open: advancedOpen, preset, onToggle: (o) => (advancedOpen = o), onPreset: pickPreset, onReset: reset }),
    );
    if (typeof players !== 'number') msg.textContent = players;
    form.replaceChildren(
      h('section', { class: 'panel' }, h('h2', {}, T.chooseRuleset), rulesetCards(ruleset, pickRuleset), rulesetDetails(ruleset)),
      playersSection(c, { n, seats, clock, seed: seedInput, start: startButton() }),
      rules,
      h('div', { class: 'start-row end' }, startButton(), msg),
    );
  };
  render();
  root.append(h('h1', {}, T.newGame), form);
}
