/**
 * What the catalogue pages show, gathered in one place: the registered rulesets with their
 * entries, the shipped figures and concepts (bundled JSON), and the filters' vocabularies.
 */
import { CATALOGUE } from '../../catalogue/entries.js';
import type { Concepts } from '../../catalogue/concepts.js';
import type { Figures, FiguresFile } from '../../catalogue/figures.js';
import figuresData from '../../catalogue/figures.json';
import type { CatalogueEntry } from '../../catalogue/types.js';
import type { Ruleset } from '@gabata/engine/core';
import { RULESETS } from '@gabata/engine/games';
import { localEntry } from './text.js';

const FIGURES = figuresData as unknown as FiguresFile;

export interface Item {
  ruleset: Ruleset;
  entry: CatalogueEntry;
  figures: Figures | undefined;
  concepts: Concepts | undefined;
}

/** Every registered ruleset that has an entry, in registry order. */
export function items(): Item[] {
  const out: Item[] = [];
  for (const ruleset of RULESETS) {
    const entry = CATALOGUE.find((e) => e.rulesetId === ruleset.info.id);
    if (!entry) continue;
    out.push({
      ruleset,
      entry: localEntry(entry),
      figures: FIGURES.figures.find((f) => f.rulesetId === ruleset.info.id),
      concepts: FIGURES.concepts?.[ruleset.info.id],
    });
  }
  return out;
}

export interface Filter {
  text: string;
  region: string;
  category: string;
  players: number;
}

export const NO_FILTER: Filter = { text: '', region: '', category: '', players: 0 };

const fold = (t: string): string =>
  t
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[’']/g, '');

/** Does an item pass the filter? Text matches name, aliases, id, region, countries, origin, description. */
export function matches(it: Item, f: Filter): boolean {
  const e = it.entry;
  if (f.region && e.region !== f.region) return false;
  if (f.category && !e.category.includes(f.category)) return false;
  if (f.players && !it.ruleset.info.players.includes(f.players)) return false;
  const q = fold(f.text.trim());
  if (!q) return true;
  const hay = fold([e.name, ...e.aliases, e.rulesetId, e.region, ...e.countries, e.origin, e.oneLine, ...e.description].join(' '));
  return q.split(/\s+/).every((w) => hay.includes(w));
}

/** The values a filter can take, from the data. */
export function vocab(all: Item[]): { regions: string[]; categories: string[]; players: number[] } {
  const regions = [...new Set(all.map((i) => i.entry.region))].sort();
  const categories = [...new Set(all.flatMap((i) => i.entry.category))].filter((c) => c !== 'Board' && c !== 'Sow').sort();
  const players = [...new Set(all.flatMap((i) => i.ruleset.info.players))].sort();
  return { regions, categories, players };
}
