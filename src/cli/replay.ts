/**
 * `gabata replay <record> [--to N] [--json] [--line K]`: steps through a game record (the JSON
 * written by `play --record`, the server or `simulate --out`): the start, then every move with
 * its story and the board after it. `--to N` prints only the position after ply N; `--json`
 * prints machine-readable states, one JSON object per line (JSON Lines):
 *
 * ```
 * {"ply":0,"move":null,"player":null,"story":[...],"events":[...],"position":"<text>",
 *  "state":{...the JSON form of the position...},"result":null}
 * {"ply":1,"move":"4","player":1,"story":[{"text":"Player 1 lifts 3 counters from hole 4.","rule":"ADW-07"}],...}
 * ```
 *
 * `ply` 0 is the start (its story is the forced opening, if any); `move` is the notation played
 * to reach the ply; `player` the player who moved (0 at a simultaneous node, where everyone
 * chose). `position` is the position text and `state` its JSON form, both accepted back by every
 * command; `result` is {winner, scores, reason} once the match is over, else null.
 */
import { readFileSync, statSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { err, GabataError, type Game, type GameEvent, ok, type Result, type State } from '@gabata/engine/core';
import {
  type GameRecord,
  makeDiagram,
  makePosition,
  parseRecord,
  positionToJSON,
  replayRecord,
  stateResult,
} from '@gabata/engine/notation';
import { storyLines, wordsFor, type StoryLine } from '../i18n/story-lines.js';
import { EXIT_OK, fail } from './args.js';

const HELP = `usage: gabata replay <record.json> [--to N] [--json] [--line K]

Steps through a game record (as written by gabata play --record, the web app's export, or one
line of gabata simulate --out): prints the start, then every move with what it did (its story)
and the board after it, then the result. '-' reads the record from stdin.
  --to N     print only the position after ply N (0 = the start)
  --json     machine-readable: one JSON object per ply, one per line (with --to, only ply N):
             {"ply", "move" (null at ply 0), "player" (0 = all at once, null at ply 0),
              "story": [{"text", "rule"}], "events": [...], "position" (text),
              "state" (JSON form), "result" (null or {"winner", "scores", "reason"})}
  --line K   the record on line K (from 1) of a JSON Lines file (gabata simulate --out)`;

/** Reads the record text from a file (or stdin for '-'), with errors a person can act on. */
export function readRecordText(file: string): Result<string> {
  if (file === '-') {
    try {
      return ok(readFileSync(0, 'utf8'));
    } catch (e) {
      return err('ERR_ARGUMENT', `cannot read the record from stdin: ${(e as Error).message}`, '<record>');
    }
  }
  let isFolder = false;
  try {
    isFolder = statSync(file).isDirectory();
  } catch {
    return err('ERR_NOT_FOUND', `no record file ${file}`, '<record>');
  }
  if (isFolder) return err('ERR_ARGUMENT', `${file} is a folder, not a record file`, '<record>');
  try {
    return ok(readFileSync(file, 'utf8'));
  } catch (e) {
    return err('ERR_NOT_FOUND', `cannot read ${file}: ${(e as Error).message}`, '<record>');
  }
}

/** Picks line K of a JSON Lines text, or the whole text; a JSON Lines text without K is explained. */
export function pickRecord(text: string, line: number | undefined): Result<string> {
  const lines = text.split('\n').filter((l) => l.trim() !== '');
  if (line !== undefined) {
    if (line > lines.length) return err('ERR_ARGUMENT', `--line ${line}: the file has ${lines.length} non-empty lines`, '--line');
    return ok(lines[line - 1]!);
  }
  if (lines.length > 1 && lines.every((l) => l.trimStart().startsWith('{') && l.trimEnd().endsWith('}'))) {
    try {
      JSON.parse(text);
    } catch {
      return err('ERR_RECORD', `this file holds ${lines.length} records, one a line (JSON Lines); choose one with --line K`, 'record');
    }
  }
  return ok(text);
}

export interface PlyView {
  ply: number;
  move: string | null;
  player: number | null;
  story: StoryLine[];
  events: GameEvent[];
  position: string;
  state: unknown;
  result: ReturnType<typeof stateResult>;
}

/** The machine-readable view of one ply (see the module comment for its shape). */
export function plyView(game: Game, s: State, ply: number, move: string | null, player: number | null, events: GameEvent[]): PlyView {
  const words = wordsFor(game.ruleset.info);
  return {
    ply,
    move,
    player,
    story: storyLines(events, (p) => `Player ${p}`, words),
    events,
    position: makePosition(game, s),
    state: positionToJSON(game, s),
    result: stateResult(s),
  };
}

export async function run(args: string[]): Promise<number> {
  let v: { to?: string; json?: boolean; line?: string; help?: boolean };
  let positionals: string[];
  try {
    const parsed = parseArgs({
      args,
      options: { to: { type: 'string' }, json: { type: 'boolean' }, line: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
      strict: true,
    });
    v = parsed.values;
    positionals = parsed.positionals;
  } catch (e) {
    return fail('replay', new GabataError('ERR_ARGUMENT', (e as Error).message), HELP);
  }
  if (v.help) {
    process.stdout.write(HELP + '\n');
    return EXIT_OK;
  }
  const [file, ...rest] = positionals;
  if (file === undefined) return fail('replay', new GabataError('ERR_ARGUMENT', 'a record file is required', '<record>'), HELP);
  if (rest.length > 0) return fail('replay', new GabataError('ERR_ARGUMENT', `unexpected argument '${rest[0]}'`), HELP);
  const whole = (flag: string, t: string | undefined, min: number): Result<number | undefined> =>
    t === undefined
      ? ok(undefined)
      : /^\d{1,9}$/.test(t) && Number(t) >= min
        ? ok(Number(t))
        : err('ERR_ARGUMENT', `${flag} takes a whole number from ${min}, not '${t}'`, flag);
  const to = whole('--to', v.to, 0);
  if (!to.ok) return fail('replay', to.error, HELP);
  const line = whole('--line', v.line, 1);
  if (!line.ok) return fail('replay', line.error, HELP);

  const text = readRecordText(file);
  if (!text.ok) return fail('replay', text.error);
  const picked = pickRecord(text.value, line.value);
  if (!picked.ok) return fail('replay', picked.error);
  const rec = parseRecord(picked.value);
  if (!rec.ok) return fail('replay', rec.error);
  const replay = replayRecord(rec.value, { positions: true, events: true });
  if (!replay.ok) return fail('replay', replay.error);
  const { game } = replay.value;
  const positions = replay.value.positions!;
  const events = replay.value.events!;
  const plies = rec.value.moves.length;
  if (to.value !== undefined && to.value > plies) {
    return fail(
      'replay',
      new GabataError('ERR_ARGUMENT', `--to ${to.value}: the record has ${movesText(plies)} (plies 0..${plies})`, '--to'),
    );
  }
  const opening: GameEvent[] = [];
  game.newState(rec.value.seed, opening);
  /** Who made move i: the player to move before it (0 at a simultaneous node). */
  const moverOf = (i: number): number => positions[i]!.toMove;
  const view = (k: number): PlyView =>
    k === 0
      ? plyView(game, positions[0]!, 0, null, null, opening)
      : plyView(game, positions[k]!, k, rec.value.moves[k - 1]!, moverOf(k - 1), events[k - 1]!);

  const out = (t: string): void => {
    process.stdout.write(t);
  };
  if (v.json) {
    const from = to.value ?? 0;
    for (let k = from; k <= (to.value ?? plies); k++) out(JSON.stringify(view(k)) + '\n');
    return EXIT_OK;
  }
  if (to.value !== undefined) {
    const k = to.value;
    out(
      `${header(rec.value)}\nAfter ply ${k} of ` +
        `${plies}${k > 0 ? ` (${moveLine(rec.value.moves[k - 1]!, moverOf(k - 1))})` : ' (the start)'}:\n`,
    );
    out(`${makeDiagram(game, positions[k]!)}\nposition: ${makePosition(game, positions[k]!)}\n`);
    return EXIT_OK;
  }
  out(`${header(rec.value)}\nThe start:\n`);
  tell(view(0).story, out);
  out(makeDiagram(game, positions[0]!) + '\n');
  for (let k = 1; k <= plies; k++) {
    const pv = view(k);
    out(`\n${k}. ${moveLine(pv.move!, pv.player!)}\n`);
    tell(pv.story, out);
    out(makeDiagram(game, positions[k]!) + '\n');
  }
  const result = stateResult(replay.value.final);
  out(
    result === null
      ? `\nThe record stops after ${movesText(plies)}; the match is not finished.\nposition: ${makePosition(game, replay.value.final)}\n`
      : `\nResult: ${result.winner > 0 ? `P${result.winner} wins` : 'draw'}; scores ${result.scores.join('-')} ` +
          `(${result.reason}) after ${movesText(plies)}.\n`,
  );
  return EXIT_OK;
}

function header(rec: GameRecord): string {
  const who = rec.agents ? `  ${rec.agents.map((a, i) => `P${i + 1} ${a}`).join(', ')}` : '';
  return `${rec.ruleset}  seed ${rec.seed}  ${movesText(rec.moves.length)}${rec.date ? `  ${rec.date}` : ''}${who}`;
}

function moveLine(move: string, player: number): string {
  return player === 0 ? `All players play ${move} (at once)` : `P${player} plays ${move}`;
}

function tell(story: readonly StoryLine[], out: (t: string) => void): void {
  for (const l of story) out(`  ${l.text}${l.rule ? ` [${l.rule}]` : ''}\n`);
}

function movesText(k: number): string {
  return k === 1 ? '1 move' : `${k} moves`;
}
