/**
 * The command line as other tools use it: the built CLI (`node dist/cli/main.js`, built by
 * `npm test` / `npx tsc -p tsconfig.json`) run as a real subprocess.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PHASE_OVER } from '../packages/engine/src/core/state.js';
import { RULESETS } from '../packages/engine/src/games/index.js';
import { legalMoveList, legalMoveListFor } from '../packages/engine/src/notation/move.js';
import { makePosition, parsePosition, positionToJSON } from '../packages/engine/src/notation/position.js';
import { parseRecord, replayRecord, stateResult } from '../packages/engine/src/notation/record.js';
import { mustCreate, randomPlayout } from './helpers/random-play.js';

const MAIN = fileURLToPath(new URL('../dist/cli/main.js', import.meta.url));

function gabata(args: string[], input?: string): { code: number; out: string; err: string } {
  const r = spawnSync(process.execPath, [MAIN, ...args], { input, encoding: 'utf8', maxBuffer: 64 << 20 });
  return { code: r.status ?? -1, out: r.stdout, err: r.stderr };
}

const adowa = RULESETS.find((r) => r.info.id === 'gabata-adowa') ?? RULESETS[0]!;
const ID = adowa.info.id;
/** Options for a short match (one round) when the ruleset has them, so random matches end. */
const SHORT: Record<string, number> = adowa.options.some((o) => o.name === 'rounds') ? { rounds: 1 } : {};
const SHORT_FLAGS = Object.entries(SHORT).flatMap(([k, v]) => ['--option', `${k}=${v}`]);
/** A registered ruleset that opens with a simultaneous node, if any (Selus, Abalala'e with a race). */
const racer = RULESETS.find((r) => {
  const g = r.create({});
  return g.ok && g.value.newState(1).toMove === 0 && g.value.newState(1).phase !== PHASE_OVER;
});

