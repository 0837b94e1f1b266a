/**
 * Reads a V8 CPU profile (node --cpu-prof) and names where the time went: self time by function
 * and by file (or package), largest first. `node scripts/loadtest/profile.mjs FILE.cpuprofile [N]`
 * prints it; the load test calls `summariseProfile` after a run with --profile.
 */
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

function where(frame) {
  const url = frame.url || '';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1];
  if (url.startsWith('node:')) return url;
  const m = /\/(src|dist)\/(.+)$/.exec(url);
  if (m) return m[2];
  return url ? url.split('/').pop() : `(${frame.functionName || 'native'})`;
}

/**
 * `{ totalMs, byFunction: [[name, ms]...], byFile: [[file, ms]...] }`, the top `n` of each. With
 * `window` ([from, to] in microseconds of the monotonic clock, `process.hrtime` / 1000: the clock of
 * the profile's timestamps on Linux), only the samples taken in it (the play, not the setup).
 */
export function summariseProfile(file, n = 15, window = null) {
  const prof = JSON.parse(readFileSync(file, 'utf8'));
  const byId = new Map(prof.nodes.map((node) => [node.id, node]));
  const self = new Map();
  const dt = prof.timeDeltas;
  let t = prof.startTime;
  for (let i = 0; i < prof.samples.length; i++) {
    t += dt[i] ?? 0;
    if (window && (t < window[0] || t > window[1])) continue;
    self.set(prof.samples[i], (self.get(prof.samples[i]) ?? 0) + (dt[i] ?? 0));
  }
  const fn = new Map();
  const files = new Map();
  let total = 0;
  for (const [id, us] of self) {
    const f = byId.get(id).callFrame;
    const name = `${f.functionName || '(anonymous)'} ${where(f)}${f.url ? `:${f.lineNumber + 1}` : ''}`;
    fn.set(name, (fn.get(name) ?? 0) + us);
    files.set(where(f), (files.get(where(f)) ?? 0) + us);
    total += us;
  }
  const top = (m) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, us]) => [k, Math.round(us / 100) / 10]);
  return { totalMs: Math.round(total / 1000), byFunction: top(fn), byFile: top(files) };
}

/** Lines of text for a terminal: percent of the total, milliseconds, name. */
export function formatProfile(s) {
  const pct = (ms) => `${((100 * ms) / Math.max(1, s.totalMs)).toFixed(1).padStart(5)}%`;
  return [
    `CPU profile: ${s.totalMs} ms sampled`,
    'self time by file or package:',
    ...s.byFile.map(([k, ms]) => `  ${pct(ms)} ${String(ms).padStart(8)} ms  ${k}`),
    'self time by function:',
    ...s.byFunction.map(([k, ms]) => `  ${pct(ms)} ${String(ms).padStart(8)} ms  ${k}`),
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [file, n] = process.argv.slice(2);
  if (!file) {
    process.stderr.write('usage: node scripts/loadtest/profile.mjs FILE.cpuprofile [TOP]\n');
    process.exit(2);
  }
  process.stdout.write(formatProfile(summariseProfile(file, Number(n) || 15)).join('\n') + '\n');
}
