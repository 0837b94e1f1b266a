/**
 * The shape of a message catalogue, derived from the English one: a translation must have every
 * key of `en` (a missing key is a type error in its locale file), and a caller of `t()` may name
 * only keys that exist, with exactly the interpolation variables the English message uses.
 */
import type { en } from './locales/en.js';

/** The plural categories of `Intl.PluralRules` (cardinal); i18next appends them to a key: `moves_one`. */
export const PLURAL_CATEGORIES = ['zero', 'one', 'two', 'few', 'many', 'other'] as const;
export type PluralCategory = (typeof PLURAL_CATEGORIES)[number];

/** The metadata of a catalogue: `draft` until a native speaker has reviewed it. */
export interface CatalogueMeta {
  readonly status: 'source' | 'draft' | 'reviewed';
  /** Who reviewed the translation (names or handles), in the order they did. */
  readonly reviewedBy: readonly string[];
}

type English = typeof en;

/**
 * A catalogue with the keys of `T` and string values. A plural key (`x_other`) may also carry the
 * forms another language needs (`x_zero`, `x_two`, `x_few`, `x_many`); the test checks that each
 * language has exactly the forms its `Intl.PluralRules` uses.
 */
export type Messages<T> = {
  readonly [K in keyof T]: K extends '_meta' ? CatalogueMeta : T[K] extends string ? string : Messages<T[K]>;
} & {
  readonly [K in keyof T as K extends `${infer B}_other` ? `${B}_${'zero' | 'two' | 'few' | 'many'}` : never]?: string;
};

/** What a translation file exports. */
export type Catalogue = Messages<English>;

/** Dotted paths to the string leaves of `T`. */
type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : T[K] extends readonly unknown[] ? never : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

type StripPlural<K extends string> = K extends `${infer B}_${PluralCategory}` ? B : K;

/** Every key a caller may pass to `t()` (plural keys without their suffix). */
export type MessageKey = StripPlural<Exclude<Leaves<English>, `_meta.${string}`>>;

/** The English text behind a key (the `_other` form of a plural). */
type TextAt<T, K extends string> = K extends `${infer H}.${infer R}`
  ? H extends keyof T
    ? TextAt<T[H], R>
    : never
  : K extends keyof T
    ? T[K]
    : `${K}_other` extends keyof T
      ? T[`${K}_other`]
      : never;

type Trim<S extends string> = S extends ` ${infer R}` ? Trim<R> : S extends `${infer R} ` ? Trim<R> : S;
type VarName<V extends string> = V extends `${infer N},${string}` ? Trim<N> : Trim<V>;
type VarsIn<S> = S extends `${string}{{${infer V}}}${infer R}` ? VarName<V> | VarsIn<R> : never;

/** The interpolation variables of a key, as a record: `t('web.seat', { player: 2 })`. */
export type VarsOf<K extends MessageKey> = { readonly [V in VarsIn<TextAt<English, K>>]: string | number };

/** `t(key)` when the message has no variables, `t(key, vars)` when it has. */
export type VarsArg<K extends MessageKey> = [VarsIn<TextAt<English, K>>] extends [never] ? [] : [vars: VarsOf<K>];
