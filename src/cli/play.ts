/**
 * `gabata play <ruleset> [--option name=value]... [--preset NAME] [--players N] [--seed S]
 *  [--vs human|random] [--record FILE]`: a match at one terminal. The board is drawn after
 * every move; moves are typed in the notation (`a|b` at a simultaneous node); `help`, `moves`,
 * `undo`, `show`, `position` and `quit` are commands. Works with input piped on stdin (each line
 * read is echoed so that a transcript reads like a session).
 *
 * Seats are driven by `Seat`s: a person types, a computer seat chooses a move text itself.
 * `--vs random` puts a seeded uniform random mover in every seat but player 1's; the agents of
 * src/ai can plug in through `computerSeat` (the hook: a function from position to move text).
 */
import { writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { GabataError, ok } from '../core/errors.js';
import type { Game } from '../core/game.js';
import { Rng } from '../core/rng.js';
import { PHASE_OVER, type State } from '../core/state.js';
import { RULESETS } from '../games/index.js';
import { makeDiagram } from '../notation/diagram.js';
import {
  bareMessage,
  isSimultaneous,
  legalMoveList,
  legalMoveListFor,
  legalMovesText,
  makeJointMove,
  makeMove,
  makeParsedMove,
  playMoveText,
} from '../notation/move.js';
import { makePosition } from '../notation/position.js';
import { makeRecord, stateResult, stringifyRecord } from '../notation/record.js';
import { DEFAULT_SEED, EXIT_OK, EXIT_USAGE, fail, findRuleset, makeGame, parseCommon } from './args.js';

const HELP = `usage: gabata play [<ruleset>] [--option name=value]... [--preset NAME] [--players N] [--seed S]
                   [--vs human|random] [--record FILE]

Plays a match at this terminal (the ruleset defaults to the first one of gabata rulesets).
Type a move in the notation shown by 'moves' (at a
simultaneous node, every player's choice joined by '|', e.g. 12|4), or a command:
  moves      list the legal moves
  undo       take back the last move typed (and the computer's replies)
  show       draw the board again
  position   print the position text (to continue later with gabata show/apply)
  help       this text
  quit       stop (the record is still written with --record)
--vs random: you are player 1; the other seats play seeded random moves.`;

/** Who chooses a seat's moves: a person at the terminal, or a function of the position. */
export type Seat = { kind: 'human' } | { kind: 'computer'; name: string; choose: (game: Game, s: State) => string };

/** A seeded uniform random mover (the simplest computer seat; src/ai agents plug in the same way). */
export function randomSeat(seed: number): Seat {
  const rng = new Rng(seed);
  return {
    kind: 'computer',
    name: 'random',
    choose(game, s) {
      if (isSimultaneous(s)) {
        const joint = new Int32Array(s.players + 1);
        for (let p = 1; p <= s.players; p++) {
          const l = legalMoveListFor(game, s, p);
          joint[p] = l[rng.int(l.length)]!;
        }
        return makeJointMove(game, s, joint);
      }
      const l = legalMoveList(game, s);
      return makeMove(game, s, l[rng.int(l.length)]!);
    },
  };
}

/** The seat controllers of `--vs`: the hook for computer opponents. */
export function computerSeat(spec: string, seed: number): Seat | null {
  if (spec === 'random') return randomSeat(seed);
  return null;
}

export async function run(args: string[]): Promise<number> {
  const a = parseCommon(args, ['vs', 'record']);
  if (!a.ok) return fail('play', a.error, HELP);
  if (a.value.help) {
    process.stdout.write(HELP + '\n');
    return EXIT_OK;
  }
  const [name, ...rest] = a.value.positionals;
  if (rest.length > 0) return fail('play', new GabataError('ERR_ARGUMENT', `unexpected argument '${rest[0]}'`), HELP);
  // Without a ruleset, the first registered one (what `npm start` gives a new user).
  const rs = name === undefined && RULESETS[0] ? ok(RULESETS[0]) : findRuleset(name);
  if (!rs.ok) return fail('play', rs.error, HELP);
  const g = makeGame(rs.value, a.value);
  if (!g.ok) return fail('play', g.error);
  const game = g.value;
  const seed = a.value.seed ?? DEFAULT_SEED;
  const vs = a.value.extra['vs'] ?? 'human';
  const seats: Seat[] = [{ kind: 'human' }];
  for (let p = 1; p <= game.players; p++) {
    if (vs === 'human') seats.push({ kind: 'human' });
    else if (p === 1) seats.push({ kind: 'human' });
    else {
      const seat = computerSeat(vs, seed + p);
      if (!seat) {
        process.stderr.write(`gabata play: ERR_ARGUMENT: --vs must be human or random, not '${vs}'\n`);
        return EXIT_USAGE;
      }
      seats.push(seat);
    }
  }
  return playMatch(game, seed, seats, a.value.extra['record']);
}

/** Runs the read-draw-move loop until the match ends, the input ends, or `quit`. */
export async function playMatch(game: Game, seed: number, seats: readonly Seat[], recordFile?: string): Promise<number> {
  const out = (t: string): void => {
    process.stdout.write(t);
  };
  const echo = !process.stdin.isTTY;
  const rl = createInterface({ input: process.stdin, terminal: false });
  const lines = rl[Symbol.asyncIterator]();
  const s = game.newState(seed);
  /** States before each move typed by a person, and how many record moves preceded it (for undo). */
  const undoStack: { state: State; moves: number }[] = [];
  const moves: string[] = [];
  /** The players who type at this node (at a simultaneous node, every human seat). */
  const typists = (st: State): number[] => {
    const ps = isSimultaneous(st) ? Array.from({ length: game.players }, (_, i) => i + 1) : [st.toMove];
    return ps.filter((p) => seats[p]!.kind === 'human');
  };
  /** The computer seats' parts of a joint move (`undefined` for the human seats). */
  const computerParts = (st: State): (string | undefined)[] => {
    const parts: (string | undefined)[] = [];
    for (let p = 1; p <= game.players; p++) {
      const seat = seats[p]!;
      parts.push(seat.kind === 'computer' ? seat.choose(game, st).split('|')[p - 1] : undefined);
    }
    return parts;
  };
  const finish = (): number => {
    rl.close();
    if (recordFile) {
      const agents = seats.slice(1).map((x) => (x.kind === 'human' ? 'human' : x.name));
      writeFileSync(recordFile, stringifyRecord(makeRecord({ game, seed, moves, final: s, agents, date: new Date().toISOString() })) + '\n');
      out(`record written to ${recordFile}\n`);
    }
    return EXIT_OK;
  };
  out(`${game.ruleset.info.name}: type a move, or help. Seed ${seed}.\n`);
  let drawn = false;
  for (;;) {
    if (!drawn) {
      out(makeDiagram(game, s) + '\n');
      drawn = true;
    }
    if (s.phase === PHASE_OVER) {
      const r = stateResult(s)!;
      out(
        r.winner > 0
          ? `Result: P${r.winner} wins; scores ${r.scores.join('-')} (${r.reason}) after ${moves.length} moves.\n`
          : `Result: draw; scores ${r.scores.join('-')} (${r.reason}) after ${moves.length} moves.\n`,
      );
      return finish();
    }
    const humans = typists(s);
    if (humans.length === 0) {
      const text = isSimultaneous(s) ? computerParts(s).join('|') : (seats[s.toMove] as Extract<Seat, { kind: 'computer' }>).choose(game, s);
      const seat = seats[isSimultaneous(s) ? 1 : s.toMove] as Extract<Seat, { kind: 'computer' }>;
      const label = isSimultaneous(s) ? 'computer (all seats)' : `${seat.name} (P${s.toMove})`;
      const r = playMoveText(game, s, text);
      if (!r.ok) {
        process.stderr.write(`gabata play: the ${seat.name} seat chose an illegal move '${text}': ${r.error.message}\n`);
        rl.close();
        return 1;
      }
      moves.push(text);
      out(`${label} plays ${text}\n`);
      drawn = false;
      continue;
    }
    const who = humans.map((p) => `P${p}`).join('|');
    out(`${who}> `);
    const next = await lines.next();
    if (next.done) {
      out('\ninput ended; the match is not finished.\n');
      out(`position: ${makePosition(game, s)}\n`);
      return finish();
    }
    const line = next.value.trim();
    if (echo) out(line + '\n');
    if (line === '') continue;
    const cmd = line.toLowerCase();
    if (cmd === 'quit' || cmd === 'exit' || cmd === 'q') {
      out(`position: ${makePosition(game, s)}\n`);
      return finish();
    }
    if (cmd === 'help' || cmd === '?') {
      out(HELP.slice(HELP.indexOf('Type a move')) + '\n');
      continue;
    }
    if (cmd === 'moves') {
      out(`legal: ${legalMovesText(game, s)}\n`);
      continue;
    }
    if (cmd === 'show') {
      drawn = false;
      continue;
    }
    if (cmd === 'position') {
      out(makePosition(game, s) + '\n');
      continue;
    }
    if (cmd === 'undo') {
      const prev = undoStack.pop();
      if (!prev) {
        out('nothing to undo\n');
        continue;
      }
      s.copyFrom(prev.state);
      moves.length = prev.moves;
      out('move taken back\n');
      drawn = false;
      continue;
    }
    let text = line;
    let computerSaid = '';
    if (isSimultaneous(s) && humans.length < game.players) {
      // The people type their own choices only; the computer seats choose theirs unseen.
      const typed = line.split('|');
      if (typed.length !== humans.length) {
        out(`ERR_MOVE_SYNTAX: type ${humans.length === 1 ? 'your choice' : `one choice for each of ${who}, joined by '|'`}\nlegal: ${legalMovesText(game, s)}\n`);
        continue;
      }
      const parts = computerParts(s);
      humans.forEach((p, i) => (parts[p - 1] = typed[i]));
      text = parts.join('|');
      computerSaid = parts.filter((_, i) => seats[i + 1]!.kind === 'computer').join('|');
    }
    const before = s.clone();
    const r = playMoveText(game, s, text);
    if (!r.ok) {
      out(`${r.error.code}: ${bareMessage(r.error)}\nlegal: ${legalMovesText(game, s)}\n`);
      continue;
    }
    if (computerSaid) out(`the computer chose ${computerSaid}\n`);
    undoStack.push({ state: before, moves: moves.length });
    moves.push(makeParsedMove(game, before, r.value));
    drawn = false;
  }
}
