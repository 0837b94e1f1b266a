/**
 * The engine side of the Gabata engine protocol (docs/protocol.md): a line-based dialogue on
 * stdin/stdout in the spirit of UCI. `EngineSession.handle(line)` answers one command line
 * through the `write` callback; it never throws on input: a malformed command gets
 * `error <CODE> <message>`.
 *
 * Two ways to search. Inline (no `host`): `go` searches on the caller's thread and has written
 * `bestmove` when `handle` returns; in-process callers and the search worker itself use this.
 * With a `SearchHost` (`gabata engine` starts a worker thread): `go` hands the search to the
 * host and `handle` returns at once, so `isready`, `stop` and `quit` are answered mid-search.
 * The host keeps a mirror of this session: every accepted `setoption`, `newgame` and `position`
 * line is replayed to it in order, so the searcher sees the very state and agent this session
 * would have had.
 *
 * The answers keep the order of the commands. Once a search has been stopped (by `stop`, or by a
 * `setoption`, `newgame` or `position`, which stop it), the lines read after wait until its
 * `bestmove` has been written, so that move never comes after the answer to a later command (a
 * `readyok`, say). Only `quit` never waits: it is how a client ends an engine whatever it does.
 */
import { GabataError } from '../core/errors.js';
import { MAX_MOVES, outcomeAt, type Game } from '../core/game.js';
import { PHASE_OVER, type State } from '../core/state.js';
import { getRuleset, RULESETS } from '../games/index.js';
import { makeAgent, type Agent, type SearchBudget, type SearchInfo } from '../ai/index.js';
import { isSimultaneous } from '../ai/util.js';
import { makePosition, parseAnyPosition } from '../notation/position.js';
import { playMoveText } from '../notation/move.js';
import { makeDiagram } from '../notation/diagram.js';
import { checkPlayer, checkPlayerNumber, clip, commandOf, type GoRequest, infoLine, jsonEnd, oneLine, parseGo } from './engine-lines.js';

/** Runs searches away from the session's input loop (a worker thread in `gabata engine`). */
export interface SearchHost {
  /** Replays a command the session accepted (`setoption`, `newgame`, `position`) on the searcher's copy. */
  mirror(line: string): void;
  /**
   * Starts search `id` with a `go` line the session has checked: `output` gets its lines (`info`,
   * then `bestmove` or an `error` line), in order; `done` is called once after the last.
   */
  go(id: number, line: string, output: (line: string) => void, done: () => void): void;
  /** Asks search `id` (and every earlier one) to stop and answer its best move so far. */
  stop(id: number): void;
  /** Ends the searcher at once; a search in progress gives no answer. */
  close(): Promise<void>;
}

export interface EngineOptions {
  /** Where `go` runs; without a host it runs inline and `go infinite` is refused. */
  host?: SearchHost;
  /** For inline searches: asked during the search, true ends it (the search worker's stop flag). */
  shouldStop?: () => boolean;
}

/** A search handed to the host whose `bestmove` the client has not yet been sent. */
interface PendingSearch {
  readonly id: number;
  readonly infinite: boolean;
  /** `stop` (or a command that stops) was sent for it. */
  stopped: boolean;
  /** The bestmove of a `go infinite` search that ended by itself, sent when `stop` comes (as in UCI). */
  held: string | null;
}

export const ENGINE_NAME = 'Gabata';
export const ENGINE_VERSION = '0.1.0';
/** Agent used when none is set with `setoption name agent value ...`. */
export const DEFAULT_AGENT = 'level:5';
/** Longest command line accepted (`gabata engine` reads no more of a line than this and one character). */
export const MAX_LINE = 1_000_000;
/**
 * At the end of input, how long the stopped searches have to answer before the engine closes
 * anyway: they answer within milliseconds of a stop; this only bounds a searcher that is stuck.
 */
const FINISH_GRACE_MS = 2000;

