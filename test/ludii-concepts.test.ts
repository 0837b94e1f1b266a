/**
 * Ludii's concepts: the vocabulary (ids and names as Concept.java declares them), the compilation
 * concepts decided from each ruleset's description and options, the playout concepts measured
 * as Ludii's ComputePlayoutConcepts.java measures them (hand-made trials worked out from its
 * code), and `gabata concepts` (through dist/, built by npm test).
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compilationConcepts } from '../src/catalogue/ludii-concepts.js';
import { unwrap } from '../packages/engine/src/core/errors.js';
import { LUDII_CONCEPTS, ludiiConcept } from '../src/formats/ludii-concepts.js';
import { getRuleset, RULESETS } from '../packages/engine/src/games/index.js';
import { conceptTrialFigures, playoutConcepts } from '../src/sim/ludii-concepts.js';
import type { LudiiSnapshot, LudiiTrial } from '../src/sim/ludii-metrics.js';

const value = (rs: string, name: string, options: Record<string, unknown> = {}): number | undefined =>
  compilationConcepts(unwrap(getRuleset(rs)), options).find((c) => c.concept.name === name)?.value;

describe("Ludii's concept vocabulary", () => {
  it('ids and taxonomy as Concept.java declares them (lines cited in the table)', () => {
    // Concept.java (845cda6f): Sow "3.3.1.2.1.9" id 242; SowCapture 245; MancalaThreeRows 66; Simultaneous 8; Stochastic 9;
    // Match 11; NumPlayers 20; MoveAgain 267; DurationMoves 530; Narrowness 548; BranchingFactorAverage 604.
    const want: [string, number, string][] = [
      ['Sow', 242, '3.3.1.2.1.9'],
      ['SowCapture', 245, '3.3.1.2.1.9.2.1'],
      ['MancalaThreeRows', 66, '2.1.1.3.3'],
      ['Simultaneous', 8, '1.1.2.2'],
      ['Stochastic', 9, '1.1.3'],
      ['Match', 11, '1.1.5'],
      ['NumPlayers', 20, '1.2.1'],
      ['MoveAgain', 267, '3.3.1.2.1.14.2'],
      ['DurationMoves', 530, '4.2.2'],
      ['Narrowness', 548, '4.6.1.1'],
      ['SowFrequency', 243, '3.3.1.2.1.9.1'],
    ];
    for (const [name, id, taxonomy] of want)
      expect([name, ludiiConcept(name)?.id, ludiiConcept(name)?.taxonomy]).toEqual([name, id, taxonomy]);
    expect(new Set(LUDII_CONCEPTS.map((c) => c.id)).size).toBe(LUDII_CONCEPTS.length);
    expect(new Set(LUDII_CONCEPTS.map((c) => c.name)).size).toBe(LUDII_CONCEPTS.length);
  });
});

describe('compilation concepts from the description', () => {
  it("each ruleset's board, players, race and sowing", () => {
    for (const rs of RULESETS) {
      const shape = rs.info.shape;
      const cs = compilationConcepts(rs);
      const v = (n: string): number | undefined => cs.find((c) => c.concept.name === n)?.value;
      expect(v('Simultaneous'), rs.info.id).toBe(shape.race ? 1 : 0);
      expect(v('MoveAgain'), rs.info.id).toBe(shape.sowing === 'relay' ? 1 : 0);
      expect(v('SowCapture'), rs.info.id).toBe(shape.captures.length > 0 ? 1 : 0);
      expect(v('MancalaStores'), rs.info.id).toBe(shape.stores > 0 ? 1 : 0);
      expect(v(`Mancala${['', '', 'Two', 'Three', 'Four'][shape.rows]}Rows`), rs.info.id).toBe(1);
      expect(v('NumPlayers'), rs.info.id).toBe(rs.info.players[0]);
      for (const c of cs) expect(c.concept.computation).toBe('Compilation');
    }
  });

  it('options change the vector: rounds=1 is no match, three players are Multiplayer, raceTie decides Stochastic', () => {
    expect(value('gabata-adowa', 'Match')).toBe(1);
    expect(value('gabata-adowa', 'Match', { rounds: 1 })).toBe(0);
    expect(value('gabata-adowa', 'Multiplayer', { players: 3 })).toBe(1);
    expect(value('gabata-adowa', 'TwoPlayer', { players: 3 })).toBe(0);
    expect(value('selus', 'Stochastic')).toBe(1);
    expect(value('selus', 'Stochastic', { raceTie: 'tickOrder' })).toBe(0);
    expect(value('gabata-adowa', 'Stochastic')).toBe(0);
  });
});

const snap = (pieces: number): LudiiSnapshot => ({ positional: '', situational: '', occupied: [0], pieces, scoreDiff: 0 });

describe('playout concepts as ComputePlayoutConcepts.java measures them', () => {
  it('frequencies: per move the share of legal moves with the concept, over the moves with legal moves, then over trials', () => {
    // Lines 482-518: move 1 has 4 legal moves, 3 sow and 1 pass (3/4, 1/4); move 2 is a relay lap (1 legal move, a sowing: 1);
    // move 3 has 2 legal moves, both sowing (1). SowFrequency = (3/4 + 1 + 1) / 3; PassDecisionFrequency = (1/4) / 3.
    const t: LudiiTrial = {
      players: 2,
      sites: 12,
      utilities: [0, 1, -1],
      winner: 1,
      timedOut: false,
      turns: 2,
      simultaneous: false,
      initial: snap(48),
      startHand: 2,
      moves: [
        { mover: 1, legal: 4, actions: 5, sowing: 3, passes: 1, after: snap(48) },
        { mover: 1, legal: 1, actions: 4, sowing: 1, passes: 0, after: snap(46) },
        { mover: 2, legal: 2, actions: 3, sowing: 2, passes: 0, after: snap(46) },
      ],
    };
    const f = conceptTrialFigures(t);
    expect(f['_c_SowFrequency']).toBeCloseTo((0.75 + 1 + 1) / 3, 12);
    expect(f['_c_PassDecisionFrequency']).toBeCloseTo(0.25 / 3, 12);
    expect(f['_c_NumStartComponentsBoard']).toBe(48);
    expect(f['_c_NumStartComponentsHand']).toBe(2);
    // A second trial whose every move sows: the frequencies are averaged over the two trials (line 601).
    const g = conceptTrialFigures({
      ...t,
      startHand: 0,
      moves: [{ mover: 1, legal: 3, actions: 2, sowing: 3, passes: 0, after: snap(48) }],
    });
    const out = playoutConcepts([f, g], 2, {});
    const v = (n: string): number | null | undefined => out.find((c) => c.concept.name === n)?.value;
    expect(v('SowFrequency')).toBeCloseTo(((0.75 + 2) / 3 + 1) / 2, 12);
    expect(v('PassDecisionFrequency')).toBeCloseTo(0.25 / 3 / 2, 12);
    // Lines 436-442: the start counts averaged over trials, and per player.
    expect(v('NumStartComponentsBoard')).toBe(48);
    expect(v('NumStartComponentsHand')).toBe(1);
    expect(v('NumStartComponents')).toBe(49);
    expect(v('NumStartComponentsPerPlayer')).toBe(24.5);
  });

  it("Ludii's metrics are playout concepts under the concept their class names (ClarityNarrowness is Narrowness)", () => {
    const out = playoutConcepts([], 2, {
      DurationMoves: { value: 12, trials: 3 },
      ClarityNarrowness: { value: 0.5, trials: 3 },
      LeadChange: { value: null, reason: 'why' },
    });
    expect(out.find((c) => c.concept.name === 'DurationMoves')).toMatchObject({ value: 12, concept: { id: 530 } });
    expect(out.find((c) => c.concept.name === 'Narrowness')).toMatchObject({ value: 0.5, concept: { id: 548 } });
    expect(out.find((c) => c.concept.name === 'LeadChange')).toMatchObject({ value: null, reason: 'why' });
  });
});

describe('gabata concepts', () => {
  const cli = (args: string[]) =>
    spawnSync(process.execPath, [join(process.cwd(), 'dist', 'cli', 'main.js'), 'concepts', ...args], { encoding: 'utf8' });

  it('prints id, name and value; --csv and --json; options change the vector; errors exit 2', () => {
    const csv = cli(['gabata-adowa', '--option', 'rounds=1', '--games', '2', '--csv']);
    expect(csv.status, csv.stderr).toBe(0);
    const lines = csv.stdout.trim().split('\n');
    expect(lines[0]).toBe('id,name,taxonomy,computation,value');
    expect(lines).toContain('11,Match,1.1.5,Compilation,0');
    expect(lines).toContain('139,NumStartComponentsBoard,3.2.8,Playout,54');
    expect(lines.some((l) => /^243,SowFrequency,3\.3\.1\.2\.1\.9\.1,Playout,0\.\d+$/.test(l))).toBe(true);
    const json = cli(['selus', '--games', '0', '--json']);
    expect(json.status, json.stderr).toBe(0);
    const doc = JSON.parse(json.stdout) as { format: string; concepts: { id: number; name: string; value: number }[] };
    expect(doc.format).toBe('gabata-concepts/1');
    expect(doc.concepts.find((c) => c.name === 'Simultaneous')).toMatchObject({ id: 8, value: 1 });
    expect(doc.concepts.every((c) => c.name !== 'SowFrequency')).toBe(true);
    const text = cli(['gifia', '--games', '0']);
    expect(text.stdout).toMatch(/^\s+64 {2}MancalaStores\s+1$/m);
    expect(cli(['nothing']).status).toBe(2);
    expect(cli(['gifia', '--option', 'rounds=x']).status).toBe(2);
    expect(cli(['gifia', '--csv', '--json']).status).toBe(2);
  });

  it("gabata catalogue shows each game's Ludii compilation concepts beside its own concepts", () => {
    const r = spawnSync(process.execPath, [join(process.cwd(), 'dist', 'cli', 'main.js'), 'catalogue'], { encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    const lines = r.stdout.split('\n');
    const ludii = lines.filter((l) => l.startsWith("    Ludii's concepts: "));
    expect(ludii.length).toBe(RULESETS.length);
    for (const l of ludii) expect(lines[lines.indexOf(l) - 1]).toMatch(/^ {4}concepts: /);
    const selus = ludii.find((l) => l.includes('MancalaThreeRows(66)') && l.includes('Simultaneous(8)'));
    expect(selus).toMatch(/Stochastic\(9\)/);
  });
});
