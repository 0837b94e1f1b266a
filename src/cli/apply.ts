/**
 * `gabata apply <ruleset> <position> <move>... [--json]`: plays the moves in order and prints the
 * position after them; with --json also each move's events and the result once the match is over.
 * An illegal or malformed move stops with exit code 1 and names the move (its index and text).
 */
import { GabataError, type GameEvent } from '@gabata/engine/core';
import { bareMessage, makePosition, playMoveText, positionToJSON, stateResult } from '@gabata/engine/notation';
import { EXIT_OK, fail, findRuleset, parseCommon, printJSON, readPosition } from './args.js';

const HELP = `usage: gabata apply <ruleset> <position> <move>... [--json]

Applies moves (in the ruleset's notation; a joint move at a simultaneous node is a|b) to a
position (text form, JSON form, '-' for stdin, or 'start') and prints the position after them.
With --json: {position, text, moves: [{notation, events}], result}.`;

export async function run(args: string[]): Promise<number> {
  const a = parseCommon(args);
  if (!a.ok) return fail('apply', a.error, HELP);
  if (a.value.help) {
    process.stdout.write(HELP + '\n');
    return EXIT_OK;
  }
  const [name, pos, ...moves] = a.value.positionals;
  const rs = findRuleset(name);
  if (!rs.ok) return fail('apply', rs.error, HELP);
  const p = readPosition(rs.value, pos, a.value);
  if (!p.ok) return fail('apply', p.error, p.error.code === 'ERR_ARGUMENT' ? HELP : undefined);
  const { game, state: s } = p.value;
  const played: { notation: string; events: GameEvent[] }[] = [];
  for (let i = 0; i < moves.length; i++) {
    const trace: GameEvent[] | null = a.value.json ? [] : null;
    const r = playMoveText(game, s, moves[i], trace);
    if (!r.ok) {
      const e = r.error;
      return fail('apply', new GabataError(e.code, `move ${i + 1} '${moves[i]}': ${bareMessage(e)}`, e.where));
    }
    played.push({ notation: moves[i]!.trim(), events: trace ?? [] });
  }
  if (a.value.json) {
    printJSON({ position: positionToJSON(game, s), text: makePosition(game, s), moves: played, result: stateResult(s) });
  } else {
    process.stdout.write(makePosition(game, s) + '\n');
  }
  return EXIT_OK;
}
