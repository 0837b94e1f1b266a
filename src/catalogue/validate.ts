/**
 * Checks the catalogue: every registered ruleset has an entry, every entry has every field, every
 * source its pages, every evidence record every field, and coordinates agree with the DMS text
 * they were converted from. The build (`gabata catalogue --check`) and the tests call it.
 */
import { err, ok, type Result, type Ruleset } from '@gabata/engine/core';
import { parseDms } from './dms.js';
import type { CatalogueEntry, CatalogueSource, EvidenceRecord, Place } from './types.js';

/** Coordinates must reproduce their DMS to this many degrees (about 1 cm). */
export const COORD_TOLERANCE = 1e-7;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

const blank = (v: unknown): boolean => typeof v !== 'string' || v.trim() === '';

function checkSource(s: CatalogueSource, where: string, out: string[]): void {
  for (const f of ['author', 'title', 'published', 'pages'] as const) if (blank(s[f])) out.push(`${where}: source has no ${f}`);
  if (!Number.isInteger(s.year) || s.year < 1000 || s.year > 2100) out.push(`${where}: source year ${String(s.year)} is not a year`);
  if (!blank(s.pages) && !/\d/.test(s.pages)) out.push(`${where}: source pages '${s.pages}' name no page`);
}

function checkPlace(p: Place, where: string, out: string[]): void {
  if (blank(p.name)) out.push(`${where}: place has no name`);
  if (blank(p.country)) out.push(`${where}: place has no country`);
  const { lat, lon } = p.coords ?? { lat: NaN, lon: NaN };
  if (!(Math.abs(lat) <= 90) || !(Math.abs(lon) <= 180)) out.push(`${where}: coordinates ${lat}, ${lon} out of range`);
  if (p.basis === 'seed') {
    if (blank(p.dms)) {
      out.push(`${where}: a place taken from a seed needs the DMS text it was converted from`);
    } else {
      const d = parseDms(p.dms!);
      if (!d.ok) out.push(`${where}: ${d.error.message}`);
      else if (Math.abs(d.value.lat - lat) > COORD_TOLERANCE || Math.abs(d.value.lon - lon) > COORD_TOLERANCE) {
        out.push(`${where}: coordinates ${lat}, ${lon} do not match ${p.dms} (= ${d.value.lat}, ${d.value.lon})`);
      }
    }
  } else if (p.basis === 'approximate') {
    if (blank(p.note)) out.push(`${where}: an approximate place must say why (note)`);
  } else {
    out.push(`${where}: place basis must be 'seed' or 'approximate'`);
  }
}

function checkEvidence(e: EvidenceRecord, where: string, out: string[]): void {
  const w = `${where} evidence ${e.id || '?'}`;
  for (const f of ['id', 'type', 'rulesParaphrase', 'contentSummary', 'citation'] as const) if (blank(e[f])) out.push(`${w}: no ${f}`);
  if (!/^DLP\.Evidence\.\d+$/.test(e.id ?? '')) out.push(`${w}: id must look like DLP.Evidence.N`);
  if (!e.place) out.push(`${w}: no place`);
  else checkPlace(e.place, w, out);
  if (!e.date || !ISO_DATE.test(e.date.from) || !ISO_DATE.test(e.date.to) || e.date.from > e.date.to) {
    out.push(`${w}: date range must be two ISO dates in order`);
  }
  if (!Number.isFinite(e.confidence) || e.confidence < 0 || e.confidence > 100) out.push(`${w}: confidence must be 0-100`);
  if (!e.source) out.push(`${w}: no source`);
  else checkSource(e.source, w, out);
}

