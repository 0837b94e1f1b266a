/**
 * The rule options in plain words, in the page's language: the question an option settles and
 * the answer each value gives (catalogue area `options`, src/i18n/locales/areas/options.ts). A
 * ruleset's own words (`options.in.<rulesetId>.<option>`) come before the general ones
 * (`options.opt.<option>`), because one option name can mean something different in another
 * game (what a stuck round does, what ends the match). Pure: no page, so the Node tests can ask
 * for every option of every ruleset in every language.
 *
 * @example
 *   optionLabel(I18N, 'gabata-adowa', spec);    // 'When can the first wegue of a round be made?'
 *   valueWords(I18N, 'gabata-adowa', spec, 0);   // 'Play until one player owns every hole.'
 */
import type { OptionSpec, OptionValue } from '@gabata/engine/core';
import type { I18n } from '../i18n/base.js';

/** Options that are safety nets against endless play, not readings of the rules. */
export const GUARD_OPTIONS: ReadonlySet<string> = new Set(['maxLapsPerTurn', 'maxTurnsPerRound', 'maxRounds']);

/** Where the words of an option are looked for, the ruleset's own first. */
function bases(rulesetId: string, name: string): string[] {
  return [`options.in.${rulesetId}.${name}`, `options.opt.${name}`];
}

/** The question an option settles, or undefined if the catalogue has none. */
export function optionLabel(i18n: I18n, rulesetId: string, spec: OptionSpec): string | undefined {
  for (const b of bases(rulesetId, spec.name)) {
    const text = i18n.lookup(`${b}.label`);
    if (text !== undefined) return text;
  }
  return undefined;
}

/**
 * The answer a value gives, or undefined if the catalogue has none. An integer has words for its
 * special values (`values.0`) and `values.n` (plural, with the number) for the others.
 */
export function valueWords(i18n: I18n, rulesetId: string, spec: OptionSpec, value: OptionValue): string | undefined {
  for (const b of bases(rulesetId, spec.name)) {
    const exact = i18n.lookup(`${b}.values.${String(value)}`);
    if (exact !== undefined) return exact;
    if (spec.kind === 'integer' && typeof value === 'number') {
      const n = i18n.lookup(`${b}.values.n`, { count: value });
      if (n !== undefined) return n;
    }
  }
  return undefined;
}

/** The values a player picks from: a choice's values, true and false, or none for an integer (typed in). */
export function pickValues(spec: OptionSpec): OptionValue[] {
  if (spec.kind === 'choice') return [...spec.values];
  if (spec.kind === 'boolean') return [true, false];
  return [];
}
