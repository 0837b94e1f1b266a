/**
 * Account names: 3 to 20 letters, digits, `_` or `-`, unique whatever their case (the key kept is
 * the lower-case name), and none of a short reserved list, so that nobody passes for the server,
 * its operator or the computer player.
 */
import { HttpError } from '../http.js';

export const NAME_PATTERN = '^[A-Za-z0-9_-]{3,20}$';
const NAME = new RegExp(NAME_PATTERN);

/** Names that would mislead (the operator, the server, the computer, an empty value). */
export const RESERVED_NAMES: ReadonlySet<string> = new Set([
  'admin',
  'administrator',
  'root',
  'system',
  'sysop',
  'operator',
  'gabata',
  'moderator',
  'mod',
  'staff',
  'computer',
  'cpu',
  'bot',
  'engine',
  'anonymous',
  'anon',
  'guest',
  'player',
  'spectator',
  'nobody',
  'null',
  'undefined',
  'none',
  'api',
  'www',
  'support',
  'help',
  'security',
  'account',
  'accounts',
  'lobby',
]);

/** The key a name is unique by: its lower case. */
export function nameKey(name: string): string {
  return name.toLowerCase();
}

/** A name a new account may take (400 ERR_ARGUMENT otherwise; a taken one is the store's 409). */
export function checkName(name: string): string {
  if (!NAME.test(name)) throw new HttpError(400, 'ERR_ARGUMENT', 'a name is 3 to 20 letters, digits, "_" or "-"');
  if (RESERVED_NAMES.has(nameKey(name))) throw new HttpError(400, 'ERR_ARGUMENT', `the name "${name}" is reserved: choose another`);
  return name;
}
