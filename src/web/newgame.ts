/**
 * The new-game screen: the ruleset with its provenance, every rule option with a line for each
 * reading (the default marked), the seats (a person on this device or the computer at a level),
 * and who starts. The options are the ruleset's own `OptionSpec`s; the screen only lays them out.
 */
import type { Ruleset } from '../core/game.js';
import type { OptionSpec, OptionValue } from '../core/options.js';
import { defaultOptions } from '../core/options.js';
import { RULESETS } from '../games/index.js';
import { api, ApiError } from './api.js';
import { h } from './dom.js';
import { go } from './router.js';
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
    return h('fieldset', { class: 'option', 'data-option': spec.name }, legend,
      h('label', { class: 'int' }, input,
        h('span', { id: `help-${spec.name}`, class: 'explain' }, `${T.integerRange(spec.min, spec.max)}; ${T.defaultMark} ${spec.default}`)));
  }
  const values: OptionValue[] = spec.kind === 'choice' ? [...spec.values] : [true, false];
  const explain = (v: OptionValue): string => (spec.kind === 'choice' ? spec.explain[String(v)] ?? '' : spec.explain[v ? 'true' : 'false']);
  return h('fieldset', { class: 'option', 'data-option': spec.name }, legend,
    values.map((v) =>
      h('label', { class: 'choice' },
        h('input', { type: 'radio', name: `opt-${spec.name}`, value: String(v), checked: v === value, onchange: () => onChange(v) }),
        h('span', { class: 'value' }, h('code', {}, String(v)), v === spec.default ? h('span', { class: 'default' }, T.defaultMark) : null),
        h('span', { class: 'explain' }, explain(v))),
    ),
  );
}

