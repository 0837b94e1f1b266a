/**
 * The new-game screen: the ruleset with its provenance, every rule option with a line for each
 * reading (the default marked), the seats (a person on this device, a friend invited by a link,
 * or the computer at a level), who starts, and the clock (none, a preset or custom). A game with
 * an invited seat is played online: its page shows the invite links until the friends join. The
 * options are the ruleset's own `OptionSpec`s; the screen only lays them out.
 */
import type { Ruleset } from '../core/game.js';
import type { OptionSpec, OptionValue } from '../core/options.js';
import { defaultOptions } from '../core/options.js';
import { RULESETS } from '../games/index.js';
import { api, ApiError, type NewGame } from './api.js';
import { h } from './dom.js';
import { rememberInvites, rememberSeats } from './identity.js';
import { createLocalGame } from './offline-store.js';
import { OFFLINE_TEXT, flushOutbox, registerOffline } from './pwa.js';
import { go, link } from './router.js';
import { T } from './text.js';

/** Options shown in the Players section rather than among the rule options. */
const PLAYER_OPTIONS = new Set(['players', 'firstPlayer']);

function sourceLine(r: Ruleset): string[] {
  return r.info.sources.map((s) => `${s.author} ${s.year}, ${s.title}${s.pages ? `, pp. ${s.pages}` : ''}${s.note ? ` (${s.note})` : ''}`);
}

