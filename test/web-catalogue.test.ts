/**
 * Browser tests of the catalogue pages against the real server (`gabata serve`) with Debian's
 * chromium driven by playwright-core: the catalogue lists every ruleset, its filters work, a game
 * page shows its evidence with the map marker at the right place, Play opens the board with that
 * ruleset, and nothing reaches beyond the loopback interface. Screenshots at phone and desktop
 * sizes go to test-output/screenshots/ for review.
 *
 * Needs `npm run build` (dist/cli); the browser bundle is rebuilt here.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE, parseDms } from '../src/catalogue/index.js';
import { RULESETS } from '../packages/engine/src/games/index.js';
import { seedFacts } from './helpers/seed-facts.js';
import { CHROMIUM, launchChromium } from './web-harness.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const SHOTS = join(ROOT, 'test-output', 'screenshots', 'catalogue');
const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;
const AFRICA = JSON.parse(readFileSync(join(ROOT, 'src/web/catalogue/africa.json'), 'utf8')) as {
  projection: { west: number; north: number; unitsPerDegree: number; cosLat: number };
};

let server: ChildProcess | undefined;
let browser: Browser | undefined;
let base = '';
let tmp = '';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      const port = typeof a === 'object' && a ? a.port : 0;
      s.close(() => resolve(port));
    });
  });
}

/** A page whose every request beyond loopback is cut off and recorded, with failures and errors recorded too. */
async function offlinePage(width: number, height: number): Promise<{ page: Page; blocked: string[]; failed: string[]; errors: string[] }> {
  const page = await browser!.newPage({ viewport: { width, height } });
  const blocked: string[] = [];
  const failed: string[] = [];
  const errors: string[] = [];
  await page.route('**/*', (route) => {
    const u = new URL(route.request().url());
    const loopback = u.hostname === '127.0.0.1' || u.hostname === 'localhost' || u.hostname === '[::1]';
    if ((u.protocol === 'http:' || u.protocol === 'https:' || u.protocol === 'ws:' || u.protocol === 'wss:') && !loopback) {
      blocked.push(u.href);
      return route.abort('internetdisconnected');
    }
    return route.continue();
  });
  page.on('requestfailed', (r) => failed.push(`${r.url()}: ${r.failure()?.errorText ?? ''}`));
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  return { page, blocked, failed, errors };
}

const shot = (page: Page, name: string): Promise<Buffer> => page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });

beforeAll(async () => {
  if (!existsSync(join(ROOT, 'dist/cli/main.js'))) throw new Error('dist/cli/main.js is missing: run npm run build first');
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: install Debian's chromium (apt-get install chromium)`);
  // GABATA_TEST_WEB names an already built web folder to serve instead of the app's own build.
  const web = process.env['GABATA_TEST_WEB'];
  if (!web) {
    const built = spawnSync(process.execPath, [join(ROOT, 'scripts/build-web.mjs')], { cwd: ROOT, encoding: 'utf8' });
    if (built.status !== 0) throw new Error(`web build failed: ${built.stderr}`);
  }
  mkdirSync(SHOTS, { recursive: true });
  tmp = mkdtempSync(join(tmpdir(), 'gabata-cat-'));
  const port = await freePort();
  base = `http://127.0.0.1:${port}/`;
  server = spawn(
    process.execPath,
    [join(ROOT, 'dist/cli/main.js'), 'serve', '--port', String(port), '--db', join(tmp, 'games.db'), ...(web ? ['--web', web] : [])],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  await new Promise<void>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`server did not start: ${out}`)), 20_000);
    server!.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('serving')) {
        clearTimeout(timer);
        resolve();
      }
    });
    server!.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    server!.once('exit', (code) => reject(new Error(`server exited with ${code}: ${out}`)));
  });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  if (server && server.exitCode === null) {
    server.kill('SIGTERM');
    await new Promise((r) => server!.once('exit', r));
  }
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

/** A day as the English pages write it (Intl, long style): '1977-01-01' -> 'January 1, 1977'. */
const englishDay = (iso: string): string =>
  new Intl.DateTimeFormat('en', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));

