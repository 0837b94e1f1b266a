/**
 * The engine side of the Gabata engine protocol (docs/protocol.md): a line-based dialogue on
 * stdin/stdout in the spirit of UCI. `EngineSession.handle(line)` answers one command line
 * through the `write` callback; it never throws on input: a malformed command gets
 * `error <CODE> <message>`.
 */
import { GabataError } from '../core/errors.js';
import { MAX_MOVES, type Game } from '../core/game.js';
import { PHASE_OVER, type State } from '../core/state.js';
import { getRuleset, RULESETS } from '../games/index.js';
import { makeAgent, type Agent, type SearchBudget, type SearchInfo } from '../ai/index.js';
import { isSimultaneous } from '../ai/util.js';
import { makePosition, parseAnyPosition } from '../notation/position.js';
import { playMoveText } from '../notation/move.js';
import { makeDiagram } from '../notation/diagram.js';

export const ENGINE_NAME = 'Gabata';
export const ENGINE_VERSION = '0.1.0';
/** Agent used when none is set with `setoption name agent value ...`. */
export const DEFAULT_AGENT = 'level:5';
/** Longest command line accepted. */
const MAX_LINE = 1_000_000;

export class EngineSession {
  private game: Game | null = null;
  private state: State | null = null;
  private seed = 1;
  private agentSpec = DEFAULT_AGENT;
  private agent: Agent | null = null;

  constructor(private readonly write: (line: string) => void) {}

  /** Handles one line; returns false after `quit`. */
  handle(raw: string): boolean {
    if (raw.length > MAX_LINE) {
      this.error(new GabataError('ERR_TOO_LARGE', `line of ${raw.length} characters is too long (at most ${MAX_LINE})`));
      return true;
    }
    const line = raw.trim();
    if (line === '') return true;
    const sp = line.search(/\s/);
    const cmd = sp < 0 ? line : line.slice(0, sp);
    const rest = sp < 0 ? '' : line.slice(sp + 1).trim();
    try {
      switch (cmd) {
        case 'gabata':
          return this.identify();
        case 'isready':
          this.write('readyok');
          return true;
        case 'setoption':
          return this.setOption(rest);
        case 'newgame':
          return this.newGame(rest);
        case 'position':
          return this.position(rest);
        case 'go':
          return this.go(rest);
        case 'legal':
          return this.legal(rest);
        case 'd':
        case 'show':
          return this.show();
        case 'stop':
          // Searches are bounded and run to their budget; a stop between searches has nothing to end.
          return true;
        case 'quit':
          return false;
        default:
          this.error(new GabataError('ERR_PROTOCOL', `unknown command '${cmd}'; known: gabata, isready, setoption, newgame, position, go, legal, d, stop, quit`));
          return true;
      }
    } catch (e) {
      this.error(e instanceof GabataError ? e : new GabataError('ERR_INTERNAL', (e as Error).message ?? String(e)));
      return true;
    }
  }

  private error(e: GabataError): void {
    this.write(`error ${e.code} ${e.message.replace(/\s+/g, ' ')}`);
  }

  private identify(): boolean {
    this.write(`id name ${ENGINE_NAME} ${ENGINE_VERSION}`);
    this.write('id author the Gabata project');
    this.write(`id rulesets ${RULESETS.map((r) => r.info.id).join(' ')}`);
    this.write(`option name agent type string default ${DEFAULT_AGENT}`);
    this.write('option name seed type integer default 1');
    this.write('gabataok');
    return true;
  }