function optionField(spec: OptionSpec, value: OptionValue, onChange: (v: OptionValue) => void): HTMLElement {
  const refs = spec.refs?.length ? h('span', { class: 'refs' }, spec.refs.join(', ')) : null;
  const legend = h('legend', {}, h('code', {}, spec.name), ' ', spec.description, ' ', refs);
  if (spec.kind === 'integer') {
    const input = h('input', {
      type: 'number',
      min: spec.min,
      max: spec.max,
      value: String(value),
      name: spec.name,
      'aria-describedby': `help-${spec.name}`,
      onchange: (e: Event) => {
        const t = e.target as HTMLInputElement;
        const v = Math.round(Number(t.value));
        if (Number.isFinite(v)) onChange(Math.min(spec.max, Math.max(spec.min, v)));
      },
    });
    return h(
      'fieldset',
      { class: 'option', 'data-option': spec.name },
      legend,
      h(
        'label',
        { class: 'int' },
        input,
        h('span', { id: `help-${spec.name}`, class: 'explain' }, `${T.integerRange(spec.min, spec.max)}; ${T.defaultMark} ${spec.default}`),
      ),
    );
  }
  const values: OptionValue[] = spec.kind === 'choice' ? [...spec.values] : [true, false];
  const explain = (v: OptionValue): string =>
    spec.kind === 'choice' ? (spec.explain[String(v)] ?? '') : spec.explain[v ? 'true' : 'false'];
  return h(
    'fieldset',
    { class: 'option', 'data-option': spec.name },
    legend,
    values.map((v) =>
      h(
        'label',
        { class: 'choice' },
        h('input', { type: 'radio', name: `opt-${spec.name}`, value: String(v), checked: v === value, onchange: () => onChange(v) }),
        h('span', { class: 'value' }, h('code', {}, String(v)), v === spec.default ? h('span', { class: 'default' }, T.defaultMark) : null),
        h('span', { class: 'explain' }, explain(v)),
      ),
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

/** The ruleset's provenance: summary, region, sources, and the readings that are our reconstructions. */
function rulesetDetails(ruleset: Ruleset): HTMLElement {
  const info = ruleset.info;
  return h(
    'div',
    { class: 'ruleset-info' },
    h('p', { class: 'summary' }, T.rulesetSummary(info)),
    h(
      'dl',
      {},
      h('dt', {}, T.region),
      h('dd', {}, T.rulesetRegion(info)),
      h('dt', {}, T.source),
      h(
        'dd',
        {},
        sourceLine(ruleset).map((l) => h('div', {}, l)),
      ),
    ),
    info.reconstructions.length
      ? h(
          'details',
          { class: 'reconstructions' },
          h('summary', {}, T.reconstructed),
          h(
            'ul',
            {},
            info.reconstructions.map((x) =>
              h(
                'li',
                {},
                h('span', { class: 'refs' }, x.ref),
                ' ',
                x.text,
                x.option ? h('code', {}, ` ${x.option}`) : null,
                x.confidence ? h('span', { class: `confidence ${x.confidence}` }, ` (${x.confidence})`) : null,
              ),
            ),
          ),
        )
      : null,
  );
}

/** The ruleset's presets, if it has any; picking one calls `onPick` ('' = none). */
function presetField(ruleset: Ruleset, preset: string, onPick: (name: string) => void): HTMLElement | null {
  const names = Object.keys(ruleset.presets);
  if (!names.length) return null;
  return h(
    'label',
    { class: 'preset' },
    `${T.presets}: `,
    h(
      'select',
      { onchange: (e: Event) => onPick((e.target as HTMLSelectElement).value) },
      h('option', { value: '' }, T.presetNone),
      names.map((p) => h('option', { value: p, selected: p === preset }, p)),
    ),
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

export function newGamePage(root: HTMLElement, params: string[]): void {
  registerOffline();
  if (params[0] !== undefined && !RULESETS.some((r) => r.info.id === params[0])) {
    root.append(unknownRulesetPage(params[0]));
    return;
  }
  let ruleset: Ruleset = RULESETS.find((r) => r.info.id === params[0]) ?? RULESETS[0]!;
  let values: Record<string, OptionValue> = defaultOptions(ruleset.options);
  let preset = '';
  const seats: string[] = ['human', 'computer:2', 'computer:2'];
  const clock = { value: 'none', base: 15, inc: 10 };
  const form = h('form', { class: 'newgame', onsubmit: (e: Event) => e.preventDefault() });
  const msg = h('p', { class: 'message error', role: 'alert' });

  const pickRuleset = (r: Ruleset): void => {
    ruleset = r;
    values = defaultOptions(r.options);
    preset = '';
    history.replaceState(null, '', `#/new/${r.info.id}`);
    render();
  };
  const pickPreset = (name: string): void => {
    preset = name;
    values = { ...defaultOptions(ruleset.options), ...(preset ? ruleset.presets[preset] : {}) };
    render();
  };
  // Only the player count changes the layout (the seats); other choices just record the value.
  const set = (name: string) => (v: OptionValue) => {
    values[name] = v;
    if (name === 'players') render();
  };
  const field = (o: OptionSpec): HTMLElement => optionField(o, values[o.name] ?? o.default, set(o.name));

  const render = (): void => {
    const created = ruleset.create({ ...values });
    const players = created.ok ? created.value.players : created.error.message;
    const rules = ruleset.options.filter((o) => !PLAYER_OPTIONS.has(o.name));
    const guards = rules.filter((o) => o.kind === 'integer');
    const optionsSection = h(
      'section',
      { class: 'panel options' },
      h('h2', {}, T.options),
      h('p', { class: 'help' }, T.optionsHelp),
      presetField(ruleset, preset, pickPreset),
      rules.filter((o) => o.kind !== 'integer').map(field),
      guards.length ? h('details', { class: 'guards', open: true }, h('summary', {}, T.guardOptions), guards.map(field)) : null,
    );
    const playerSpec = ruleset.options.find((o) => o.name === 'players');
    const firstSpec = ruleset.options.find((o) => o.name === 'firstPlayer');
    const n = typeof players === 'number' ? players : 2;
    const seedInput = h('input', { type: 'number', min: 0, max: 4294967295, name: 'seed', placeholder: '—' });
    const start = (): Promise<void> =>
      startGame(
        { ruleset: ruleset.info.id, options: values, seats: seats.slice(0, n), clock: clockOf(clock) },
        seedInput.value.trim(),
        msg,
      );
    const startButton = (): HTMLButtonElement =>
      h('button', { class: 'primary big', type: 'submit', disabled: typeof players !== 'number', onclick: start }, T.start);
    const playersSection = h(
      'section',
      { class: 'panel players' },
      h('h2', {}, T.players),
      playerSpec ? field(playerSpec) : null,
      seatRows(n, seats),
      h('h3', {}, T.whoStarts),
      firstSpec ? field(firstSpec) : h('p', { class: 'help' }, T.raceStarts),
      clockField(clock),
      h('label', { class: 'seed' }, T.seed, ' ', seedInput),
      h('div', { class: 'start-row' }, startButton()),
    );
    if (typeof players !== 'number') msg.textContent = players;
    form.replaceChildren(
      h('section', { class: 'panel' }, h('h2', {}, T.chooseRuleset), rulesetCards(ruleset, pickRuleset), rulesetDetails(ruleset)),
      playersSection,
      optionsSection,
      h('div', { class: 'start-row end' }, startButton(), msg),
    );
  };
  render();
  root.append(h('h1', {}, T.newGame), form);
}
