// Compares the speed of two builds of the rules in one process: random playouts of each ruleset,
// old and new alternating; the ratio new/old of the time per ply (below 1: new is faster), from
// the medians of the rounds and from the best round of each.
// Also checks that both builds play the same matches (plies, winner, scores) for the same seeds.
//   node scripts/bench-compare.mjs <old dist dir> <new dist dir> [rounds] [matches per round]
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';

const [oldDir, newDir, roundsArg, matchesArg] = process.argv.slice(2);
if (!oldDir || !newDir) {
  console.error('usage: node scripts/bench-compare.mjs <old dist> <new dist> [rounds] [matches]');
  process.exit(2);
}
const rounds = Number(roundsArg ?? 9);
const matches = Number(matchesArg ?? 40);

async function load(dir) {
  const games = await import(pathToFileURL(resolve(dir, 'games/index.js')).href);
  const core = await import(pathToFileURL(resolve(dir, 'core/index.js')).href);
  return { games, core };
}

const CASES = [
  ['gabata-adowa', {}],
  ['gabata-aksum', {}],
  ['gabata-aksum', { players: 3 }],
  ['gifia', {}],
  ['selus', {}],
  ['abalalae', {}],
];

function build(lib, id, options) {
  return lib.core.unwrap(lib.core.unwrap(lib.games.getRuleset(id)).create(options));
}

/** Plays `matches` random matches from `seed0`; returns the plies played and a digest of the results. */
function run(lib, game, seed0) {
  let plies = 0;
  let digest = 0;
  for (let i = 0; i < matches; i++) {
    const r = lib.core.playRandomMatch(game, seed0 + i);
    plies += r.plies;
    digest = (Math.imul(digest, 31) + r.plies * 7 + r.state.winner * 3 + r.state.scores[1]) | 0;
  }
  return { plies, digest };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

const libs = { old: await load(oldDir), new: await load(newDir) };
console.log(`rounds ${rounds}, ${matches} random matches per round and build`);
// BENCH_ONLY=gifia,abalalae runs only those rulesets.
const only = process.env.BENCH_ONLY?.split(',');
for (const [id, options] of CASES.filter(([id]) => !only || only.includes(id))) {
  const games = { old: build(libs.old, id, options), new: build(libs.new, id, options) };
  const rates = { old: [], new: [] };
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? ['old', 'new'] : ['new', 'old'];
    const digests = {};
    for (const which of order) {
      const t0 = process.hrtime.bigint();
      const r = run(libs[which], games[which], 1000 * round + 1);
      const ms = Number(process.hrtime.bigint() - t0) / 1e6;
      rates[which].push(r.plies / ms);
      digests[which] = r.digest;
    }
    if (digests.old !== digests.new) {
      console.error(`${id}: the builds played different matches (round ${round})`);
      process.exitCode = 1;
    }
  }
  const o = median(rates.old);
  const n = median(rates.new);
  const name = `${id}${Object.keys(options).length ? ` ${JSON.stringify(options)}` : ''}`;
  const figures = `old ${o.toFixed(0).padStart(6)} plies/ms  new ${n.toFixed(0).padStart(6)} plies/ms`;
  // On a busy machine the best round of each says more than the median: noise only slows.
  const best = (Math.max(...rates.old) / Math.max(...rates.new)).toFixed(3);
  console.log(`${name.padEnd(32)} ${figures}  new/old time: median ${(o / n).toFixed(3)}, best ${best}`);
}
