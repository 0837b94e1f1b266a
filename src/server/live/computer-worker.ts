/**
 * Worker-thread entry of the server's computer players (built to dist/server/live/computer-worker.js):
 * replays the game from its seed and codes, then asks the level's agent for one decision.
 */
import { parentPort } from 'node:worker_threads';
import { levelAgent } from '@gabata/engine/ai';
import { buildGame, isSimultaneous, replay } from '../match.js';
import type { SearchJob, SearchReply } from './computer.js';

function choose(job: SearchJob): number {
  const built = buildGame(job.ruleset, job.options);
  if (!built.ok) throw built.error;
  const s = replay(built.value, job.seed, job.moves);
  if (!s.ok) throw s.error;
  const agent = levelAgent(job.level as 1 | 2 | 3 | 4 | 5, (job.seed + job.moves.length * 7919 + job.player) >>> 0);
  // The level's own budget, cut short at the pool's time cap (a long queue gives each search less).
  const deadline = Date.now() + job.maxMs;
  const budget = { shouldStop: () => Date.now() >= deadline };
  return isSimultaneous(s.value)
    ? agent.chooseFor(built.value, s.value, job.player, budget).move
    : agent.choose(built.value, s.value, budget).move;
}

if (parentPort !== null) {
  const port = parentPort;
  port.on('message', (job: SearchJob) => {
    try {
      port.postMessage({ id: job.id, move: choose(job) } satisfies SearchReply);
    } catch (e) {
      port.postMessage({ id: job.id, error: e instanceof Error ? e.message : String(e) } satisfies SearchReply);
    }
  });
}
