/**
 * Benchmark (not a test) of quick pairing: the median time of one wave (src/server/lobby/pools.ts
 * pairWave) over 10,000 waiting players with spread ratings, deviations, waiting times and a few
 * blocks. The bound: under 100 ms. Run after a build: `node scripts/bench-pairing.mjs [players] [repeats]`.
 */
import { performance } from 'node:perf_hooks';
import { pairWave } from '../dist/server/lobby/pools.js';

const players = Number(process.argv[2] ?? 10_000);
const repeats = Number(process.argv[3] ?? 15);
const now = 10_000_000;

/** Waiting players, the same every run (a fixed LCG, no Math.random). */
function waiting(n) {
  let x = 12345;
  const next = () => {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    return x / 2 ** 32;
  };
  return Array.from({ length: n }, (_, i) => {
    const blocked = new Set();
    if (next() < 0.05) blocked.add(`p${Math.floor(next() * n)}`);
    const rating = Math.round(600 + 1800 * ((next() + next() + next()) / 3));
    return { player: `p${i}`, rating, deviation: 50 + Math.floor(next() * 300), since: now - Math.floor(next() * 120_000), blocked };
  });
}

const entries = waiting(players);
const times = [];
let pairs = 0;
for (let r = 0; r < repeats + 2; r++) {
  const t = performance.now();
  pairs = pairWave(entries, now, r).length;
  // The first two runs warm the JIT up.
  if (r >= 2) times.push(performance.now() - t);
}
times.sort((a, b) => a - b);
const median = times[Math.floor(times.length / 2)];
console.log(
  `one pairing wave over ${players.toLocaleString('en-US')} waiting players: median ${median.toFixed(1)} ms of ${repeats} (${pairs} pairs)`,
);
