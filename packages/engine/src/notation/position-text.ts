/**
 * The text form of a position, token by token (see `position.ts`): the ruleset and its options,
 * the board, then the `key:value` fields, each turned into the JSON field it stands for and
 * remembered with the token it came from, so that errors point at what the user wrote.
 */
import { err, ok, type Result } from '../core/errors.js';
import type { ParsePositionOptions } from './position-object.js';

const CSV_FIELDS: Record<string, string> = {
  c: 'captured',
  rv: 'reserve',
  sc: 'scores',
  rh: 'race.hand',
  rc: 'race.cursor',
  rd: 'race.done',
};
const INT_FIELDS: Record<string, string> = {
  m: 'toMove',
  r: 'round',
  t: 'turn',
  ply: 'ply',
  rs: 'roundStarter',
  ps: 'passes',
  rt: 'race.tick',
  rw: 'race.winner',
  w: 'winner',
  ge: 'guardEnds',
};
const TEXT_KEYS = ['o', 'a', 'ph', 'er', 'x', 'rng', 'h', ...Object.keys(CSV_FIELDS), ...Object.keys(INT_FIELDS)];
const INT_TEXT = /^-?\d{1,12}$/;
const HOLE_TEXT = /^(\d{1,10})(?:[wWnN*]([1-9]))?$/;

/** What the text form's tokens build: the JSON object, and for each field the token it came from. */
export interface TextParse {
  readonly tokens: readonly string[];
  readonly o: Record<string, unknown>;
  readonly race: Record<string, unknown>;
  /** JSON field -> the text token it came from, so errors point at what the user wrote. */
  readonly origin: Map<string, string>;
}

function tokenWhere(t: TextParse, i: number): string {
  const tok = t.tokens[i]!;
  return `token ${i + 1} '${tok.length > 40 ? tok.slice(0, 40) + '...' : tok}'`;
}

/** 1. `ruleset` or `ruleset(name=value,...)`; returns the index of the next token. */
function parseRulesetToken(t: TextParse, opts: ParsePositionOptions): Result<number> {
  if (/^\d/.test(t.tokens[0]!)) {
    if (!opts.expect) return err('ERR_POSITION', 'the position must start with its ruleset id', tokenWhere(t, 0));
    return ok(0);
  }
  const where = tokenWhere(t, 0);
  const m = /^([^()\s]+)(?:\((.*)\))?$/.exec(t.tokens[0]!);
  if (!m) return err('ERR_POSITION', `the first token is 'ruleset' or 'ruleset(name=value,...)'`, where);
  t.o['ruleset'] = m[1];
  t.origin.set('ruleset', where);
  // No prototype: a name like `__proto__` must stay a key (and be refused as an unknown option).
  const options: Record<string, string> = Object.create(null) as Record<string, string>;
  if (m[2] !== undefined && m[2] !== '') {
    for (const part of m[2].split(',')) {
      const kv = /^([A-Za-z][A-Za-z0-9_]*)=([^=]*)$/.exec(part);
      if (!kv) return err('ERR_POSITION', `option '${part}' is not name=value`, where);
      if (Object.hasOwn(options, kv[1]!)) return err('ERR_POSITION', `option ${kv[1]} is given twice`, where);
      let value: string;
      try {
        value = decodeURIComponent(kv[2]!);
      } catch {
        return err('ERR_POSITION', `option ${kv[1]}: bad %-escape in '${kv[2]}'`, where);
      }
      options[kv[1]!] = value;
    }
  }
  t.o['options'] = options;
  t.origin.set('options', where);
  return ok(1);
}

/** 2. The board: every hole's count, `.` between holes, `/` between rows, marks like `4w1`. */
function parseBoardToken(t: TextParse, i: number): Result<number> {
  if (i >= t.tokens.length) return err('ERR_POSITION', 'the board (counts of every hole) is missing', 'board');
  const holes = t.tokens[i]!.split(/[./]/);
  const counts: number[] = [];
  const marks: number[] = [];
  for (let h = 0; h < holes.length; h++) {
    const m = HOLE_TEXT.exec(holes[h]!);
    if (!m) {
      const what = `hole ${h}: '${holes[h]}' is not a count, or a count with a mark like 4w1`;
      return err('ERR_POSITION', what, `${tokenWhere(t, i)}, hole ${h}`);
    }
    counts.push(Number(m[1]));
    marks.push(m[2] === undefined ? 0 : Number(m[2]));
  }
  t.o['counts'] = counts;
  t.o['marks'] = marks;
  t.origin.set('counts', tokenWhere(t, i));
  t.origin.set('marks', tokenWhere(t, i));
  return ok(i + 1);
}

