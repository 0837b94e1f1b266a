/**
 * `gabata moves <ruleset> <position> [--json]`: the legal moves. Text: one move per line, or at a
 * simultaneous node one line per player (`P1: 0 1 2`). JSON: each move's notation, its integer
 * (the ruleset's move number) and the hole it starts from (found by playing it on a copy with
 * the event trace: the first hole lifted; null for a pass).
 */
import { GabataError, type Game, type GameEvent, PHASE_OVER, PHASES, type State } from '@gabata/engine/core';
import { isSimultaneous, legalMoveList, legalMoveListFor, stateResult } from '@gabata/engine/notation';
import { EXIT_OK, fail, findRuleset, parseCommon, printJSON, readPosition } from './args.js';

const HELP = `usage: gabata moves <ruleset> <position> [--json]

Lists the legal moves of a position (text form, JSON form, '-' for stdin, or 'start').`;

export interface MoveInfo {
  notation: string;
  move: number;
  hole: number | null;
}

function startHole(events: readonly GameEvent[], player: number): number | null {
  for (const e of events) {
    if ((e.type === 'lift' || e.type === 'raceStart') && e.player === player) return e.hole;
  }
  return null;
}

/** The legal moves of a sequential node with their start holes. */
export function describeMoves(game: Game, s: State): MoveInfo[] {
  return legalMoveList(game, s).map((m) => {
    const trace: GameEvent[] = [];
    game.apply(s.clone(), m, trace);
    return { notation: game.moveText(s, m), move: m, hole: startHole(trace, s.toMove) };
  });
}

/** Each player's choices at a simultaneous node (the others' first choice completes the joint move). */
export function describeMovesFor(game: Game, s: State): { player: number; moves: MoveInfo[] }[] {
  const lists: number[][] = [[]];
  for (let p = 1; p <= s.players; p++) lists.push(legalMoveListFor(game, s, p));
  const out: { player: number; moves: MoveInfo[] }[] = [];
  for (let p = 1; p <= s.players; p++) {
    out.push({
      player: p,
      moves: lists[p]!.map((m) => {
        const joint = new Int32Array(s.players + 1);
        for (let q = 1; q <= s.players; q++) joint[q] = q === p ? m : (lists[q]![0] ?? 0);
        const trace: GameEvent[] = [];
        if (lists.slice(1).every((l) => l.length > 0)) game.applyJoint(s.clone(), joint, trace);
        return { notation: game.moveText(s, m), move: m, hole: startHole(trace, p) };
      }),
    });
  }
  return out;
}

export async function run(args: string[]): Promise<number> {
  const a = parseCommon(args);
  if (!a.ok) return fail('moves', a.error, HELP);
  if (a.value.help) {
    process.stdout.write(HELP + '\n');
    return EXIT_OK;
  }
  const [name, pos, ...rest] = a.value.positionals;
  if (rest.length > 0) return fail('moves', new GabataError('ERR_ARGUMENT', `unexpected argument '${rest[0]}'`), HELP);
  const rs = findRuleset(name);
  if (!rs.ok) return fail('moves', rs.error, HELP);
  const p = readPosition(rs.value, pos, a.value);
  if (!p.ok) return fail('moves', p.error, p.error.code === 'ERR_ARGUMENT' ? HELP : undefined);
  const { game, state: s } = p.value;
  const simultaneous = isSimultaneous(s);
  if (a.value.json) {
    const out: Record<string, unknown> = {
      ruleset: game.ruleset.info.id,
      toMove: s.toMove,
      phase: PHASES[s.phase],
      simultaneous,
      moves: simultaneous || s.phase === PHASE_OVER ? [] : describeMoves(game, s),
    };
    if (simultaneous) out['perPlayer'] = describeMovesFor(game, s);
    out['result'] = stateResult(s);
    printJSON(out);
    return EXIT_OK;
  }
  if (s.phase === PHASE_OVER) {
    process.stderr.write('gabata moves: the match is over; there are no moves\n');
    return EXIT_OK;
  }
  if (simultaneous) {
    for (let q = 1; q <= s.players; q++) {
      process.stdout.write(
        `P${q}: ${legalMoveListFor(game, s, q)
          .map((m) => game.moveText(s, m))
          .join(' ')}\n`,
      );
    }
  } else {
    for (const m of legalMoveList(game, s)) process.stdout.write(game.moveText(s, m) + '\n');
  }
  return EXIT_OK;
}