export class EngineSession {
  private game: Game | null = null;
  private state: State | null = null;
  private seed = 1;
  private agentSpec = DEFAULT_AGENT;
  private agent: Agent | null = null;
  private readonly host: SearchHost | undefined;
  private readonly shouldStop: (() => boolean) | undefined;
  private nextSearchId = 1;
  /** Searches handed to the host whose answer (`bestmove` or `error`) the client has not been sent. */
  private readonly pending = new Map<number, PendingSearch>();
  /** Lines read while a stopped search's bestmove is still to come: handled, in order, once it is written. */
  private readonly waiting: string[] = [];
  private draining = false;
  /** The input has ended (`finish`): every search is stopped as soon as it starts. */
  private ending = false;
  /** Called when a search has written its answer (`finish` waits for them). */
  private answeredHook: (() => void) | null = null;

  constructor(
    private readonly write: (line: string) => void,
    options: EngineOptions = {},
  ) {
    this.host = options.host;
    this.shouldStop = options.shouldStop;
  }

  /** Whether a search is running as far as the client knows: a `go` without its `bestmove` and no `stop` sent. */
  get searching(): boolean {
    for (const p of this.pending.values()) if (!p.stopped) return true;
    return false;
  }

  /** Whether a stopped search has yet to write its bestmove: until it has, the lines read wait. */
  private get stopping(): boolean {
    for (const p of this.pending.values()) if (p.stopped) return true;
    return false;
  }

  /**
   * Handles one line; returns false after `quit`. While a stopped search has yet to answer, the
   * line waits (and is handled, in order, once that bestmove is written); `quit` never waits.
   */
  handle(raw: string): boolean {
    if (raw.length <= MAX_LINE && commandOf(raw).cmd === 'quit') {
      this.waiting.length = 0;
      return false;
    }
    if (this.waiting.length > 0 || this.stopping) {
      this.waiting.push(raw);
      return true;
    }
    this.handleNow(raw);
    return true;
  }

  private handleNow(raw: string): void {
    if (raw.length > MAX_LINE) {
      this.error(new GabataError('ERR_TOO_LARGE', `a line of more than ${MAX_LINE} characters is too long`));
      return;
    }
    const { line, cmd, rest } = commandOf(raw);
    if (line === '') return;
    try {
      this.command(raw, line, cmd, rest);
    } catch (e) {
      this.error(e instanceof GabataError ? e : new GabataError('ERR_INTERNAL', (e as Error).message ?? String(e)));
    }
  }

  private command(raw: string, line: string, cmd: string, rest: string): void {
    switch (cmd) {
      case 'gabata':
        this.identify();
        return;
      case 'isready':
        // Nothing earlier is still waiting (else this line would be), so every earlier command has been handled.
        this.write('readyok');
        return;
      case 'setoption':
      case 'newgame':
      case 'position':
        this.change(raw, line, cmd, rest);
        return;
      case 'go':
        this.go(rest, line);
        return;
      case 'legal':
        this.legal(rest);
        return;
      case 'result':
        this.result(rest);
        return;
      case 'd':
      case 'show':
        this.show();
        return;
      case 'stop':
        // Between searches there is nothing to end: ignored, as in UCI.
        this.stopSearches();
        return;
      default:
        throw new GabataError(
          'ERR_PROTOCOL',
          `unknown command '${clip(cmd)}'; known: gabata, isready, setoption, newgame, position, go, legal, result, d, stop, quit`,
        );
    }
  }

  /**
   * `setoption`, `newgame`, `position`. A running search is stopped first, as by `stop`, and the
   * command waits for its bestmove: the client gets that move before anything this command or a
   * later one answers, never a move for a position it has left, nor a search that ignores the new one.
   */
  private change(raw: string, line: string, cmd: string, rest: string): void {
    this.stopSearches();
    if (this.stopping) {
      // First in line: the lines waiting (if any) were read after this one.
      this.waiting.unshift(raw);
      return;
    }
    if (cmd === 'setoption') this.setOption(rest);
    else if (cmd === 'newgame') this.newGame(rest);
    else this.position(rest);
    this.host?.mirror(line);
  }

