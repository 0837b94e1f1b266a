/**
 * The options of the new-game screen (newgame.ts): each option of a ruleset as a question with an
 * answer per value (or a number), in the page's language; the rules said as sentences; and the
 * "Advanced (rule readings)" section with its presets, its reset and the marks of what changed.
 * The options are the ruleset's own `OptionSpec`s and their words the catalogue's (option-words.ts).
 */
import { type OptionSpec, type OptionValue, optionValueWords, type Reconstruction, type Ruleset } from '@gabata/engine/core';
import { h } from './dom.js';
import { GUARD_OPTIONS, optionLabel, pickValues, valueWords } from './option-words.js';
import { clauseText, I18N, T } from './text.js';

/** Options the Players section asks about: how many, and who makes the first move. */
export const PLAYER_OPTIONS: ReadonlySet<string> = new Set(['players', 'firstPlayer', 'openingMode']);
/** Options players choose for themselves, at the top of "The rules": the length of the match. */
export const MATCH_OPTIONS: ReadonlySet<string> = new Set(['rounds']);

/** Options under "Advanced": the readings of the rules and the limits against endless play. */
function advancedSpecs(r: Ruleset): OptionSpec[] {
  return r.options.filter((o) => !PLAYER_OPTIONS.has(o.name) && !MATCH_OPTIONS.has(o.name));
}

const num = (n: number): string => I18N.formatNumber(n);

/** The question an option settles, in the page's language (the spec's English as a last resort). */
function labelOf(r: Ruleset, spec: OptionSpec): string {
  return optionLabel(I18N, r.info.id, spec) ?? spec.question;
}

/** The answer a value gives, in the page's language (the spec's English as a last resort). */
function wordsOf(r: Ruleset, spec: OptionSpec, v: OptionValue): string {
  return valueWords(I18N, r.info.id, spec, v) ?? optionValueWords(spec, v) ?? String(v);
}

/** What the page needs to draw and change an option. */
export interface FieldContext {
  readonly ruleset: Ruleset;
  readonly values: Readonly<Record<string, OptionValue>>;
  /** Records a new value of an option. */
  set(name: string, v: OptionValue): void;
}

/** The clause ids an option settles, small (identifiers, the same in every language). */
const refsOf = (spec: OptionSpec): HTMLElement | null => (spec.refs?.length ? h('span', { class: 'refs' }, spec.refs.join(', ')) : null);

/** One radio per value: its answer, the default marked, and (under Advanced) the value's name. */
function choiceInputs(ctx: FieldContext, spec: OptionSpec, technical: boolean): HTMLElement[] {
  const value = ctx.values[spec.name] ?? spec.default;
  return pickValues(spec).map((v) =>
    h(
      'label',
      { class: 'choice' },
      h('input', {
        type: 'radio',
        name: `opt-${spec.name}`,
        value: String(v),
        checked: v === value,
        onchange: () => ctx.set(spec.name, v),
      }),
      h(
        'span',
        { class: 'value' },
        h('span', { class: 'words' }, wordsOf(ctx.ruleset, spec, v)),
        v === spec.default ? h('span', { class: 'default' }, T.defaultMark) : null,
      ),
      technical ? h('code', { class: 'value-name' }, String(v)) : null,
    ),
  );
}

/** A number typed in, its range and usual value, and what the number means, said again as it changes. */
function integerInput(ctx: FieldContext, spec: OptionSpec & { kind: 'integer' }): HTMLElement[] {
  const value = Number(ctx.values[spec.name] ?? spec.default);
  const words = h('p', { class: 'words', 'aria-live': 'polite' }, wordsOf(ctx.ruleset, spec, value));
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
      if (t.value.trim() === '' || !Number.isFinite(v)) return;
      const clamped = Math.min(spec.max, Math.max(spec.min, v));
      t.value = String(clamped);
      words.textContent = wordsOf(ctx.ruleset, spec, clamped);
      ctx.set(spec.name, clamped);
    },
  });
  const range = I18N.t('options.allowed', { min: num(spec.min), max: num(spec.max), value: num(spec.default) });
  return [h('label', { class: 'int' }, input, h('span', { id: `help-${spec.name}`, class: 'explain' }, range)), words];
}

