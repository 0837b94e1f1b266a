/**
 * `gabata engine`: speaks the engine protocol (docs/protocol.md) on stdin/stdout until `quit` or
 * the end of input.
 */
import { createInterface } from 'node:readline';
import { EngineSession } from '../protocol/engine.js';

const HELP = `usage: gabata engine

Speaks the Gabata engine protocol on stdin/stdout (see docs/protocol.md): send 'gabata', then
'newgame <ruleset> [seed=N] [name=value ...]', 'position startpos [moves ...]', 'go movetime 500'.`;

export async function run(args: string[]): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    process.stdout.write(HELP + '\n');
    return 0;
  }
  const session = new EngineSession((line) => process.stdout.write(line + '\n'));
  const rl = createInterface({ input: process.stdin, crlfDelay: Infinity, terminal: false });
  for await (const line of rl) {
    if (!session.handle(line)) {
      rl.close();
      break;
    }
  }
  return 0;
}
