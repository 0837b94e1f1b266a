/**
 * `gabata engine`: speaks the engine protocol (docs/protocol.md) on stdin/stdout until `quit` or
 * the end of input. Searches run in a worker thread, so `stop`, `isready` and `quit` are answered
 * while one runs.
 */
import { EngineSession, MAX_LINE, SearchWorker } from '@gabata/engine/protocol';

const HELP = `usage: gabata engine

Speaks the Gabata engine protocol on stdin/stdout (see docs/protocol.md): send 'gabata', then
'newgame <ruleset> [seed=N] [name=value ...]', 'position startpos [moves ...]', 'go movetime 500'
(or 'go infinite' ... 'stop'). At the end of input every search is stopped, answers, and the
engine exits.`;

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
  process.stdin.setEncoding('utf8');
  let quit = false;
  try {
    for await (const line of boundedLines(process.stdin, MAX_LINE)) {
      if (!session.handle(line)) {
        quit = true;
        break;
      }
    }
  } finally {
    // quit: at once, a running search is dropped; end of input (or a failed read): every search is
    // stopped and answers. Either way the worker ends: a live one would keep the process running.
    if (quit) await session.close();
    else await session.finish();
  }
  return 0;
}

/**
 * The lines of `input` (a stream of strings), each cut after `max` + 1 characters, the rest of a
 * longer line skipped: readline keeps a line of any length, so a client that never sent a newline
 * would fill the memory; the session refuses a line over `max` characters whatever follows.
 */
export async function* boundedLines(input: AsyncIterable<string>, max: number): AsyncGenerator<string> {
  let line = '';
  for await (const chunk of input) {
    const parts = chunk.split('\n');
    for (let i = 0; i < parts.length; i++) {
      if (line.length <= max) line += parts[i]!.slice(0, max + 1 - line.length);
      if (i < parts.length - 1) {
        yield line;
        line = '';
      }
    }
  }
  if (line !== '') yield line;
}