describe('gabata CLI (built)', () => {
  it('is built', () => {
    expect(existsSync(MAIN), 'run npx tsc -p tsconfig.json first').toBe(true);
  });

  it('rulesets lists every ruleset; --json gives id, name, players, sources and options', () => {
    // The built program registers the shipped rulesets (a fixture registered in this process is not among them).
    const SHIPPED = RULESETS.filter((r) => r.info.shipped);
    const t = gabata(['rulesets']);
    expect(t.code).toBe(0);
    for (const r of SHIPPED) expect(t.out).toContain(r.info.id);
    const j = gabata(['rulesets', '--json']);
    expect(j.code).toBe(0);
    const list = JSON.parse(j.out) as {
      id: string;
      name: string;
      players: number[];
      sources: unknown[];
      options: { name: string; values: unknown; default: unknown }[];
    }[];
    expect(list.map((x) => x.id)).toEqual(SHIPPED.map((r) => r.info.id));
    for (const x of list) {
      const rs = RULESETS.find((r) => r.info.id === x.id)!;
      expect(x.name).toBe(rs.info.name);
      expect(x.players).toEqual([...rs.info.players]);
      expect(x.sources.length).toBe(rs.info.sources.length);
      expect(x.options.map((o) => o.name)).toEqual(rs.options.map((o) => o.name));
      for (const o of x.options) expect(o).toHaveProperty('default');
    }
  });

  it('start prints the initial position text; --json the JSON form', () => {
    const game = mustCreate(adowa, {});
    const t = gabata(['start', ID]);
    expect(t.code).toBe(0);
    expect(t.out.trim()).toBe(makePosition(game, game.newState(1)));
    const j = gabata(['start', ID, '--json', '--seed', '5']);
    expect(j.code).toBe(0);
    expect(JSON.parse(j.out)).toEqual(JSON.parse(JSON.stringify(positionToJSON(game, game.newState(5)))));
  });

  it('start takes options, presets and a player count', () => {
    const opt = adowa.options.find((o) => o.kind === 'choice' && o.values.length > 1);
    if (opt && opt.kind === 'choice') {
      const other = opt.values.find((v) => v !== opt.default)!;
      const t = gabata(['start', ID, '--option', `${opt.name}=${other}`]);
      expect(t.code).toBe(0);
      expect(t.out.split(' ')[0]).toContain(`${opt.name}=${other}`);
    }
    const preset = Object.keys(adowa.presets)[0];
    if (preset) expect(gabata(['start', ID, '--preset', preset]).code).toBe(0);
    const more = adowa.info.players.find((p) => p !== adowa.info.players[0]);
    if (more) {
      const j = gabata(['start', ID, '--players', String(more), '--json']);
      expect(j.code).toBe(0);
      expect(JSON.parse(j.out).players).toBe(more);
    }
  });

  it('usage errors exit 2: unknown ruleset, unknown option, bad value, unknown flag, missing arguments', () => {
    for (const args of [
      ['start', 'chess'],
      ['start', ID, '--option', 'colour=red'],
      ['start', ID, '--players', 'x'],
      ['start', ID, '--frobnicate'],
      ['start'],
      ['moves', ID],
      ['show'],
      ['moves', ID, 'start', 'extra'],
    ]) {
      const r = gabata(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.err).toMatch(/ERR_(ARGUMENT|UNKNOWN_RULESET|OPTION)/);
    }
  });

  it('an unknown command (the names of Object properties too) says ERR_ARGUMENT and exits 2', () => {
    // Issue 20: 'gabata frobnicate' printed no code; 'gabata constructor' tried to load ./constructor.js.
    for (const name of ['frobnicate', 'constructor', '__proto__', 'toString']) {
      const r = gabata([name]);
      expect(r.code, name).toBe(2);
      expect(r.err, name).toMatch(new RegExp(`^gabata: ERR_ARGUMENT: unknown command '${name}'\n`));
      expect(r.err, name).toContain('usage: gabata <command>');
    }
  });

  it('moves lists the legal moves; --json gives notation, move number and start hole', () => {
    const game = mustCreate(adowa, {});
    const s = game.newState(1);
    const pos = makePosition(game, s);
    const t = gabata(['moves', ID, pos]);
    expect(t.code).toBe(0);
    const expected = legalMoveList(game, s).map((m) => game.moveText(s, m));
    expect(t.out.trim().split('\n')).toEqual(expected);
    const j = gabata(['moves', ID, pos, '--json']);
    const out = JSON.parse(j.out) as { moves: { notation: string; move: number; hole: number | null }[]; toMove: number; result: unknown };
    expect(out.moves.map((m) => m.notation)).toEqual(expected);
    expect(out.moves.map((m) => m.move)).toEqual(legalMoveList(game, s));
    for (const m of out.moves) expect(m.hole === null || (m.hole >= 0 && m.hole < game.geometry.holeCount)).toBe(true);
    expect(out.toMove).toBe(s.toMove);
    expect(out.result).toBeNull();
  });

  it("at a simultaneous node moves lists each player's choices and apply takes a|b", () => {
    expect(racer, "no registered ruleset opens with a simultaneous node (Selus and Abalala'e do)").toBeDefined();
    const game = mustCreate(racer!, {});
    const s = game.newState(1);
    const j = JSON.parse(gabata(['moves', racer!.info.id, 'start', '--json']).out) as {
      simultaneous: boolean;
      perPlayer: { player: number; moves: { notation: string }[] }[];
    };
    expect(j.simultaneous).toBe(true);
    expect(j.perPlayer.map((p) => p.moves.map((m) => m.notation))).toEqual(
      [1, 2].map((p) => legalMoveListFor(game, s, p).map((m) => game.moveText(s, m))),
    );
    const joint = `${j.perPlayer[0]!.moves[0]!.notation}|${j.perPlayer[1]!.moves[0]!.notation}`;
    const a = gabata(['apply', racer!.info.id, 'start', joint]);
    expect(a.code).toBe(0);
    const after = parsePosition(a.out.trim());
    expect(after.ok).toBe(true);
    if (after.ok) expect(after.value.state.ply).toBe(1);
  });

  it('apply plays moves and prints the position; --json adds events and, at the end, the result', () => {
    const game = mustCreate(adowa, SHORT);
    const play = randomPlayout(game, 1, 4000);
    expect(play.final.phase).toBe(PHASE_OVER);
    const start = makePosition(game, play.positions[0]!);
    const three = gabata(['apply', ID, start, ...play.moves.slice(0, 3)]);
    expect(three.code).toBe(0);
    expect(three.out.trim()).toBe(makePosition(game, play.positions[3]!));
    const j = JSON.parse(gabata(['apply', ID, start, ...play.moves.slice(0, 2), '--json']).out) as {
      position: unknown;
      text: string;
      moves: { notation: string; events: { type: string }[] }[];
      result: unknown;
    };
    expect(j.text).toBe(makePosition(game, play.positions[2]!));
    expect(j.moves.map((m) => m.notation)).toEqual(play.moves.slice(0, 2));
    expect(j.moves[0]!.events.length).toBeGreaterThan(0);
    expect(j.moves[0]!.events.some((e) => e.type === 'lift')).toBe(true);
    expect(j.result).toBeNull();
    const end = JSON.parse(gabata(['apply', ID, start, ...play.moves, '--json']).out) as { result: unknown; text: string };
    expect(end.text).toBe(makePosition(game, play.final));
    expect(end.result).toEqual(stateResult(play.final));
    expect(end.result).not.toBeNull();
  });

  it('show draws the board; show --json output is accepted back as a position by every command', () => {
    const game = mustCreate(adowa, {});
    const play = randomPlayout(game, 3, 25);
    const s = play.final;
    const text = makePosition(game, s);
    const d = gabata(['show', ID, text]);
    expect(d.code).toBe(0);
    expect(d.out).toMatch(/row 0/);
    expect(d.out).toContain(text);
    const json = gabata(['show', ID, text, '--json']);
    expect(json.code).toBe(0);
    const back = gabata(['show', ID, json.out, '--json']);
    expect(back.out).toBe(json.out);
    expect(gabata(['moves', ID, json.out]).out).toBe(gabata(['moves', ID, text]).out);
    const m = legalMoveList(game, s)[0];
    if (m !== undefined) {
      const mv = game.moveText(s, m);
      expect(gabata(['apply', ID, json.out, mv]).out).toBe(gabata(['apply', ID, text, mv]).out);
    }
    // '-' reads the position from stdin.
    expect(gabata(['show', ID, '-', '--json'], json.out).out).toBe(json.out);
  });

  it('illegal or malformed moves exit 1 naming the code and the move', () => {
    const game = mustCreate(adowa, {});
    const s = game.newState(1);
    const legal = new Set(legalMoveList(game, s).map((m) => game.moveText(s, m)));
    let illegal = '';
    for (let h = 0; h < game.geometry.holeCount && !illegal; h++) if (!legal.has(String(h))) illegal = String(h);
    const r = gabata(['apply', ID, 'start', illegal]);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/ERR_ILLEGAL_MOVE|ERR_MOVE_SYNTAX/);
    expect(r.err).toContain(`move 1 '${illegal}'`);
    const syntax = gabata(['apply', ID, 'start', [...legal][0]!, 'banana']);
    expect(syntax.code).toBe(1);
    expect(syntax.err).toMatch(/ERR_MOVE_SYNTAX/);
    expect(syntax.err).toContain("move 2 'banana'");
  });

  it('malformed positions exit 1 with ERR_POSITION and where the problem is', () => {
    const good = gabata(['start', ID]).out.trim();
    const cases: [string, RegExp][] = [
      [good.replace(' c:0,0', ' c:0,zz'), /token 4 'c:0,zz'/],
      [good.replace(/^(\S+) 3\./, '$1 x.'), /token 2.*hole 0/],
      [good.replace(' m:1', ' m:9'), /toMove/],
      [good + ' bogus', /not a field/],
      ['{"counts": [1,2', /not valid JSON/],
      ['{"counts": [3]}', /counts must have/],
    ];
    for (const [pos, where] of cases) {
      for (const cmd of ['show', 'moves']) {
        const r = gabata([cmd, ID, pos]);
        expect(r.code, `${cmd} ${pos}`).toBe(1);
        expect(r.err).toMatch(/ERR_POSITION/);
        expect(r.err).toMatch(where);
      }
    }
    const other = RULESETS.find((r) => r !== adowa);
    if (other) {
      const pos = gabata(['start', other.info.id]).out.trim();
      const r = gabata(['show', ID, pos]);
      expect(r.code).toBe(1);
      expect(r.err).toMatch(/ERR_POSITION.*not gabata-adowa|ERR_POSITION.*not/);
    }
  });

  it('play: a session piped through stdin draws the board, explains bad input, undoes and quits', () => {
    const game = mustCreate(adowa, {});
    const play = randomPlayout(game, 1, 6);
    const input = [play.moves[0], 'banana', 'moves', play.moves[1], 'undo', play.moves[1], play.moves[2], 'help', 'quit'].join('\n') + '\n';
    const r = gabata(['play', ID], input);
    expect(r.code).toBe(0);
    expect(r.out).toContain('row 0');
    expect(r.out).toMatch(/ERR_MOVE_SYNTAX/);
    expect(r.out).toContain('legal: ');
    expect(r.out).toContain('move taken back');
    expect(r.out).toContain('undo ');
    // After three moves (one undone and replayed), quitting prints the position reached.
    expect(r.out).toContain(`position: ${makePosition(game, play.positions[3]!)}`);
  });

  it('play: a whole match piped through stdin ends with the result', () => {
    const game = mustCreate(adowa, SHORT);
    const play = randomPlayout(game, 1, 4000);
    expect(play.final.phase).toBe(PHASE_OVER);
    const file = join(mkdtempSync(join(tmpdir(), 'gabata-cli-')), 'match.json');
    const r = gabata(['play', ID, '--seed', '1', '--record', file, ...SHORT_FLAGS], play.moves.join('\n') + '\n');
    expect(r.code).toBe(0);
    const res = stateResult(play.final)!;
    expect(r.out).toContain(
      res.winner > 0 ? `Result: P${res.winner} wins; scores ${res.scores.join('-')}` : `Result: draw; scores ${res.scores.join('-')}`,
    );
    // The record it wrote replays to the same end.
    const rec = parseRecord(readFileSync(file, 'utf8'));
    if (!rec.ok) throw rec.error;
    expect(rec.value.moves).toEqual(play.moves);
    expect(rec.value.result).toEqual(res);
    const replay = replayRecord(rec.value);
    expect(replay.ok).toBe(true);
  });

  it('play at a simultaneous node: people type a|b; against the computer only their own choice', () => {
    expect(racer, "no registered ruleset opens with a simultaneous node (Selus and Abalala'e do)").toBeDefined();
    const game = mustCreate(racer!, {});
    const s = game.newState(1);
    const c1 = game.moveText(s, legalMoveListFor(game, s, 1)[0]!);
    const c2 = game.moveText(s, legalMoveListFor(game, s, 2)[0]!);
    const after = s.clone();
    game.applyJoint(after, Int32Array.from([0, legalMoveListFor(game, s, 1)[0]!, legalMoveListFor(game, s, 2)[0]!]));
    const two = gabata(['play', racer!.info.id], `${c1}\n${c1}|${c2}\nquit\n`);
    expect(two.code).toBe(0);
    expect(two.out).toContain('P1|P2> ');
    expect(two.out).toMatch(/ERR_MOVE_SYNTAX/);
    expect(two.out).toContain(`position: ${makePosition(game, after)}`);
    const vs = gabata(['play', racer!.info.id, '--vs', 'random'], `${c1}\nquit\n`);
    expect(vs.code).toBe(0);
    expect(vs.out).toMatch(/the computer chose \S+/);
  });

  it('play --vs random: the computer answers in its seats', () => {
    const game = mustCreate(adowa, {});
    const s = game.newState(1);
    const first = game.moveText(s, legalMoveList(game, s)[0]!);
    const r = gabata(['play', ID, '--vs', 'random'], `${first}\nquit\n`);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/random \(P2\) plays \S+/);
    expect(gabata(['play', ID, '--vs', 'deep-blue'], 'quit\n').code).toBe(2);
  });
});
