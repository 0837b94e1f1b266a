/**
 * The facts of the four seed pages (identifiers, evidence fields, coordinates, citations), as the
 * catalogue tests compare them. The seed pages live outside the repository (../shared/seeds);
 * when they are there the facts are read from them, and test/fixtures/seed-facts.json (the same
 * facts, extracted by `extractFacts`) is checked against them; on a fresh clone without them the
 * fixture stands in.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface SeedFacts {
  /** Field lines `Label value` (Id, Type, Location, Date, Confidence, Source, Period, Region, Category). */
  fields: Record<string, string>;
  identifiers: string[];
  similar: string[];
  /** The place of an "Evidence in X" page. */
  evidenceIn?: string;
  /** Citations such as `Pankhurst 1977: 164-165`. */
  citations: string[];
}

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const FIXTURE = join(ROOT, 'test', 'fixtures', 'seed-facts.json');
const LABELS = ['Id', 'Type', 'Location', 'Date', 'Confidence', 'Source', 'Period', 'Region', 'Category'];

/** The seed folder, if present: $GABATA_SEEDS, ../shared/seeds beside the checkout, or /work/shared/seeds. */
export function seedsDir(): string | undefined {
  const c = [process.env['GABATA_SEEDS'], join(ROOT, '..', 'shared', 'seeds'), '/work/shared/seeds'];
  return c.find((d): d is string => !!d && existsSync(d));
}

export function extractFacts(text: string): SeedFacts {
  const fields: Record<string, string> = {};
  for (const label of LABELS) {
    const m = new RegExp(`^${label} (.+)$`, 'm').exec(text);
    if (m) fields[label] = m[1]!.trim();
  }
  const block = (start: string, end: string): string[] => {
    const m = new RegExp(`${start}\\s+([\\s\\S]*?)\\s+${end}`).exec(text);
    return m
      ? m[1]!
          .split(/\n\s*\n/)
          .map((s) => s.trim())
          .filter(Boolean)
      : [];
  };
  const identifiers = block('Identifiers', 'Contact Us');
  const similar = block('Similar Games', 'Identifiers');
  const evidenceIn = /^Evidence in (.+)$/m.exec(text)?.[1]?.trim();
  const citations = [...new Set([...text.matchAll(/\b(?:Pankhurst|Murray) \d{4}: \d+(?:-\d+)?/g)].map((m) => m[0]))];
  return { fields, identifiers, similar, ...(evidenceIn ? { evidenceIn } : {}), citations };
}

/** Facts by seed file prefix ('000_', '001_', '002_', '004_'). */
export function seedFacts(): Record<string, SeedFacts> {
  const dir = seedsDir();
  if (!dir) return JSON.parse(readFileSync(FIXTURE, 'utf8')) as Record<string, SeedFacts>;
  const out: Record<string, SeedFacts> = {};
  for (const f of readdirSync(dir).sort()) out[f.slice(0, 4)] = extractFacts(readFileSync(join(dir, f), 'utf8'));
  return out;
}

export function fixtureFacts(): Record<string, SeedFacts> {
  return JSON.parse(readFileSync(FIXTURE, 'utf8')) as Record<string, SeedFacts>;
}

/** The full text of every seed page, when the seeds are present. */
export function seedTexts(): string[] | undefined {
  const dir = seedsDir();
  return dir
    ? readdirSync(dir)
        .sort()
        .map((f) => readFileSync(join(dir, f), 'utf8'))
    : undefined;
}