  /** Handles the lines that waited for a stopped search's bestmove, until one has to wait again. */
  private drain(): void {
    if (this.draining) return;
    this.draining = true;
    try {
      while (this.waiting.length > 0 && !this.stopping) this.handleNow(this.waiting.shift()!);
    } finally {
      this.draining = false;
    }
  }

  /** Search `search` has written its answer (or ended without one): the lines waiting for it go on. */
  private answered(search: PendingSearch): void {
    if (!this.pending.delete(search.id)) return;
    this.drain();
    this.answeredHook?.();
  }

  private error(e: GabataError): void {
    this.write(`error ${e.code} ${oneLine(e.message)}`);
  }

  private identify(): void {
    this.write(`id name ${ENGINE_NAME} ${ENGINE_VERSION}`);
    this.write('id author the Gabata project');
    this.write(`id rulesets ${RULESETS.map((r) => r.info.id).join(' ')}`);
    this.write(`option name agent type string default ${DEFAULT_AGENT}`);
    this.write('option name seed type integer default 1');
    this.write('gabataok');
  }

  private setOption(rest: string): void {
    const m = /^name\s+(\S+)\s+value\s+(.+)$/.exec(rest);
    if (!m) throw new GabataError('ERR_PROTOCOL', "setoption takes 'name <name> value <value>'");
    const name = m[1]!.toLowerCase();
    const value = m[2]!.trim();
    if (name === 'agent') {
      const a = makeAgent(value, this.seed);
      if (!a.ok) throw a.error;
      this.agentSpec = value;
      this.agent = a.value;
    } else if (name === 'seed') {
      if (!/^\d{1,15}$/.test(value)) throw new GabataError('ERR_PROTOCOL', `seed must be a non-negative integer, not '${value}'`);
      this.seed = Number(value);
      this.agent = null;
    } else throw new GabataError('ERR_PROTOCOL', `unknown option '${clip(name)}'; known: agent, seed`);
  }

  private getAgent(): Agent {
    if (this.agent === null) {
      const a = makeAgent(this.agentSpec, this.seed);
      if (!a.ok) throw a.error;
      this.agent = a.value;
    }
    return this.agent;
  }

  private newGame(rest: string): void {
    const [name, ...pairs] = rest.split(/\s+/).filter((x) => x !== '');
    if (name === undefined)
      throw new GabataError('ERR_PROTOCOL', 'newgame takes a ruleset and options: newgame <ruleset> [seed=N] [name=value ...]');
    const rs = getRuleset(name);
    if (!rs.ok) throw rs.error;
    // No prototype: a name like `__proto__` must stay a key (and be refused as an unknown option).
    const given: Record<string, string> = Object.create(null) as Record<string, string>;
    let seed = this.seed;
    for (const kv of pairs) {
      const m = /^([^=]+)=(.*)$/.exec(kv);
      if (!m) throw new GabataError('ERR_PROTOCOL', `newgame options are name=value, not '${kv}'`, kv);
      if (m[1] === 'seed') {
        if (!/^\d{1,15}$/.test(m[2]!)) throw new GabataError('ERR_PROTOCOL', `seed must be a non-negative integer, not '${m[2]}'`);
        seed = Number(m[2]);
      } else given[m[1]!] = m[2]!;
    }
    const notes: string[] = [];
    const g = rs.value.create(given, notes);
    if (!g.ok) throw g.error;
    // Old option values (SPEC §12) are accepted and read as they played; say how.
    for (const n of notes) this.write(`info string warning ${oneLine(n)}`);
    this.game = g.value;
    this.seed = seed;
    this.state = g.value.newState(seed);
    this.getAgent().reset();
  }