/** The JSON value of one `key:value` field, or an error naming the key. */
function fieldValue(key: string, val: string, where: string): Result<[string, unknown]> {
  if (key in CSV_FIELDS) {
    const parts = val.split(',');
    if (!parts.every((p) => INT_TEXT.test(p))) {
      return err('ERR_POSITION', `${key}: must be integers separated by commas, one per player`, where);
    }
    return ok([CSV_FIELDS[key]!, parts.map(Number)]);
  }
  if (key in INT_FIELDS) {
    if (!INT_TEXT.test(val)) return err('ERR_POSITION', `${key}: must be an integer`, where);
    return ok([INT_FIELDS[key]!, Number(val)]);
  }
  switch (key) {
    case 'o':
      if (!/^[0-9/]+$/.test(val)) return err('ERR_POSITION', 'o: must be one owner digit per hole (0 = nobody, 1..3)', where);
      return ok(['owners', [...val.replace(/\//g, '')].map(Number)]);
    case 'a':
      if (!/^[01]+$/.test(val)) return err('ERR_POSITION', 'a: must be one digit (1 active, 0 eliminated) per player', where);
      return ok(['active', [...val].map(Number)]);
    case 'ph':
      return ok(['phase', val]);
    case 'er':
      return ok(['endReason', val]);
    case 'rng':
      return ok(['rng', val]);
    case 'x':
      try {
        return ok(['extra', JSON.parse(val) as unknown]);
      } catch (e) {
        return err('ERR_POSITION', `x: must be compact JSON: ${(e as Error).message}`, where);
      }
    default: {
      // 'h': the repetition history.
      const m = /^(\d{1,10}):((?:[0-9a-f]{8})(?:\.[0-9a-f]{8})*)?$/.exec(val);
      if (!m) return err('ERR_POSITION', 'h: must be length:key.key... with each key 8 hex digits', where);
      const keys = m[2] ? m[2].split('.').map((k) => parseInt(k, 16)) : [];
      return ok(['history', { length: Number(m[1]), keys }]);
    }
  }
}

/** 3. The `key:value` fields from token `i` on. */
function parseFieldTokens(t: TextParse, from: number): Result<true> {
  const seen = new Set<string>();
  for (let i = from; i < t.tokens.length; i++) {
    const tok = t.tokens[i]!;
    const c = tok.indexOf(':');
    const key = c < 0 ? tok : tok.slice(0, c);
    const where = tokenWhere(t, i);
    if (c < 0 || !TEXT_KEYS.includes(key)) {
      const what = `'${tok.slice(0, 40)}' is not a field; fields are key:value with key one of ${TEXT_KEYS.join(' ')}`;
      return err('ERR_POSITION', what, where);
    }
    if (seen.has(key)) return err('ERR_POSITION', `field ${key}: is given twice`, where);
    seen.add(key);
    const v = fieldValue(key, tok.slice(c + 1), where);
    if (!v.ok) return v;
    const [field, value] = v.value;
    if (field.startsWith('race.')) {
      t.race[field.slice(5)] = value;
      t.o['race'] = t.race;
    } else t.o[field] = value;
    t.origin.set(field, where);
  }
  return ok(true);
}

/** Reads the tokens of the text form into a JSON object (not yet checked: `fromObject` does that). */
export function readTextTokens(tokens: readonly string[], opts: ParsePositionOptions): Result<TextParse> {
  const t: TextParse = { tokens, o: {}, race: {}, origin: new Map() };
  const head = parseRulesetToken(t, opts);
  if (!head.ok) return head;
  const board = parseBoardToken(t, head.value);
  if (!board.ok) return board;
  const fields = parseFieldTokens(t, board.value);
  if (!fields.ok) return fields;
  return ok(t);
}
