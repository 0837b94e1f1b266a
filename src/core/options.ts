/**
 * Typed rule options (SPEC §10): every ambiguous reading of a source is an option with a
 * default, a one-line explanation of each value, and the clause or ambiguity it settles.
 */
import { err, ok, type Result } from './errors.js';

export interface ChoiceOption {
  readonly name: string;
  readonly kind: 'choice';
  readonly values: readonly string[];
  readonly default: string;
  /** One line about the question this option settles. */
  readonly description: string;
  /** One line per value: what that reading means. */
  readonly explain: Readonly<Record<string, string>>;
  /** SPEC ambiguity or clause IDs (e.g. 'A2', 'ADW-11'). */
  readonly refs?: readonly string[];
}

export interface BooleanOption {
  readonly name: string;
  readonly kind: 'boolean';
  readonly default: boolean;
  readonly description: string;
  readonly explain: { readonly true: string; readonly false: string };
  readonly refs?: readonly string[];
}

export interface IntegerOption {
  readonly name: string;
  readonly kind: 'integer';
  readonly min: number;
  readonly max: number;
  readonly default: number;
  readonly description: string;
  readonly refs?: readonly string[];
}

export type OptionSpec = ChoiceOption | BooleanOption | IntegerOption;
export type OptionValue = string | number | boolean;
export type OptionValues = Readonly<Record<string, OptionValue>>;

export function defaultOptions(specs: readonly OptionSpec[]): Record<string, OptionValue> {
  const o: Record<string, OptionValue> = {};
  for (const s of specs) o[s.name] = s.default;
  return o;
}

/** The text of an option's values, for listings: `a | b | c`, `true | false`, `0..6`. */
export function optionValuesText(s: OptionSpec): string {
  if (s.kind === 'choice') return s.values.join(' | ');
  if (s.kind === 'boolean') return 'true | false';
  return `${s.min}..${s.max}`;
}

/** Parses one value (from a command line or JSON) against its spec. */
export function parseOptionValue(spec: OptionSpec, raw: unknown): Result<OptionValue> {
  const where = spec.name;
  if (spec.kind === 'choice') {
    const v = String(raw);
    if (!spec.values.includes(v)) {
      return err('ERR_OPTION', `option ${spec.name} cannot be '${v}'; expected one of ${spec.values.join(', ')}`, where);
    }
    return ok(v);
  }
  if (spec.kind === 'boolean') {
    if (raw === true || raw === 'true' || raw === '1' || raw === 'yes') return ok(true);
    if (raw === false || raw === 'false' || raw === '0' || raw === 'no') return ok(false);
    return err('ERR_OPTION', `option ${spec.name} must be true or false, not '${String(raw)}'`, where);
  }
  const text = String(raw);
  if (!/^-?\d+$/.test(text)) return err('ERR_OPTION', `option ${spec.name} must be an integer, not '${text}'`, where);
  const v = Number(text);
  if (v < spec.min || v > spec.max) {
    return err('ERR_OPTION', `option ${spec.name} must be between ${spec.min} and ${spec.max}, not ${v}`, where);
  }
  return ok(v);
}

/**
 * Resolves user-given options over the defaults, after an optional preset. Unknown names and
 * bad values are errors that name the option and the accepted values.
 */
export function resolveOptions(
  specs: readonly OptionSpec[],
  given: Readonly<Record<string, unknown>>,
  presets: Readonly<Record<string, OptionValues>> = {},
): Result<Record<string, OptionValue>> {
  const out = defaultOptions(specs);
  const entries = Object.entries(given);
  const preset = given['preset'];
  if (preset !== undefined) {
    const p = presets[String(preset)];
    if (!p) {
      const names = Object.keys(presets);
      return err('ERR_OPTION', `unknown preset '${String(preset)}'; ${names.length ? `known: ${names.join(', ')}` : 'this ruleset has none'}`, 'preset');
    }
    Object.assign(out, p);
  }
  for (const [name, raw] of entries) {
    if (name === 'preset') continue;
    const spec = specs.find((s) => s.name === name);
    if (!spec) {
      return err('ERR_OPTION', `unknown option '${name}'; known options: ${specs.map((s) => s.name).join(', ')}`, name);
    }
    const v = parseOptionValue(spec, raw);
    if (!v.ok) return v;
    out[name] = v.value;
  }
  return ok(out);
}