  private position(rest: string): void {
    let posText: string;
    let movesText = '';
    if (rest.startsWith('{')) {
      const end = jsonEnd(rest);
      if (end < 0) throw new GabataError('ERR_POSITION', 'unterminated JSON position');
      posText = rest.slice(0, end + 1);
      movesText = rest.slice(end + 1).trim();
    } else {
      const m = /(^|\s)moves(\s|$)/.exec(rest);
      posText = (m ? rest.slice(0, m.index) : rest).trim();
      movesText = m ? rest.slice(m.index).trim() : '';
    }
    if (movesText !== '' && !/^moves(\s|$)/.test(movesText))
      throw new GabataError('ERR_PROTOCOL', `expected 'moves' after the position, not '${movesText.split(/\s+/)[0]}'`);
    const moves = movesText
      .split(/\s+/)
      .slice(1)
      .filter((x) => x !== '');
    let game: Game;
    let s: State;
    if (posText === '') {
      throw new GabataError(
        'ERR_PROTOCOL',
        "position takes 'startpos', a position's text or its JSON, then 'moves ...' if any: e.g. 'position startpos moves 4'",
      );
    }
    if (posText === 'startpos') {
      if (this.game === null) throw new GabataError('ERR_PROTOCOL', "no game: send 'newgame <ruleset>' before 'position startpos'");
      game = this.game;
      s = game.newState(this.seed);
    } else {
      const p = parseAnyPosition(posText, this.game ? { expect: this.game.ruleset } : {});
      if (!p.ok) throw p.error;
      game = p.value.game;
      s = p.value.state;
    }
    for (let i = 0; i < moves.length; i++) {
      const r = playMoveText(game, s, moves[i]!);
      if (!r.ok) throw new GabataError(r.error.code, `move ${i + 1} '${moves[i]}': ${r.error.message}`);
    }
    this.game = game;
    this.state = s;
  }

  private legal(rest: string): void {
    const { game, s } = this.current();
    const m = /^(?:player\s+([1-9]\d*))?$/.exec(rest);
    if (!m) throw new GabataError('ERR_PROTOCOL', `legal takes nothing or 'player <p>' (p from 1), not '${clip(rest)}'`);
    const player = m[1] === undefined ? 0 : Number(m[1]);
    const buf = new Int32Array(MAX_MOVES);
    let n = 0;
    if (s.phase === PHASE_OVER) checkPlayerNumber(s, player);
    else if (isSimultaneous(s)) {
      checkPlayer(s, player, "a simultaneous node: say whose choices, e.g. 'legal player 1'");
      n = game.legalMovesFor(s, player, buf);
    } else {
      checkPlayer(s, player, '');
      n = game.legalMoves(s, buf);
    }
    const texts: string[] = [];
    for (let i = 0; i < n; i++) texts.push(game.moveText(s, buf[i]!));
    this.write(`legal ${texts.join(' ')}`.trimEnd());
  }

  /**
   * `result`: one line, `result ongoing`, `result winner <p>` or `result draw`, then `returns` and
   * each player's return (0 for all while the match goes on), and once it is over `reason` and why
   * it ended (`rules`, or a guard's reason).
   */
  private result(rest: string): void {
    if (rest !== '') throw new GabataError('ERR_PROTOCOL', `result takes nothing, not '${clip(rest)}'`);
    const { game, s } = this.current();
    const r = outcomeAt(game, s);
    const state = !r.terminal ? 'ongoing' : r.winner > 0 ? `winner ${r.winner}` : 'draw';
    const returns = r.returns.slice(1).map((x) => String(Number(x.toFixed(6))));
    this.write(`result ${state} returns ${returns.join(' ')}${r.terminal ? ` reason ${r.reason}` : ''}`);
  }

  private show(): void {
    const { game, s } = this.current();
    for (const l of makeDiagram(game, s).split('\n')) this.write(`info string ${l}`);
    this.write(`info string position ${makePosition(game, s)}`);
  }

  private current(): { game: Game; s: State } {
    if (this.game === null || this.state === null)
      throw new GabataError('ERR_PROTOCOL', "no position: send 'newgame <ruleset>' and 'position ...' first");
    return { game: this.game, s: this.state };
  }

