/**
 * Rules v1.1 (SPEC §12, 2026-11-30) as the command line shows it: the new option `raceTie` and
 * the new values of Selus `concession`, with their defaults, in `gabata rulesets --json`; old
 * values still accepted, with a warning that says how they were read.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const MAIN = fileURLToPath(new URL('../dist/cli/main.js', import.meta.url));

function gabata(args: string[], input?: string): { code: number; out: string; err: string } {
  const r = spawnSync(process.execPath, [MAIN, ...args], { encoding: 'utf8', input });
  return { code: r.status ?? -1, out: r.stdout, err: r.stderr };
}

interface ListedOption {
  name: string;
  kind: string;
  values?: string[];
  default: unknown;
}

describe('SPEC §12 in gabata rulesets --json', () => {
  const r = gabata(['rulesets', '--json']);
  const list = JSON.parse(r.out) as { id: string; options: ListedOption[] }[];
  const option = (id: string, name: string): ListedOption | undefined =>
    list.find((x) => x.id === id)?.options.find((o) => o.name === name);

  it('§7.4 / ABA-06 / SEL-05 lists raceTie = coin | tickOrder, default coin, for abalalae and selus only', () => {
    expect(r.code).toBe(0);
    for (const id of ['abalalae', 'selus']) {
      expect(option(id, 'raceTie')).toMatchObject({ kind: 'choice', values: ['coin', 'tickOrder'], default: 'coin' });
    }
    for (const id of ['gabata-adowa', 'gabata-aksum', 'gifia']) expect(option(id, 'raceTie')).toBeUndefined();
  });

  it('SEL-18 / S11 lists concession = resign | scored | off, default resign', () => {
    expect(option('selus', 'concession')).toMatchObject({ kind: 'choice', values: ['resign', 'scored', 'off'], default: 'resign' });
  });

  it("SEL-18 / S11 an old value on the command line is read as today's, with a warning on stderr", () => {
    const out = gabata(['start', 'selus', '--option', 'concession=true']);
    expect(out.code).toBe(0);
    expect(out.out).toContain('concession=scored');
    expect(out.err).toMatch(/warning: .*concession=true.*concession=scored/);
    const bad = gabata(['start', 'selus', '--option', 'concession=maybe']);
    expect(bad.code).not.toBe(0);
    expect(bad.err).toContain('ERR_OPTION');
  });

  it('SEL-18 / S11 the engine protocol accepts an old value with an info string warning', () => {
    const out = gabata(['engine'], 'newgame selus seed=3 concession=true\nd\nquit\n');
    expect(out.code).toBe(0);
    expect(out.out).toMatch(/^info string warning .*concession=true.*concession=scored$/m);
    expect(out.out).toMatch(/info string position selus\(concession=scored\)/);
  });
});
