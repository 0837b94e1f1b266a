// `npm run lighthouse`: Lighthouse 12.2.3 (a dev dependency) in Debian's chromium, mobile mode (its
// default: a mid-range phone, slow 4G, 4x CPU slowdown), against a real server on loopback with a
// fresh database: the home page (the catalogue) and a game page (a game against the computer, made
// through the API). Prints each page's four scores, its largest contentful paint, layout shift and
// blocking time, and the JavaScript it transferred, then one JSON line with all of it. A benchmark,
// never a test: the figures go in the README. Options: --runs N (medians of N, default 1),
// --chromium PATH (default /usr/bin/chromium), --json-only, --save DIR (each run's whole report as
// JSON there, to read the audits' details).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const argv = process.argv.slice(2);
const flag = (name, fallback) => {
  const i = argv.indexOf(name);
  return i >= 0 && argv[i + 1] !== undefined ? argv[i + 1] : fallback;
};
const runs = Number(flag('--runs', '1'));
const chromePath = flag('--chromium', '/usr/bin/chromium');
const jsonOnly = argv.includes('--json-only');
const saveDir = flag('--save', null);
if (!Number.isInteger(runs) || runs < 1 || runs > 9) {
  console.error('lighthouse: --runs must be 1 to 9');
  process.exit(2);
}

/** `gabata serve` on a free loopback port with a fresh database; resolves with its URL and a stop. */
function serve(db) {
  const proc = spawn(process.execPath, [join(root, 'dist/cli/main.js'), 'serve', '--port', '0', '--host', '127.0.0.1', '--db', db], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start: ${out}`)), 30_000);
    proc.stdout.on('data', (d) => {
      out += d.toString();
      const m = /serving (http:\/\/127\.0\.0\.1:\d+)\//.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ url: m[1], stop: () => proc.kill('SIGTERM') });
      }
    });
    proc.stderr.on('data', (d) => (out += d.toString()));
    proc.once('exit', (code) => reject(new Error(`server exited with ${code}: ${out}`)));
  });
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

const dir = mkdtempSync(join(tmpdir(), 'gabata-lighthouse-'));
let server;
let chrome;
process.once('SIGINT', () => {
  server?.stop();
  void chrome?.kill();
  rmSync(dir, { recursive: true, force: true });
  process.exit(130);
});
if (saveDir) mkdirSync(saveDir, { recursive: true });
try {
  server = await serve(join(dir, 'games.db'));
  const key = randomBytes(32).toString('base64url');
  const made = await fetch(`${server.url}/api/games`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}`, origin: server.url },
    body: JSON.stringify({ ruleset: 'gabata-adowa', seed: 7, seats: ['human', 'computer:1'] }),
  });
  if (made.status !== 201) throw new Error(`could not make a game: ${made.status} ${await made.text()}`);
  const { game } = await made.json();
  const pages = [
    { name: 'home', url: `${server.url}/` },
    { name: 'game', url: `${server.url}/#/game/${game.id}` },
  ];
  chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  const results = {};
  for (const p of pages) {
    const seen = [];
    for (let i = 0; i < runs; i++) {
      const r = await lighthouse(p.url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      });
      const lhr = r.lhr;
      if (saveDir) writeFileSync(join(saveDir, `${p.name}-${i + 1}.json`), JSON.stringify(lhr));
      const score = (c) => Math.round((lhr.categories[c]?.score ?? 0) * 100);
      const audit = (a) => lhr.audits[a]?.numericValue ?? null;
      const items = lhr.audits['network-requests']?.details?.items ?? [];
      const js = items.filter((x) => x.resourceType === 'Script').reduce((a, x) => a + (x.transferSize ?? 0), 0);
      seen.push({
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        seo: score('seo'),
        lcpMs: Math.round(audit('largest-contentful-paint')),
        cls: Number((audit('cumulative-layout-shift') ?? 0).toFixed(3)),
        tbtMs: Math.round(audit('total-blocking-time')),
        fcpMs: Math.round(audit('first-contentful-paint')),
        scriptKB: Math.round(js / 1024),
        failing: Object.values(lhr.audits)
          .filter(
            (a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'notApplicable',
          )
          .map((a) => a.id),
        bfCache: (lhr.audits['bf-cache']?.details?.items ?? []).map((x) => `${x.failureType}: ${x.reason}`),
      });
    }
    const keys = ['performance', 'accessibility', 'bestPractices', 'seo', 'lcpMs', 'cls', 'tbtMs', 'fcpMs', 'scriptKB'];
    results[p.name] = Object.fromEntries([
      ...keys.map((k) => [k, median(seen.map((s) => s[k]))]),
      ['failing', seen.at(-1).failing],
      ['bfCache', seen.at(-1).bfCache],
    ]);
    if (!jsonOnly) {
      const m = results[p.name];
      console.log(
        `${p.name}: performance ${m.performance}, accessibility ${m.accessibility}, best practices ${m.bestPractices}, SEO ${m.seo}; ` +
          `FCP ${m.fcpMs} ms, LCP ${m.lcpMs} ms, CLS ${m.cls}, TBT ${m.tbtMs} ms, scripts ${m.scriptKB} KiB transferred` +
          (runs > 1 ? ` (medians of ${runs})` : '') +
          (m.failing.length ? `\n  below 90: ${m.failing.join(', ')}` : '') +
          (m.bfCache.length ? `\n  back/forward cache blocked: ${m.bfCache.join('; ')}` : ''),
      );
    }
  }
  console.log(JSON.stringify({ lighthouse: '12.2.3', mode: 'mobile', runs, ...results }));
} finally {
  await chrome?.kill();
  server?.stop();
  rmSync(dir, { recursive: true, force: true });
}