  private go(rest: string, line: string): void {
    const request = parseGo(this.current().s, rest);
    if (this.host === undefined) {
      this.searchInline(request);
      return;
    }
    if (this.searching) throw new GabataError('ERR_PROTOCOL', "a search is running: send 'stop' before the next 'go'");
    const search: PendingSearch = { id: this.nextSearchId++, infinite: request.infinite, stopped: false, held: null };
    this.pending.set(search.id, search);
    this.host.go(
      search.id,
      line,
      (out) => this.searchOutput(search, out),
      () => {
        if (search.held === null) this.answered(search);
      },
    );
    // Nobody is left to send `stop` (the input has ended): the search answers at once.
    if (this.ending) this.stopSearchOf(search);
  }

  /** A line of search `search` from the host: written, or held (the bestmove of a `go infinite` not yet stopped). */
  private searchOutput(search: PendingSearch, out: string): void {
    // Answered already, or the session is closed: nothing of it may follow.
    if (!this.pending.has(search.id)) return;
    const answer = out.startsWith('bestmove ') || out.startsWith('error ');
    if (out.startsWith('bestmove ') && search.infinite && !search.stopped) {
      search.held = out;
      return;
    }
    this.write(out);
    // The search is over for the client the moment its answer is written: a `go` read right
    // after the bestmove (before the host reports done) must not find it still running.
    if (answer) this.answered(search);
  }

  /** Sends `stop` to every running search; a held `go infinite` answer goes out now. */
  private stopSearches(): void {
    for (const search of [...this.pending.values()]) this.stopSearchOf(search);
  }

  private searchInline(request: GoRequest): void {
    const { game, s } = this.current();
    if (request.infinite && this.shouldStop === undefined) {
      throw new GabataError(
        'ERR_PROTOCOL',
        "go infinite needs a search that 'stop' can reach: run 'gabata engine', whose searches run in a worker thread",
      );
    }
    const agent = this.getAgent();
    const budget: SearchBudget = { ...request.budget, shouldStop: this.shouldStop };
    const onInfo = (i: SearchInfo): void => this.write(infoLine(game, s, i));
    let move: number;
    if (isSimultaneous(s)) {
      const r = (
        agent.chooseFor as (g: Game, st: State, p: number, bb?: SearchBudget, cb?: (i: SearchInfo) => void) => { move: number } & SearchInfo
      )(game, s, request.player, budget, onInfo);
      move = r.move;
    } else move = agent.choose(game, s, budget, onInfo).move;
    if (move < 0) throw new GabataError('ERR_INTERNAL', 'no move found');
    this.write(`bestmove ${game.moveText(s, move)}`);
  }

  /**
   * At the end of input: every search is stopped (nobody is left to send `stop`, and a deep
   * bounded search could run for hours) and answers; the lines still waiting are handled, any
   * search they start stopped at once; then the host is closed. A searcher that has not answered
   * within `graceMs` of that is closed all the same, so the process never outlives its input.
   */
  async finish(graceMs = FINISH_GRACE_MS): Promise<void> {
    this.ending = true;
    this.stopSearches();
    const deadline = Date.now() + graceMs;
    while (this.pending.size > 0 && Date.now() < deadline) await this.nextAnswer(deadline - Date.now());
    await this.close();
  }

  /** Resolves when a search next writes its answer, or after `ms`. */
  private nextAnswer(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        this.answeredHook = null;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.answeredHook = done;
    });
  }

  /** Ends at once (`quit`): a search in progress is abandoned without an answer, and the lines waiting for one are dropped. */
  async close(): Promise<void> {
    this.pending.clear();
    this.waiting.length = 0;
    await this.host?.close();
  }

  private stopSearchOf(search: PendingSearch): void {
    if (search.stopped) return;
    search.stopped = true;
    this.host?.stop(search.id);
    if (search.held !== null) {
      this.write(search.held);
      this.answered(search);
    }
  }
}
