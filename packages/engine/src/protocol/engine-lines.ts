/**
 * The words of the engine protocol's lines (docs/protocol.md), apart from the session that answers
 * them: a command line split into its word and the rest, a `go` line checked against the position,
 * the player a command names, an `info` line of a search, and the quoting of the client's words in
 * an error line.
 */
import { GabataError } from '../core/errors.js';
import type { Game } from '../core/game.js';
import { PHASE_OVER, type State } from '../core/state.js';
import {
  MAX_SEARCH_DEPTH,
  MAX_SEARCH_ITERATIONS,
  MAX_SEARCH_NODES,
  MAX_SEARCH_TIME_MS,
  type SearchBudget,
  type SearchInfo,
} from '../ai/index.js';
import { isSimultaneous } from '../ai/util.js';

/** What a checked `go` line asks for. */
export interface GoRequest {
  budget: SearchBudget;
  /** 0 unless named (sequential node), the searching player at a simultaneous node. */
  player: number;
  infinite: boolean;
}

/** The budget words of `go`, the agent budget field each sets, and its cap. */
const GO_BUDGET_WORDS: Readonly<Record<string, { field: 'timeMs' | 'iterations' | 'depth' | 'nodes'; max: number; unit: string }>> = {
  movetime: { field: 'timeMs', max: MAX_SEARCH_TIME_MS, unit: ' ms (one hour)' },
  iterations: { field: 'iterations', max: MAX_SEARCH_ITERATIONS, unit: '' },
  depth: { field: 'depth', max: MAX_SEARCH_DEPTH, unit: '' },
  nodes: { field: 'nodes', max: MAX_SEARCH_NODES, unit: '' },
};

/** Checks a `go` line against the current position; the budget caps are those of agent specs. */
export function parseGo(s: State, rest: string): GoRequest {
  if (s.phase === PHASE_OVER) throw new GabataError('ERR_GAME_OVER', 'the match is over: there is no move to search');
  const tokens = rest.split(/\s+/).filter((x) => x !== '');
  const budget: SearchBudget = {};
  let player = 0;
  let infinite = false;
  let i = 0;
  while (i < tokens.length) {
    const key = tokens[i++]!;
    if (key === 'infinite') {
      infinite = true;
      continue;
    }
    const word = Object.hasOwn(GO_BUDGET_WORDS, key) ? GO_BUDGET_WORDS[key] : undefined;
    if (word === undefined && key !== 'player') {
      throw new GabataError(
        'ERR_PROTOCOL',
        `unknown go parameter '${clip(key)}'; known: movetime, iterations, depth, nodes, infinite, player`,
      );
    }
    const raw = tokens[i++];
    if (raw === undefined || !/^\d+$/.test(raw) || Number(raw) <= 0) {
      throw new GabataError('ERR_PROTOCOL', `go ${key} takes a positive whole number${raw === undefined ? '' : `, not '${clip(raw)}'`}`);
    }
    const v = Number(raw);
    if (word === undefined) player = v;
    else {
      if (v > word.max) throw new GabataError('ERR_ARGUMENT', `go ${key} must be at most ${word.max}${word.unit}, not ${clip(raw)}`);
      budget[word.field] = v;
    }
  }
  if (infinite) {
    if (Object.keys(budget).length > 0)
      throw new GabataError('ERR_PROTOCOL', `go infinite searches until 'stop': it takes no ${Object.keys(GO_BUDGET_WORDS).join(', ')}`);
    budget.infinite = true;
  }
  checkPlayer(
    s,
    player,
    isSimultaneous(s) ? "a simultaneous node: every player chooses at once; say for whom, e.g. 'go player 1 movetime 500'" : '',
  );
  return { budget, player, infinite };
}
/** A line's command word and the rest, trimmed. */
export function commandOf(raw: string): { line: string; cmd: string; rest: string } {
  const line = raw.trim();
  const sp = line.search(/\s/);
  return { line, cmd: sp < 0 ? line : line.slice(0, sp), rest: sp < 0 ? '' : line.slice(sp + 1).trim() };
}

/** A player number named by a command (0: none) must be one of the game's players. */
export function checkPlayerNumber(s: State, player: number): void {
  if (player > s.players)
    throw new GabataError('ERR_PROTOCOL', `there is no player ${clip(String(player))}: the players are 1..${s.players}`);
}

/**
 * The `player` of `go` and `legal`: at a simultaneous node it must be named (else `unnamed`, the
 * error), at a sequential node it may be left out, and when given it must be the player to move.
 */
export function checkPlayer(s: State, player: number, unnamed: string): void {
  checkPlayerNumber(s, player);
  if (isSimultaneous(s)) {
    if (player === 0) throw new GabataError('ERR_PROTOCOL', unnamed);
  } else if (player !== 0 && player !== s.toMove)
    throw new GabataError('ERR_PROTOCOL', `player ${s.toMove} is to move, not player ${player}`);
}

/** `info depth D iterations I nodes N time T value V pv m1 m2 ...` (fields present only when known). */
export function infoLine(game: Game, s: State, i: SearchInfo): string {
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

/**
 * Text for one output line: a message may quote the client's words, and a line break or another
 * control character among them would end the line early or reach the client's terminal.
 */
export function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').replace(/\p{Cc}/gu, '?');
}

/** A token short enough to quote in an error line. */
export function clip(token: string): string {
  return token.length > 24 ? `${token.slice(0, 24)}...` : token;
}

/** Index of the brace closing the JSON object that starts `text`, or -1. */
export function jsonEnd(text: string): number {
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
