/**
 * `gabata engine`: speaks the engine protocol (docs/protocol.md) on stdin/stdout until `quit` or
 * the end of input. Searches run in a worker thread, so `stop`, `isready` and `quit` are answered
 * while one runs.
 */
import { createInterface } from 'node:readline';
import { EngineSession } from '../protocol/engine.js';
import { SearchWorker } from '../protocol/search-host.js';

const HELP = `usage: gabata engine

Speaks the Gabata engine protocol on stdin/stdout (see docs/protocol.md): send 'gabata', then
'newgame <ruleset> [seed=N] [name=value ...]', 'position startpos [moves ...]', 'go movetime 500'
(or 'go infinite' ... 'stop').`;

export async function run(args: string[]): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    process.stdout.write(HELP + '\n');
    return 0;
  }
  const write = (line: string): void => {
    process.stdout.write(line + '\n');
  };
  const host = SearchWorker.start();
  if (host === null) process.stderr.write('gabata engine: the search worker is not built; searching inline (stop cannot end a search)\n');
  const session = new EngineSession(write, host === null ? {} : { host });
  const rl = createInterface({ input: process.stdin, crlfDelay: Infinity, terminal: false });
  let quit = false;
  for await (const line of rl) {
    if (!session.handle(line)) {
      quit = true;
      rl.close();
      break;
    }
  }
  // quit: at once, a running search is dropped; end of input: running searches answer first.
  if (quit) await session.close();
  else await session.finish();
  return 0;
}
