/**
 * `gabata start <ruleset> [--option name=value]... [--preset NAME] [--players N] [--seed S] [--json]`:
 * the initial position, as text (or JSON with --json).
 */
import { EXIT_OK, DEFAULT_SEED, fail, findRuleset, makeGame, parseCommon, printJSON } from './args.js';
import { GabataError } from '@gabata/engine/core';
import { makePosition, positionToJSON } from '@gabata/engine/notation';

const HELP = `usage: gabata start <ruleset> [--option name=value]... [--preset NAME] [--players N] [--seed S] [--json]

Prints the initial position of a ruleset in the position text form (or JSON with --json).
The seed (default ${DEFAULT_SEED}) drives every random thing of the match.`;

export async function run(args: string[]): Promise<number> {
  const a = parseCommon(args);
  if (!a.ok) return fail('start', a.error, HELP);
  if (a.value.help) {
    process.stdout.write(HELP + '\n');
    return EXIT_OK;
  }
  const [name, ...rest] = a.value.positionals;
  if (rest.length > 0) return fail('start', new GabataError('ERR_ARGUMENT', `unexpected argument '${rest[0]}'`), HELP);
  const rs = findRuleset(name);
  if (!rs.ok) return fail('start', rs.error, HELP);
  const g = makeGame(rs.value, a.value);
  if (!g.ok) return fail('start', g.error);
  const s = g.value.newState(a.value.seed ?? DEFAULT_SEED);
  if (a.value.json) printJSON(positionToJSON(g.value, s));
  else process.stdout.write(makePosition(g.value, s) + '\n');
  return EXIT_OK;
}