export function newGamePage(root: HTMLElement, params: string[]): void {
  let ruleset: Ruleset = RULESETS.find((r) => r.info.id === params[0]) ?? RULESETS[0]!;
  let values: Record<string, OptionValue> = defaultOptions(ruleset.options);
  let preset = '';
  let seats: string[] = ['human', 'computer:2', 'computer:2'];
  const form = h('form', { class: 'newgame', onsubmit: (e: Event) => e.preventDefault() });
  const msg = h('p', { class: 'message error', role: 'alert' });

  const playersOf = (): number | string => {
    const given: Record<string, unknown> = { ...values };
    const g = ruleset.create(given);
    return g.ok ? g.value.players : g.error.message;
  };

  const render = (): void => {
    const players = playersOf();
    const rulesetCards = h('div', { class: 'rulesets', role: 'radiogroup', 'aria-label': T.chooseRuleset },
      RULESETS.map((r) =>
        h('label', { class: `ruleset-card${r === ruleset ? ' selected' : ''}`, 'data-ruleset': r.info.id },
          h('input', {
            type: 'radio', name: 'ruleset', value: r.info.id, checked: r === ruleset,
            onchange: () => {
              ruleset = r;
              values = defaultOptions(r.options);
              preset = '';
              history.replaceState(null, '', `#/new/${r.info.id}`);
              render();
            },
          }),
          h('strong', {}, r.info.name),
          h('span', { class: 'meta' }, r.info.region))),
    );
    const info = ruleset.info;
    const details = h('div', { class: 'ruleset-info' },
      h('p', { class: 'summary' }, info.summary),
      h('dl', {},
        h('dt', {}, T.region), h('dd', {}, info.region),
        h('dt', {}, T.source), h('dd', {}, sourceLine(ruleset).map((l) => h('div', {}, l)))),
      info.reconstructions.length
        ? h('details', { class: 'reconstructions' },
            h('summary', {}, T.reconstructed),
            h('ul', {}, info.reconstructions.map((x) =>
              h('li', {}, h('span', { class: 'refs' }, x.ref), ' ', x.text, x.option ? h('code', {}, ` ${x.option}`) : null,
                x.confidence ? h('span', { class: `confidence ${x.confidence}` }, ` (${x.confidence})`) : null))))
        : null);
    const presetNames = Object.keys(ruleset.presets);
    const presetField = presetNames.length
      ? h('label', { class: 'preset' }, `${T.presets}: `,
          h('select', {
            onchange: (e: Event) => {
              preset = (e.target as HTMLSelectElement).value;
              values = { ...defaultOptions(ruleset.options), ...(preset ? ruleset.presets[preset] : {}) };
              render();
            },
          }, h('option', { value: '' }, T.presetNone), presetNames.map((p) => h('option', { value: p, selected: p === preset }, p))))
      : null;
    const rules = ruleset.options.filter((o) => !PLAYER_OPTIONS.has(o.name));
    const main = rules.filter((o) => o.kind !== 'integer');
    const guards = rules.filter((o) => o.kind === 'integer');
    // Only the player count changes the layout (the seats); other choices just record the value.
    const set = (name: string) => (v: OptionValue) => {
      values[name] = v;
      if (name === 'players') render();
    };
    const optionsSection = h('section', { class: 'panel options' },
      h('h2', {}, T.options),
      h('p', { class: 'help' }, T.optionsHelp),
      presetField,
      main.map((o) => optionField(o, values[o.name] ?? o.default, set(o.name))),
      guards.length ? h('details', { class: 'guards', open: true }, h('summary', {}, T.guardOptions), guards.map((o) => optionField(o, values[o.name] ?? o.default, set(o.name)))) : null);

    const playerSpec = ruleset.options.find((o) => o.name === 'players');
    const firstSpec = ruleset.options.find((o) => o.name === 'firstPlayer');
    const n = typeof players === 'number' ? players : 2;
    while (seats.length < n) seats.push('computer:2');
    const seatRows = Array.from({ length: n }, (_, i) =>
      h('label', { class: 'seat', 'data-seat': i + 1 },
        h('span', { class: `swatch owner-${i + 1}` }), T.seat(i + 1), ' ',
        h('select', {
          name: `seat${i + 1}`,
          onchange: (e: Event) => {
            seats[i] = (e.target as HTMLSelectElement).value;
          },
        },
          h('option', { value: 'human', selected: seats[i] === 'human' }, T.seatHuman),
          [1, 2, 3, 4, 5].map((l) => h('option', { value: `computer:${l}`, selected: seats[i] === `computer:${l}` }, T.seatComputer(l))))),
    );
    const seedInput = h('input', { type: 'number', min: 0, max: 4294967295, name: 'seed', placeholder: '—' });
    const startGame = async (): Promise<void> => {
      msg.textContent = '';
      const seedText = seedInput.value.trim();
      try {
        const body: { ruleset: string; options: Record<string, unknown>; seats: string[]; seed?: number } = {
          ruleset: ruleset.info.id,
          options: values,
          seats: seats.slice(0, n),
        };
        if (seedText !== '') body.seed = Number(seedText);
        const g = await api.createGame(body);
        go(`/game/${g.id}`);
      } catch (e) {
        msg.textContent = e instanceof ApiError ? T.serverError(e.code, e.message) : (e as Error).message;
      }
    };
    const startButton = (): HTMLButtonElement =>
      h('button', { class: 'primary big', type: 'submit', disabled: typeof players !== 'number', onclick: startGame }, T.start);
    const playersSection = h('section', { class: 'panel players' },
      h('h2', {}, T.players),
      playerSpec ? optionField(playerSpec, values['players'] ?? playerSpec.default, set('players')) : null,
      seatRows,
      h('h3', {}, T.whoStarts),
      firstSpec ? optionField(firstSpec, values['firstPlayer'] ?? firstSpec.default, set('firstPlayer')) : h('p', { class: 'help' }, T.raceStarts),
      h('label', { class: 'seed' }, T.seed, ' ', seedInput),
      h('div', { class: 'start-row' }, startButton()));
    if (typeof players !== 'number') msg.textContent = players;
    form.replaceChildren(
      h('section', { class: 'panel' }, h('h2', {}, T.chooseRuleset), rulesetCards, details),
      playersSection,
      optionsSection,
      h('div', { class: 'start-row end' }, startButton(), msg),
    );
  };
  render();
  root.append(h('h1', {}, T.newGame), form);
}