describe('catalogue (start page)', () => {
  it('lists every registered ruleset as a card, offline, at phone and desktop sizes', async () => {
    for (const size of SIZES) {
      const { page, blocked, failed, errors } = await offlinePage(size.width, size.height);
      await page.goto(base);
      await page.waitForSelector('.game-card');
      const ids = await page.$$eval('.game-card', (cards) => cards.map((c) => c.getAttribute('data-ruleset')));
      expect(ids.sort()).toEqual(RULESETS.map((r) => r.info.id).sort());
      for (const r of RULESETS) {
        const card = page.locator(`.game-card[data-ruleset="${r.info.id}"]`);
        const entry = CATALOGUE.find((e) => e.rulesetId === r.info.id)!;
        await expect(card.locator('h2').textContent()).resolves.toBe(entry.name);
        await expect(card.textContent()).resolves.toContain(entry.oneLine);
        await expect(card.textContent()).resolves.toContain(entry.region);
      }
      await shot(page, `catalogue-${size.name}`);
      expect(blocked).toEqual([]);
      expect(failed).toEqual([]);
      expect(errors).toEqual([]);
      await page.close();
    }
  });

  it("draws the map's countries only when the map comes near the viewport", async () => {
    const { page, errors } = await offlinePage(390, 844);
    await page.goto(base);
    await page.waitForSelector('.game-card');
    const figure = page.locator('.map-panel .evidence-figure');
    const top = await figure.evaluate((f) => f.getBoundingClientRect().top / innerHeight);
    // Two screens down or more: outside the margin (a screen) in which it is drawn.
    expect(top).toBeGreaterThan(2);
    await page.waitForTimeout(300);
    expect(await page.locator('.map-panel path[data-country]').count()).toBe(0);
    await figure.scrollIntoViewIfNeeded();
    await page.waitForSelector('.map-panel svg[data-view="africa"] path[data-country]');
    // Every view (the continent and both insets) has its countries.
    for (const view of ['africa', 'horn', 'nigeria']) {
      expect(await page.locator(`.map-panel svg[data-view="${view}"] path[data-country]`).count(), view).toBeGreaterThan(3);
    }
    expect(errors).toEqual([]);
    await page.close();
  });

  it('filters by region, board and players, and searches names and aliases', async () => {
    const { page, errors } = await offlinePage(1280, 800);
    await page.goto(base);
    await page.waitForSelector('.game-card');
    const shown = (): Promise<string[]> => page.$$eval('.game-card', (cards) => cards.map((c) => c.getAttribute('data-ruleset')!).sort());
    const expected = (pred: (e: (typeof CATALOGUE)[number], players: readonly number[]) => boolean): string[] =>
      RULESETS.filter((r) => pred(CATALOGUE.find((e) => e.rulesetId === r.info.id)!, r.info.players))
        .map((r) => r.info.id)
        .sort();

    await page.selectOption('select[name=region]', 'Western Africa');
    expect(await shown()).toEqual(expected((e) => e.region === 'Western Africa'));
    expect(await shown()).toEqual(['gifia']);
    await page.selectOption('select[name=region]', '');
    await page.selectOption('select[name=category]', 'Three rows');
    expect(await shown()).toEqual(expected((e) => e.category.includes('Three rows')));
    await page.selectOption('select[name=category]', '');
    await page.selectOption('select[name=players]', '3');
    expect(await shown()).toEqual(expected((_, p) => p.includes(3)));
    expect(await shown()).toContain('gabata-aksum');
    await page.selectOption('select[name=players]', '');
    await page.fill('input[name=q]', 'sulusé');
    expect(await shown()).toEqual(['selus']);
    await page.fill('input[name=q]', 'Abalalae');
    expect(await shown()).toEqual(['abalalae']);
    await page.fill('input[name=q]', 'no such game');
    expect(await shown()).toEqual([]);
    await expect(page.locator('.game-grid .empty').textContent()).resolves.toContain('No game');
    await page.click('.game-grid .empty button');
    expect((await shown()).length).toBe(RULESETS.length);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("the map's markers on a 390 px phone: each a target of 44 px of its own, none over another, each reached by a tap", async () => {
    const { page, errors } = await offlinePage(390, 844);
    await page.goto(base);
    await page.waitForSelector('.map-panel .evidence-map .marker-link');
    // The markers are spread once the map is laid out (its size known): the tap circles then have their radius.
    await page.waitForFunction(() =>
      Array.from(document.querySelectorAll('.map-panel svg.evidence-map')).every((svg) =>
        (svg as SVGElement).style.getPropertyValue('--marker-hit'),
      ),
    );
    const views = await page.$$eval('.map-panel svg.evidence-map', (svgs) =>
      svgs.map((svg) => {
        // In the viewport, where a tap (elementFromPoint) can reach it.
        svg.scrollIntoView({ block: 'center' });
        const frame = svg.getBoundingClientRect();
        // The markers of the places this view shows (an inset's neighbours lie beyond its edges).
        const vb = (svg as SVGSVGElement).viewBox.baseVal;
        const links = Array.from(svg.querySelectorAll('.marker-link')).filter((l) => {
          const dot = l.querySelector('.marker')!;
          const x = Number(dot.getAttribute('cx'));
          const y = Number(dot.getAttribute('cy'));
          return x >= vb.x && x <= vb.x + vb.width && y >= vb.y && y <= vb.y + vb.height;
        });
        return {
          view: svg.getAttribute('data-view')!,
          moved: svg.querySelectorAll('.marker-item[transform]').length,
          leaders: svg.querySelectorAll('.marker-leader').length,
          inside: links.every((l) => {
            const b = l.getBoundingClientRect();
            return b.left >= frame.left - 0.5 && b.right <= frame.right + 0.5 && b.top >= frame.top - 0.5 && b.bottom <= frame.bottom + 0.5;
          }),
          boxes: links.map((l) => {
            const b = l.getBoundingClientRect();
            const at = document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2);
            return {
              place: l.querySelector('.marker')!.getAttribute('data-place')!,
              left: b.left,
              top: b.top,
              right: b.right,
              bottom: b.bottom,
              tapped: at?.closest('.marker-link') === l,
            };
          }),
        };
      }),
    );
    expect(views.map((v) => v.view)).toEqual(['africa', 'horn', 'nigeria']);
    const markers = CATALOGUE.reduce((n, e) => n + e.evidence.length + e.places.length, 0);
    for (const v of views) {
      expect(v.inside, `${v.view}: every target inside the map`).toBe(true);
      expect(v.leaders, `${v.view}: a line back to the place of each moved marker`).toBe(v.moved);
      expect(v.boxes.length, `${v.view}: its places have markers`).toBeGreaterThan(0);
      if (v.view === 'africa') {
        // Aksum and Adowa are a few pixels apart on the map of Africa: all of them are there, spread.
        expect(v.boxes).toHaveLength(markers);
        expect(v.moved).toBeGreaterThan(0);
      }
      for (const [i, b] of v.boxes.entries()) {
        expect(b.right - b.left, `${v.view} ${b.place}`).toBeGreaterThanOrEqual(43.5);
        expect(b.bottom - b.top, `${v.view} ${b.place}`).toBeGreaterThanOrEqual(43.5);
        expect(b.tapped, `${v.view} ${b.place}: a tap at its centre reaches it`).toBe(true);
        for (const o of v.boxes.slice(i + 1)) {
          const overlap =
            Math.min(b.right, o.right) - Math.max(b.left, o.left) > 0.5 && Math.min(b.bottom, o.bottom) - Math.max(b.top, o.top) > 0.5;
          expect(overlap, `${v.view}: ${b.place} and ${o.place} overlap`).toBe(false);
        }
      }
    }
    await page.locator('.map-panel .evidence-figure').screenshot({ path: join(SHOTS, 'map-markers-phone.png') });
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('game pages', () => {
  it(
    'every ruleset has a complete page: rules with clause IDs, readings with options, sources with pages, ' + 'concepts and figures',
    async () => {
      for (const size of SIZES) {
        const { page, blocked, failed, errors } = await offlinePage(size.width, size.height);
        await page.goto(base);
        await page.waitForSelector('.game-card');
        for (const r of RULESETS) {
          const entry = CATALOGUE.find((e) => e.rulesetId === r.info.id)!;
          await page.click(`.game-card[data-ruleset="${r.info.id}"] h2 a`);
          await page.waitForSelector(`.cat-game[data-ruleset="${r.info.id}"]`);
          const text = (await page.textContent('.cat-game'))!;
          for (const p of [...entry.description, ...entry.history]) expect(text).toContain(p);
          for (const s of entry.sources) expect(text).toContain(`pp. ${s.pages}`);
          for (const i of entry.identifiers) expect(await page.locator(`[data-identifier="${i.id}"]`).count()).toBe(1);
          const clauseIds = await page.$$eval('[data-clause]', (els) => els.map((e) => e.getAttribute('data-clause')));
          expect(clauseIds).toEqual(entry.clauses.map((c) => c.id));
          expect(await page.locator('ul.reconstructions > li').count()).toBe(r.info.reconstructions.length);
          for (const rec of r.info.reconstructions.filter((x) => x.option)) {
            const first = rec.option!.split(/[,\s]+/)[0]!;
            if (r.options.some((o) => o.name === first))
              expect(await page.locator(`ul.reconstructions [data-option="${first}"]`).count()).toBeGreaterThan(0);
          }
          for (const s of entry.similar) expect(text).toContain(s.name);
          expect(await page.locator('table.concepts tr').count()).toBeGreaterThan(8);
          // Ludii's compilation concepts beside ours, by Ludii's names and ids; a race is Ludii's Simultaneous (8).
          const ludii = (await page.locator(`table.concepts tr[data-concept="Ludii's concepts"] td`).textContent()) ?? '';
          expect(ludii).toMatch(/^Properties \(1\), .*Sow \(242\)/);
          expect(ludii.includes('Simultaneous (8)')).toBe(r.info.shape.race);
          expect(await page.locator('svg.figures-plot').count()).toBe(1);
          // The day the figures were measured, written through Intl ('December 1, 2026').
          expect(text).toMatch(/\d+ random games, measured [A-Z][a-z]+ \d{1,2}, \d{4}/);
          await shot(page, `game-${r.info.id}-${size.name}`);
          await page.click('a.back');
          await page.waitForSelector('.game-card');
        }
        expect(blocked).toEqual([]);
        expect(failed).toEqual([]);
        expect(errors).toEqual([]);
        await page.close();
      }
    },
  );

  it('evidence records show every field and their markers stand at the seed coordinates, readable on a phone', async () => {
    const facts = seedFacts();
    const seedLoc = (prefix: string): string | undefined => facts[prefix]?.fields['Location'];
    const cases = [
      { ruleset: 'gabata-aksum', evidence: 'DLP.Evidence.665', view: 'horn', country: 'Ethiopia', dms: seedLoc('000_') },
      { ruleset: 'gifia', evidence: 'DLP.Evidence.673', view: 'nigeria', country: 'Nigeria', dms: undefined },
    ];
    const { page, blocked, failed, errors } = await offlinePage(390, 844);
    for (const c of cases) {
      const entry = CATALOGUE.find((e) => e.rulesetId === c.ruleset)!;
      const ev = entry.evidence.find((e) => e.id === c.evidence)!;
      await page.goto(`${base}#/catalogue/${c.ruleset}`);
      const record = page.locator(`.evidence-record[data-evidence="${c.evidence}"]`);
      await record.waitFor();
      const text = (await record.textContent())!;
      for (const v of [
        ev.id,
        ev.type,
        ev.place.name,
        // The record's dates, written through Intl in the page's language (English here).
        englishDay(ev.date.from),
        englishDay(ev.date.to),
        String(ev.confidence),
        ev.source.title,
        ev.source.pages,
        ev.citation,
        ev.rulesParaphrase,
        ev.contentSummary,
      ]) {
        expect(text).toContain(v);
      }
      if (c.ruleset === 'gabata-aksum') expect(c.dms, 'the Aksum seed gives coordinates').toBeTruthy();
      if (c.dms) {
        expect(text).toContain(c.dms.trim());
        const d = parseDms(c.dms);
        expect(d.ok).toBe(true);
        if (d.ok) {
          expect(Math.abs(ev.place.coords.lat - d.value.lat)).toBeLessThan(1e-7);
          expect(Math.abs(ev.place.coords.lon - d.value.lon)).toBeLessThan(1e-7);
        }
      }
      // The countries are drawn once the map comes near the viewport (not while the page first shows).
      await page.locator('.cat-game .evidence-figure').scrollIntoViewIfNeeded();
      await page.waitForSelector('.cat-game svg[data-view="africa"] path[data-country]');
      const p = AFRICA.projection;
      const want = {
        x: (ev.place.coords.lon - p.west) * p.unitsPerDegree * p.cosLat,
        y: (p.north - ev.place.coords.lat) * p.unitsPerDegree,
      };
      for (const view of ['africa', c.view]) {
        const m = await page.evaluate(
          ({ view, id, country }) => {
            const svg = document.querySelector(`.cat-game svg[data-view="${view}"]`) as SVGSVGElement;
            const dot = svg.querySelector(`circle.marker[data-evidence="${id}"]`) as SVGCircleElement;
            const land = svg.querySelector(`path[data-country="${country}"]`) as SVGPathElement;
            const pt = new DOMPoint(Number(dot.getAttribute('cx')), Number(dot.getAttribute('cy')));
            const box = dot.getBoundingClientRect();
            const frame = svg.getBoundingClientRect();
            return {
              cx: pt.x,
              cy: pt.y,
              lat: Number(dot.getAttribute('data-lat')),
              lon: Number(dot.getAttribute('data-lon')),
              inCountry: land.isPointInFill(pt),
              diameter: box.width,
              inside: box.left >= frame.left && box.right <= frame.right && box.top >= frame.top && box.bottom <= frame.bottom,
            };
          },
          { view, id: c.evidence, country: c.country },
        );
        expect(m.lat).toBe(ev.place.coords.lat);
        expect(m.lon).toBe(ev.place.coords.lon);
        expect(Math.abs(m.cx - want.x)).toBeLessThan(0.01);
        expect(Math.abs(m.cy - want.y)).toBeLessThan(0.01);
        expect(m.inCountry, `${c.evidence} inside ${c.country} on the ${view} view`).toBe(true);
        expect(m.inside).toBe(true);
        // The enlarged view keeps the marker big enough to find with a finger.
        if (view !== 'africa') expect(m.diameter).toBeGreaterThanOrEqual(8);
      }
      await page.locator('.cat-game .evidence-figure').screenshot({ path: join(SHOTS, `map-${c.ruleset}-phone.png`) });
    }
    expect(blocked).toEqual([]);
    expect(failed).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('Play opens the board with that ruleset', async () => {
    for (const size of SIZES) {
      const { page, blocked, failed, errors } = await offlinePage(size.width, size.height);
      for (const r of size.name === 'desktop' ? RULESETS : RULESETS.slice(0, 1)) {
        await page.goto(`${base}#/catalogue/${r.info.id}`);
        await page.click('.cat-head [data-action=play]');
        await page.waitForSelector(`.ruleset-card.selected[data-ruleset="${r.info.id}"]`);
        expect(new URL(page.url()).hash).toBe(`#/new/${r.info.id}`);
        for (let seat = 1; seat <= 3; seat++) {
          const sel = page.locator(`select[name=seat${seat}]`);
          if (await sel.count()) await sel.selectOption('human');
        }
        await page.click('.start-row button.primary');
        await page.waitForSelector(`.board-box[data-ruleset="${r.info.id}"] svg`);
        expect(new URL(page.url()).hash).toMatch(/^#\/game\/[A-Za-z0-9]+$/);
        if (r === RULESETS[0] || size.name === 'desktop') await shot(page, `play-${r.info.id}-${size.name}`);
      }
      // Back on the start page from the board: the brand link leads to the catalogue.
      await page.click('header.site a.brand');
      await page.waitForSelector('.game-card');
      expect(blocked).toEqual([]);
      expect(failed).toEqual([]);
      expect(errors).toEqual([]);
      await page.close();
    }
  });
});
