/**
 * `gabata play <ruleset> [--option name=value]... [--preset NAME] [--players N] [--seed S]
 *  [--vs human|AGENT] [--record FILE]`: a match at one terminal. The board is drawn after every
 * move, and every move is told in sentences (its story: relays, wegues, captures, nedfs, the
 * race...). Moves are typed in the notation (`a|b` at a simultaneous node); `help`, `moves`,
 * `undo`, `show`, `position` and `quit` are commands. Works with input piped on stdin (each line
 * read is echoed so that a transcript reads like a session).
 *
 * Seats: a person types; a computer seat is an agent of packages/engine/src/ai (`--vs level:3`,
 * `--vs mcts:iterations=2000`), seeded from `--seed`, in every seat but player 1's.
 *
 * The record (`--record FILE`) is written at the start (so that a bad path is found before play)
 * and again after every move, so that it survives every way out: quit, end of input, Ctrl-C and
 * the end of the match.
 */
import { statSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { createInterface } from 'node:readline';
import { makeAgent, type Agent } from '@gabata/engine/ai';
import { deriveSeed, err, GabataError, type Game, type GameEvent, ok, PHASE_OVER, type Result, type State } from '@gabata/engine/core';
import { RULESETS } from '@gabata/engine/games';
import {
  bareMessage,
  isSimultaneous,
  legalMoveList,
  legalMoveListFor,
  legalMovesText,
  makeDiagram,
  makeJointMove,
  makeParsedMove,
  makePosition,
  makeRecord,
  playMoveText,
  stateResult,
  stringifyRecord,
} from '@gabata/engine/notation';
import { storyLines, wordsFor } from '../i18n/story-lines.js';
import { DEFAULT_SEED, EXIT_OK, fail, findRuleset, makeGame, parseCommon } from './args.js';

/** The signals that end play with the record kept, and the exit code of each (128 + its number). */
const SIGNAL_EXITS: readonly (readonly [NodeJS.Signals, number])[] = [
  ['SIGINT', 130],
  ['SIGHUP', 129],
  ['SIGTERM', 143],
];

const USAGE = `usage: gabata play [<ruleset>] [--option name=value]... [--preset NAME] [--players N] [--seed S]
                   [--vs human|AGENT] [--record FILE]

Plays a match at this terminal (the ruleset defaults to the first one of gabata rulesets).
After every move the board is drawn and the move is told: relays, wegues and nedfs made,
captures, why the turn ended, the race with each racer named.
--vs AGENT: you are player 1; the computer plays every other seat. AGENT is any agent spec:
  level:1 .. level:5 (beginner .. master), random, greedy, alphabeta:depth=4,
  mcts:iterations=2000 (see gabata simulate --help). --vs human (the default): people only.
--seed S: the seed of the position and of the computer's choices (default ${DEFAULT_SEED}); the same seed
  and the same typed moves replay the same match.
--record FILE: the game record (JSON), written at the start and after every move; kept on quit,
  at the end of input, on Ctrl-C and at the end of the match. Replay it with gabata replay FILE.`;

const COMMANDS = `Type a move in the notation shown by 'moves' (at a simultaneous node such as the race,
every player's choice joined by '|', player 1's first: in Selus e.g. 3|14), or a command:
  moves      list the legal moves
  undo       take back the last move typed (and the computer's replies)
  show       draw the board again
  position   print the position text (to continue later with gabata show/apply)
  help       this text
  quit       stop (the record is still written with --record)`;

/** The text of `help` inside play: the commands, then what this ruleset's notation needs. */
export function playHelp(game: Game): string {
  const extra = game.ruleset.info.notationHelp;
  return extra ? `${COMMANDS}\n${extra}` : COMMANDS;
}

/** Who chooses a seat's moves: a person at the terminal, or an agent of packages/engine/src/ai. */
export type Seat = { kind: 'human' } | { kind: 'computer'; name: string; agent: Agent };

/** The computer seat of an agent spec (`level:3`, `mcts:iterations=2000`, ...). */
export function computerSeat(spec: string, seed: number): Result<Seat> {
  const a = makeAgent(spec, seed);
  if (!a.ok) return err('ERR_ARGUMENT', `--vs takes human or an agent spec: ${bareMessage(a.error)}`, '--vs');
  return ok({ kind: 'computer', name: spec, agent: a.value });
}

/**
 * Checks at the start that the record can be written where asked, and says why not in words
 * a person can act on (rather than an EISDIR at the end of a long match).
 */
export function checkRecordPath(file: string): Result<string> {
  const stat = (p: string): ReturnType<typeof statSync> | undefined => {
    try {
      return statSync(p);
    } catch {
      return undefined;
    }
  };
  const here = stat(file);
  if (here?.isDirectory())
    return err('ERR_ARGUMENT', `--record ${file} is a folder; give a file name, e.g. ${file.replace(/\/+$/, '')}/match.json`, '--record');
  const folder = dirname(file);
  const parent = stat(folder);
  if (!parent) return err('ERR_ARGUMENT', `--record ${file}: the folder ${folder} does not exist`, '--record');
  if (!parent.isDirectory()) return err('ERR_ARGUMENT', `--record ${file}: ${folder} is not a folder`, '--record');
  return ok(file);
}

export async function run(args: string[]): Promise<number> {
  const a = parseCommon(args, ['vs', 'record']);
  if (!a.ok) return fail('play', a.error, USAGE);
  if (a.value.help) {
    process.stdout.write(`${USAGE}\n\n${COMMANDS}\n`);
    return EXIT_OK;
  }
  const [name, ...rest] = a.value.positionals;
  if (rest.length > 0) return fail('play', new GabataError('ERR_ARGUMENT', `unexpected argument '${rest[0]}'`), USAGE);
  // Without a ruleset, the first registered one (what `npm start` gives a new user).
  const rs = name === undefined && RULESETS[0] ? ok(RULESETS[0]) : findRuleset(name);
  if (!rs.ok) return fail('play', rs.error, USAGE);
  const g = makeGame(rs.value, a.value);
  if (!g.ok) return fail('play', g.error);
  const game = g.value;
  const seed = a.value.seed ?? DEFAULT_SEED;
  const vs = a.value.extra['vs'] ?? 'human';
  const seats: Seat[] = [{ kind: 'human' }];
  for (let p = 1; p <= game.players; p++) {
    if (vs === 'human' || p === 1) {
      seats.push({ kind: 'human' });
      continue;
    }
    const seat = computerSeat(vs, deriveSeed(seed, p));
    if (!seat.ok) return fail('play', seat.error);
    seats.push(seat.value);
  }
  const recordFile = a.value.extra['record'];
  if (recordFile !== undefined) {
    const checked = checkRecordPath(recordFile);
    if (!checked.ok) return fail('play', checked.error);
  }
  return playMatch(game, seed, seats, recordFile);
}

type ComputerSeat = Extract<Seat, { kind: 'computer' }>;

/** Runs the read-draw-move loop until the match ends, the input ends, `quit` or Ctrl-C. */
export async function playMatch(game: Game, seed: number, seats: readonly Seat[], recordFile?: string): Promise<number> {
  const session = new PlaySession(game, seed, seats, recordFile);
  const first = session.saveRecord();
  if (!first.ok) return fail('play', first.error);
  return session.run();
}

const out = (t: string): void => {
  process.stdout.write(t);
};
const playerName = (p: number): string => `Player ${p}`;

/** What a typed line was: a command that ends play, a command done, or a move to play. */
type CommandOutcome = 'quit' | 'done' | 'move';

/** One match at the terminal: its state, the moves for the record, the undo stack and the input. */
class PlaySession {
  private readonly words: ReturnType<typeof wordsFor>;
  private readonly echo = !process.stdin.isTTY;
  private readonly opening: GameEvent[] = [];
  private readonly s: State;
  /** States before each move typed by a person, and how many record moves preceded it (for undo). */
  private readonly undoStack: { state: State; moves: number }[] = [];
  private readonly moves: string[] = [];
  private readonly agents: string[];
  private readonly date = new Date().toISOString();
  private rl: ReturnType<typeof createInterface> | undefined;
  private onSignals: (readonly [NodeJS.Signals, () => void])[] = [];
  /** Whether the board on screen shows the current position. */
  private drawn = false;

  constructor(
    private readonly game: Game,
    private readonly seed: number,
    private readonly seats: readonly Seat[],
    private readonly recordFile: string | undefined,
  ) {
    this.words = wordsFor(game.ruleset.info);
    this.s = game.newState(seed, this.opening);
    this.agents = seats.slice(1).map((x) => (x.kind === 'human' ? 'human' : x.name));
  }

  /** Writes the record as it stands (a match cut short has `result: null`). */
  saveRecord(): Result<void> {
    if (!this.recordFile) return ok(undefined);
    const { game, seed, moves, s: final, agents, date } = this;
    try {
      writeFileSync(this.recordFile, stringifyRecord(makeRecord({ game, seed, moves, final, agents, date })) + '\n');
      return ok(undefined);
    } catch (e) {
      return err('ERR_ARGUMENT', `cannot write the record to ${this.recordFile}: ${(e as Error).message}`, '--record');
    }
  }

  async run(): Promise<number> {
    this.rl = createInterface({ input: process.stdin, terminal: false });
    const lines = this.rl[Symbol.asyncIterator]();
    this.catchSignals();
    out(`${this.game.ruleset.info.name}: type a move, or help. Seed ${this.seed}.\n`);
    if (this.opening.some((e) => e.type !== 'drop' && e.type !== 'raceTick')) {
      out('The opening:\n');
      this.tell(this.opening);
    }
    for (;;) {
      if (!this.drawn) {
        out(makeDiagram(this.game, this.s) + '\n');
        this.drawn = true;
      }
      if (this.s.phase === PHASE_OVER) {
        this.tellResult();
        return this.finish();
      }
      const humans = this.typists();
      if (humans.length === 0) {
        if (!this.playComputerMove()) return this.finish(1);
        continue;
      }
      out(`${humans.map((p) => `P${p}`).join('|')}> `);
      const next = await lines.next();
      if (next.done) {
        out('\ninput ended; the match is not finished.\n');
        out(`position: ${makePosition(this.game, this.s)}\n`);
        return this.finish();
      }
      const line = next.value.trim();
      if (this.echo) out(line + '\n');
      if (line === '') continue;
      const outcome = this.command(line.toLowerCase());
      if (outcome === 'quit') return this.finish();
      if (outcome === 'move') this.playTyped(line, humans);
    }
  }

  /**
   * Ctrl-C (or the terminal closing, or a kill): keep the record of the moves so far, then stop
   * with the code a shell expects of a program ended by that signal.
   */
  private catchSignals(): void {
    this.onSignals = SIGNAL_EXITS.map(([signal, code]) => {
      const handler = (): void => {
        out(`\ninterrupted.\nposition: ${makePosition(this.game, this.s)}\n`);
        process.exit(this.finish(code));
      };
      process.on(signal, handler);
      return [signal, handler] as const;
    });
  }

  /** Stops reading, writes the record a last time, and gives the exit code. */
  private finish(code: number = EXIT_OK): number {
    for (const [signal, handler] of this.onSignals) process.off(signal, handler);
    this.rl?.close();
    if (this.recordFile) {
      const saved = this.saveRecord();
      if (!saved.ok) return fail('play', saved.error);
      out(`record written to ${this.recordFile}\n`);
    }
    return code;
  }

  /** Prints the story of a move's events, one sentence a line, with the clause behind it. */
  private tell(events: readonly GameEvent[]): void {
    for (const l of storyLines(events, playerName, this.words)) out(`  ${l.text}${l.rule ? ` [${l.rule}]` : ''}\n`);
  }

  private tellResult(): void {
    const r = stateResult(this.s)!;
    const n = this.moves.length;
    out(
      r.winner > 0
        ? `Result: P${r.winner} wins; scores ${r.scores.join('-')} (${r.reason}) after ${n} moves.\n`
        : `Result: draw; scores ${r.scores.join('-')} (${r.reason}) after ${n} moves.\n`,
    );
  }

  /** The players who type at this node (at a simultaneous node, every human seat). */
  private typists(): number[] {
    const st = this.s;
    const ps = isSimultaneous(st) ? Array.from({ length: this.game.players }, (_, i) => i + 1) : [st.toMove];
    return ps.filter((p) => this.seats[p]!.kind === 'human');
  }

  /** Player p's part of a joint move, as the agent of its seat chooses it (notation). */
  private partOf(p: number, agent: Agent): string {
    const { game, s: st } = this;
    const joint = new Int32Array(game.players + 1);
    for (let q = 1; q <= game.players; q++) joint[q] = legalMoveListFor(game, st, q)[0] ?? 0;
    joint[p] = agent.chooseFor(game, st, p).move;
    return makeJointMove(game, st, joint).split('|')[p - 1]!;
  }

  /** The computer seats' parts of a joint move (`undefined` for the human seats). */
  private computerParts(): (string | undefined)[] {
    const parts: (string | undefined)[] = [];
    for (let p = 1; p <= this.game.players; p++) {
      const seat = this.seats[p]!;
      parts.push(seat.kind === 'computer' ? this.partOf(p, seat.agent) : undefined);
    }
    return parts;
  }

  /** The computer seats move (every seat at a simultaneous node); false if an agent chose an illegal move. */
  private playComputerMove(): boolean {
    const { game, s } = this;
    let text: string;
    let label: string;
    if (isSimultaneous(s)) {
      text = this.computerParts().join('|');
      label = 'computer (all seats)';
    } else {
      const seat = this.seats[s.toMove] as ComputerSeat;
      const legal = legalMoveList(game, s);
      const chosen = legal.length === 1 ? legal[0]! : seat.agent.choose(game, s).move;
      text = game.moveText(s, chosen);
      label = `${seat.name} (P${s.toMove})`;
    }
    const events: GameEvent[] = [];
    const r = playMoveText(game, s, text, events);
    if (!r.ok) {
      process.stderr.write(`gabata play: ERR_INTERNAL: the computer chose an illegal move '${text}': ${r.error.message}\n`);
      return false;
    }
    this.moves.push(text);
    out(`${label} plays ${text}\n`);
    this.tell(events);
    this.saveRecord();
    this.drawn = false;
    return true;
  }

  /** Carries out a command typed in lower case (`quit`, `help`, `moves`, ...), or says it is a move. */
  private command(cmd: string): CommandOutcome {
    const { game, s } = this;
    if (cmd === 'quit' || cmd === 'exit' || cmd === 'q') {
      out(`position: ${makePosition(game, s)}\n`);
      return 'quit';
    }
    if (cmd === 'help' || cmd === '?') out(playHelp(game) + '\n');
    else if (cmd === 'moves') out(`legal: ${legalMovesText(game, s)}\n`);
    else if (cmd === 'show') this.drawn = false;
    else if (cmd === 'position') out(makePosition(game, s) + '\n');
    else if (cmd === 'undo') this.undo();
    else return 'move';
    return 'done';
  }

  private undo(): void {
    const prev = this.undoStack.pop();
    if (!prev) {
      out('nothing to undo\n');
      return;
    }
    this.s.copyFrom(prev.state);
    this.moves.length = prev.moves;
    this.saveRecord();
    out('move taken back\n');
    this.drawn = false;
  }

  /** Plays a move the people typed (at a simultaneous node with computer seats, only their own choices). */
  private playTyped(line: string, humans: readonly number[]): void {
    const { game, s } = this;
    let text = line;
    let computerSaid = '';
    if (isSimultaneous(s) && humans.length < game.players) {
      // The people type their own choices only; the computer seats choose theirs unseen.
      const typed = line.split('|');
      if (typed.length !== humans.length) {
        const who = humans.map((p) => `P${p}`).join('|');
        out(
          `ERR_MOVE_SYNTAX: type ${humans.length === 1 ? 'your choice' : `one choice for each of ${who}, joined by '|'`}\n` +
            `legal: ${legalMovesText(game, s)}\n`,
        );
        return;
      }
      const parts = this.computerParts();
      for (const [i, p] of humans.entries()) parts[p - 1] = typed[i];
      text = parts.join('|');
      computerSaid = parts.filter((_, i) => this.seats[i + 1]!.kind === 'computer').join('|');
    }
    const before = s.clone();
    const events: GameEvent[] = [];
    const r = playMoveText(game, s, text, events);
    if (!r.ok) {
      out(`${r.error.code}: ${bareMessage(r.error)}\nlegal: ${legalMovesText(game, s)}\n`);
      return;
    }
    if (computerSaid) out(`the computer chose ${computerSaid}\n`);
    this.undoStack.push({ state: before, moves: this.moves.length });
    this.moves.push(makeParsedMove(game, before, r.value));
    this.tell(events);
    this.saveRecord();
    this.drawn = false;
  }
}