  private setOption(rest: string): boolean {
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
    } else throw new GabataError('ERR_PROTOCOL', `unknown option '${name}'; known: agent, seed`);
    return true;
  }

  private getAgent(): Agent {
    if (this.agent === null) {
      const a = makeAgent(this.agentSpec, this.seed);
      if (!a.ok) throw a.error;
      this.agent = a.value;
    }
    return this.agent;
  }

  private newGame(rest: string): boolean {
    const [name, ...pairs] = rest.split(/\s+/).filter((x) => x !== '');
    if (name === undefined) throw new GabataError('ERR_PROTOCOL', 'newgame takes a ruleset and options: newgame <ruleset> [seed=N] [name=value ...]');
    const rs = getRuleset(name);
    if (!rs.ok) throw rs.error;
    const given: Record<string, string> = {};
    let seed = this.seed;
    for (const kv of pairs) {
      const m = /^([^=]+)=(.*)$/.exec(kv);
      if (!m) throw new GabataError('ERR_PROTOCOL', `newgame options are name=value, not '${kv}'`, kv);
      if (m[1] === 'seed') {
        if (!/^\d{1,15}$/.test(m[2]!)) throw new GabataError('ERR_PROTOCOL', `seed must be a non-negative integer, not '${m[2]}'`);
        seed = Number(m[2]);
      } else given[m[1]!] = m[2]!;
    }
    const g = rs.value.create(given);
    if (!g.ok) throw g.error;
    this.game = g.value;
    this.seed = seed;
    this.state = g.value.newState(seed);
    this.getAgent().reset();
    return true;
  }

  private position(rest: string): boolean {
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
    if (movesText !== '' && !/^moves(\s|$)/.test(movesText)) throw new GabataError('ERR_PROTOCOL', `expected 'moves' after the position, not '${movesText.split(/\s+/)[0]}'`);
    const moves = movesText.split(/\s+/).slice(1).filter((x) => x !== '');
    let game: Game;
    let s: State;
    if (posText === 'startpos' || posText === '') {
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
    return true;
  }

  private legal(rest: string): boolean {
    const { game, s } = this.current();
    const buf = new Int32Array(MAX_MOVES);
    let n: number;
    if (isSimultaneous(s)) {
      const p = Number(/^player\s+(\d+)$/.exec(rest)?.[1] ?? NaN);
      if (!(p >= 1 && p <= s.players)) throw new GabataError('ERR_PROTOCOL', `a simultaneous node: say whose choices, e.g. 'legal player 1'`);
      n = game.legalMovesFor(s, p, buf);
    } else n = s.phase === PHASE_OVER ? 0 : game.legalMoves(s, buf);
    const texts: string[] = [];
    for (let i = 0; i < n; i++) texts.push(game.moveText(s, buf[i]!));
    this.write(`legal ${texts.join(' ')}`.trimEnd());
    return true;
  }

  private show(): boolean {
    const { game, s } = this.current();
    for (const l of makeDiagram(game, s).split('\n')) this.write(`info string ${l}`);
    this.write(`info string position ${makePosition(game, s)}`);
    return true;
  }

  private current(): { game: Game; s: State } {
    if (this.game === null || this.state === null) throw new GabataError('ERR_PROTOCOL', "no position: send 'newgame <ruleset>' and 'position ...' first");
    return { game: this.game, s: this.state };
  }

  private go(rest: string): boolean {
    const { game, s } = this.current();
    if (s.phase === PHASE_OVER) throw new GabataError('ERR_GAME_OVER', 'the match is over: there is no move to search');
    const tokens = rest.split(/\s+/).filter((x) => x !== '');
    const budget: SearchBudget = {};
    let player = 0;
    for (let i = 0; i < tokens.length; i += 2) {
      const key = tokens[i]!;
      const raw = tokens[i + 1];
      if (raw === undefined || !/^\d{1,12}$/.test(raw) || Number(raw) <= 0) {
        throw new GabataError('ERR_PROTOCOL', `go ${key} takes a positive whole number${raw === undefined ? '' : `, not '${raw}'`}`);
      }
      const v = Number(raw);
      if (key === 'movetime') budget.timeMs = v;
      else if (key === 'iterations') budget.iterations = v;
      else if (key === 'depth') budget.depth = v;
      else if (key === 'nodes') budget.nodes = v;
      else if (key === 'player') player = v;
      else throw new GabataError('ERR_PROTOCOL', `unknown go parameter '${key}'; known: movetime, iterations, depth, nodes, player`);
    }
    const agent = this.getAgent();
    const b = Object.keys(budget).length ? budget : undefined;
    const onInfo = (i: SearchInfo): void => this.write(infoLine(game, s, i));
    let move: number;
    if (isSimultaneous(s)) {
      if (!(player >= 1 && player <= s.players)) {
        throw new GabataError('ERR_PROTOCOL', `a simultaneous node: every player chooses at once; say for whom, e.g. 'go player 1 movetime 500'`);
      }
      const r = (agent.chooseFor as (g: Game, st: State, p: number, bb?: SearchBudget, cb?: (i: SearchInfo) => void) => { move: number } & SearchInfo)(game, s, player, b, onInfo);
      move = r.move;
    } else {
      if (player !== 0 && player !== s.toMove) throw new GabataError('ERR_PROTOCOL', `player ${s.toMove} is to move, not player ${player}`);
      move = agent.choose(game, s, b, onInfo).move;
    }
    if (move < 0) throw new GabataError('ERR_INTERNAL', 'no move found');
    this.write(`bestmove ${game.moveText(s, move)}`);
    return true;
  }
}

/** `info depth D iterations I nodes N time T value V pv m1 m2 ...` (fields present only when known). */
function infoLine(game: Game, s: State, i: SearchInfo): string {
  const parts = ['info'];
  if (i.depth !== undefined) parts.push(`depth ${i.depth}`);
  if (i.iterations !== undefined) parts.push(`iterations ${i.iterations}`);
  if (i.nodes !== undefined) parts.push(`nodes ${i.nodes}`);
  if (i.timeMs !== undefined) parts.push(`time ${Math.round(i.timeMs)}`);
  if (i.value !== undefined) parts.push(`value ${i.value.toFixed(3)}`);
  if (i.pv && i.pv.length > 0) {
    const texts: string[] = [];
    if (isSimultaneous(s)) texts.push(game.moveText(s, i.pv[0]!));
    else {
      const st = s.clone();
      for (const m of i.pv) {
        if (st.phase === PHASE_OVER || isSimultaneous(st)) break;
        texts.push(game.moveText(st, m));
        if (!game.apply(st, m)) break;
      }
    }
    parts.push(`pv ${texts.join(' ')}`);
  }
  return parts.join(' ');
}

/** Index of the brace closing the JSON object that starts `text`, or -1. */
function jsonEnd(text: string): number {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return i;
  }
  return -1;
}
