/**
 * `gabata show <ruleset> <position> [--json]`: a board diagram of the position, or its JSON form
 * (which every command accepts back as a position).
 */
import { GabataError } from '@gabata/engine/core';
import { legalMovesText, makeDiagram, makePosition, positionToJSON } from '@gabata/engine/notation';
import { EXIT_OK, fail, findRuleset, parseCommon, printJSON, readPosition } from './args.js';

const HELP = `usage: gabata show <ruleset> <position> [--json]

Draws the position (text form, JSON form, '-' for stdin, or 'start' with the flags of
gabata start), or prints it as JSON with --json.`;

export async function run(args: string[]): Promise<number> {
  const a = parseCommon(args);
  if (!a.ok) return fail('show', a.error, HELP);
  if (a.value.help) {
    process.stdout.write(HELP + '\n');
    return EXIT_OK;
  }
  const [name, pos, ...rest] = a.value.positionals;
  if (rest.length > 0) return fail('show', new GabataError('ERR_ARGUMENT', `unexpected argument '${rest[0]}'`), HELP);
  const rs = findRuleset(name);
  if (!rs.ok) return fail('show', rs.error, HELP);
  const p = readPosition(rs.value, pos, a.value);
  if (!p.ok) return fail('show', p.error, p.error.code === 'ERR_ARGUMENT' ? HELP : undefined);
  const { game, state } = p.value;
  if (a.value.json) {
    printJSON(positionToJSON(game, state));
    return EXIT_OK;
  }
  process.stdout.write(`${makeDiagram(game, state)}\nlegal: ${legalMovesText(game, state)}\n${makePosition(game, state)}\n`);
  return EXIT_OK;
}