/** Where an option's default is our own reading of the sources: says so, with how sure we are. */
function readingNote(r: Ruleset, spec: OptionSpec): HTMLElement[] {
  const ours = r.info.reconstructions.filter((x) => x.option?.split(/[,\s]+/).includes(spec.name));
  return ours.map((x) =>
    h(
      'p',
      { class: 'reading' },
      I18N.t('options.ourReading', { confidence: I18N.t(`options.confidence.${x.confidence ?? 'medium'}`) }),
      ' ',
      h('span', { class: 'refs' }, x.ref),
    ),
  );
}

/**
 * An option as a fieldset: its question, and its values or number. `technical` (under Advanced)
 * adds the option's name in code, its clauses, a "changed from the default" mark and our note
 * where the default is a reconstruction.
 */
export function optionField(ctx: FieldContext, spec: OptionSpec, technical: boolean): HTMLElement {
  const changed = technical && (ctx.values[spec.name] ?? spec.default) !== spec.default;
  const legend = h(
    'legend',
    {},
    h('span', { class: 'label' }, labelOf(ctx.ruleset, spec)),
    technical ? [' ', h('code', { class: 'option-name' }, spec.name), ' ', refsOf(spec)] : null,
    technical ? [' ', h('span', { class: 'changed-mark', hidden: !changed }, I18N.t('options.changed'))] : null,
  );
  return h(
    'fieldset',
    { class: `option${changed ? ' changed' : ''}`, 'data-option': spec.name },
    legend,
    spec.kind === 'integer' ? integerInput(ctx, spec) : choiceInputs(ctx, spec, technical),
    technical ? readingNote(ctx.ruleset, spec) : null,
  );
}

/** The ruleset's presets, if it has any, by their plain names; picking one calls `onPick` ('' = none). */
function presetField(ruleset: Ruleset, preset: string, onPick: (name: string) => void): HTMLElement | null {
  const names = Object.keys(ruleset.presets);
  if (!names.length) return null;
  return h(
    'label',
    { class: 'preset' },
    `${I18N.t('options.presetLabel')}: `,
    h(
      'select',
      { name: 'preset', onchange: (e: Event) => onPick((e.target as HTMLSelectElement).value) },
      h('option', { value: '' }, I18N.t('options.presetNone')),
      names.map((p) => h('option', { value: p, selected: p === preset }, I18N.lookup(`options.preset.${p}`) ?? p)),
    ),
  );
}

/** The game's rules as sentences: each reading's question and the answer it is played with, a changed one marked. */
export function ruleLines(ctx: FieldContext): HTMLElement[] {
  return advancedSpecs(ctx.ruleset)
    .filter((o) => !GUARD_OPTIONS.has(o.name))
    .map((o) => {
      const v = ctx.values[o.name] ?? o.default;
      const changed = v !== o.default;
      return h(
        'li',
        { 'data-option': o.name, class: changed ? 'changed' : undefined },
        h('span', { class: 'label' }, labelOf(ctx.ruleset, o)),
        ' ',
        h('span', { class: 'words' }, wordsOf(ctx.ruleset, o, v)),
        changed ? [' ', h('span', { class: 'changed-mark' }, I18N.t('options.changed'))] : null,
      );
    });
}

/** Points of the rules we read for ourselves that no option switches, each with its clause in our words. */
function otherReadings(ruleset: Ruleset): HTMLElement | null {
  const text = (x: Reconstruction): string =>
    I18N.lang === 'en' ? x.text : clauseText(x.ref.split(/\s*\/\s*/)[0]!.replace(/^SPEC\s+/, ''));
  const items = ruleset.info.reconstructions.filter((x) => !x.option && text(x) !== '');
  if (!items.length) return null;
  return h(
    'div',
    { class: 'other-readings' },
    h('h3', {}, I18N.t('options.otherReadings')),
    h(
      'ul',
      {},
      items.map((x) =>
        h(
          'li',
          {},
          text(x),
          ' ',
          h('span', { class: 'refs' }, x.ref),
          x.confidence ? h('span', { class: 'confidence' }, ` (${I18N.t(`options.confidence.${x.confidence}`)})`) : null,
        ),
      ),
    ),
  );
}