/** The problems of one entry (empty when it is complete). */
export function entryProblems(e: CatalogueEntry, ruleset?: Ruleset): string[] {
  const out: string[] = [];
  const w = e.rulesetId || '(no id)';
  for (const f of ['rulesetId', 'name', 'period', 'region', 'oneLine', 'origin'] as const) if (blank(e[f])) out.push(`${w}: no ${f}`);
  if (!Array.isArray(e.aliases) || e.aliases.some(blank)) out.push(`${w}: aliases must be a list of names`);
  if (!e.category?.length || e.category.some(blank)) out.push(`${w}: no category`);
  if (!e.countries?.length || e.countries.some(blank)) out.push(`${w}: no countries`);
  if (!e.description?.length || e.description.some(blank)) out.push(`${w}: no description`);
  if (!e.history?.length || e.history.some(blank)) out.push(`${w}: no history`);
  if (!Array.isArray(e.identifiers)) out.push(`${w}: no identifiers list`);
  else {
    if (e.identifiers.length === 0 && blank(e.identifiersNote)) out.push(`${w}: no identifiers and no note saying why`);
    for (const i of e.identifiers) {
      if (!(i.scheme === 'DLP' ? /^DLP\.Games\.\d+$/ : /^BGG\.\d+$/).test(i.id))
        out.push(`${w}: identifier ${i.id} does not fit scheme ${i.scheme}`);
    }
  }
  if (!e.sources?.length) out.push(`${w}: no sources`);
  else for (const [i, s] of e.sources.entries()) checkSource(s, `${w} source ${i + 1}`, out);
  if (!e.similar?.length) out.push(`${w}: no similar games`);
  else if (e.similar.some((s) => blank(s.name) || (s.basis !== 'portal' && s.basis !== 'ours')))
    out.push(`${w}: a similar game lacks its name or basis`);
  if (e.similar?.some((s) => s.basis === 'ours') && blank(e.similarNote)) out.push(`${w}: similar games of our own need a note`);
  if (!Array.isArray(e.evidence)) out.push(`${w}: no evidence list`);
  else {
    if (e.evidence.length === 0 && blank(e.evidenceNote)) out.push(`${w}: no evidence and no note saying why`);
    for (const ev of e.evidence) checkEvidence(ev, w, out);
  }
  for (const p of e.places ?? []) checkPlace(p, `${w} place ${p.name}`, out);
  if (!e.clauses?.length) out.push(`${w}: no rule clauses`);
  const seen = new Set<string>();
  for (const c of e.clauses ?? []) {
    if (blank(c.text)) out.push(`${w}: clause ${c.id} has no text`);
    if (seen.has(c.id)) out.push(`${w}: clause ${c.id} listed twice`);
    seen.add(c.id);
  }
  if (ruleset) {
    const prefix = ruleset.info.clausePrefix;
    if (!(e.clauses ?? []).some((c) => c.id.startsWith(prefix + '-'))) out.push(`${w}: no clause with the ruleset's prefix ${prefix}`);
    for (const c of e.clauses ?? []) {
      if (!/^[A-Z]{3}(-3P)?-\d{2}$/.test(c.id)) out.push(`${w}: clause id ${c.id} is not a SPEC clause id`);
    }
    if (ruleset.info.id !== e.rulesetId) out.push(`${w}: entry does not belong to ruleset ${ruleset.info.id}`);
  }
  return out;
}

/** The problems of the whole catalogue against the registry (empty when complete): every shipped ruleset has its entry. */
export function catalogueProblems(entries: readonly CatalogueEntry[], rulesets: readonly Ruleset[]): string[] {
  const out: string[] = [];
  const ids = new Set<string>();
  for (const e of entries) {
    if (ids.has(e.rulesetId)) out.push(`${e.rulesetId}: two catalogue entries`);
    ids.add(e.rulesetId);
  }
  for (const r of rulesets) {
    const e = entries.find((x) => x.rulesetId === r.info.id);
    // A ruleset that is not shipped (a test fixture, a plug-in) needs no entry (its description says so).
    if (!e) {
      if (r.info.shipped) out.push(`${r.info.id}: registered ruleset has no catalogue entry`);
    } else out.push(...entryProblems(e, r));
  }
  for (const e of entries) if (!rulesets.some((r) => r.info.id === e.rulesetId)) out.push(...entryProblems(e));
  return out;
}

/** The catalogue, checked: an error listing every problem, or ok. */
export function validateCatalogue(entries: readonly CatalogueEntry[], rulesets: readonly Ruleset[]): Result<readonly CatalogueEntry[]> {
  const p = catalogueProblems(entries, rulesets);
  if (p.length) return err('ERR_INTERNAL', `the catalogue is incomplete:\n  ${p.join('\n  ')}`);
  return ok(entries);
}