/** The names of the options asked in the main part (players, who starts, rounds), for the tools' users. */
function chosenAbove(r: Ruleset): HTMLElement | null {
  const above = r.options.filter((o) => PLAYER_OPTIONS.has(o.name) || MATCH_OPTIONS.has(o.name));
  if (!above.length) return null;
  return h(
    'p',
    { class: 'chosen-above help' },
    I18N.t('options.chosenAbove'),
    above.flatMap((o) => [' ', h('code', { class: 'option-name', 'data-option': o.name }, o.name)]),
  );
}

/** How many advanced options differ from their defaults. */
function changedCount(r: Ruleset, values: Readonly<Record<string, OptionValue>>): number {
  return advancedSpecs(r).filter((o) => (values[o.name] ?? o.default) !== o.default).length;
}

/** What the Advanced section does besides recording values. */
interface AdvancedActions {
  readonly open: boolean;
  readonly preset: string;
  onToggle(open: boolean): void;
  onPreset(name: string): void;
  onReset(): void;
}

/** "Advanced (rule readings)": closed unless the player opened it; every reading, then the limits, then our other readings. */
export function advancedSection(ctx: FieldContext, act: AdvancedActions): HTMLDetailsElement {
  const specs = advancedSpecs(ctx.ruleset);
  const n = changedCount(ctx.ruleset, ctx.values);
  const guards = specs.filter((o) => GUARD_OPTIONS.has(o.name));
  const details = h(
    'details',
    { class: 'advanced', open: act.open, ontoggle: () => act.onToggle(details.open) },
    h(
      'summary',
      {},
      h('span', { class: 'title' }, I18N.t('options.advanced')),
      ' ',
      h('span', { class: 'changed-count', hidden: n === 0 }, I18N.t('options.changedCount', { count: n })),
    ),
    h('p', { class: 'help' }, I18N.t('options.advancedHelp')),
    h(
      'div',
      { class: 'advanced-tools' },
      presetField(ctx.ruleset, act.preset, act.onPreset),
      h('button', { type: 'button', class: 'reset', hidden: n === 0, onclick: act.onReset }, I18N.t('options.reset')),
    ),
    chosenAbove(ctx.ruleset),
    specs.filter((o) => !GUARD_OPTIONS.has(o.name)).map((o) => optionField(ctx, o, true)),
    guards.length
      ? h(
          'div',
          { class: 'guards' },
          h('h3', {}, I18N.t('options.limits')),
          h('p', { class: 'help' }, I18N.t('options.limitsHelp')),
          guards.map((o) => optionField(ctx, o, true)),
        )
      : null,
    otherReadings(ctx.ruleset),
  );
  return details;
}

/**
 * Shows the change of an advanced option without drawing the form again (the focus stays where
 * it is): the option's mark, the count and the Reset button, and the rules said as sentences.
 */
export function showChanges(form: HTMLElement, ctx: FieldContext): void {
  const n = changedCount(ctx.ruleset, ctx.values);
  for (const o of advancedSpecs(ctx.ruleset)) {
    const box = form.querySelector<HTMLElement>(`details.advanced fieldset[data-option="${o.name}"]`);
    if (!box) continue;
    const changed = (ctx.values[o.name] ?? o.default) !== o.default;
    box.classList.toggle('changed', changed);
    const mark = box.querySelector<HTMLElement>('.changed-mark');
    if (mark) mark.hidden = !changed;
  }
  const count = form.querySelector<HTMLElement>('details.advanced .changed-count');
  if (count) {
    count.hidden = n === 0;
    count.textContent = I18N.t('options.changedCount', { count: n });
  }
  const reset = form.querySelector<HTMLButtonElement>('details.advanced button.reset');
  if (reset) reset.hidden = n === 0;
  form.querySelector('ul.rule-lines')?.replaceChildren(...ruleLines(ctx));
}
