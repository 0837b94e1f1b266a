#!/usr/bin/env node
/**
 * The `gabata` command. Thin: it finds the subcommand and hands it the arguments; each
 * subcommand lives in its own module `src/cli/<name>.ts` exporting `run(args): Promise<number>`.
 */
import { readFileSync } from 'node:fs';

const COMMANDS: Record<string, string> = {
  rulesets: 'list the rulesets, their sources and options',
  start: 'print the initial position of a ruleset',
  moves: 'list the legal moves of a position',
  apply: 'apply moves to a position',
  show: 'draw a position, or print it as JSON',
  play: 'play a match at this terminal (two people, or against the computer)',
  replay: 'step through a game record: every move, what it did, the board after it',
  analyse: 'the engine evaluates a game record: best moves, mistakes, written back as annotations',
  simulate: 'play many matches between agents and summarise them',
  sweep: 'play matches over a grid of rule options and report each cell with intervals',
  concepts: "a ruleset's concepts in Ludii's vocabulary (id, name, value)",
  tournament: 'round-robin tournament between agents and engines, with ratings',
  worker: 'play the matches of runs on a Redis queue (--queue), on this machine',
  engine: 'speak the engine protocol on stdin/stdout',
  bench: 'measure speed and memory',
  serve: 'start the web app and its API',
  account: "the server's accounts: show one, or delete it (--db FILE)",
  catalogue: 'the catalogue of games: list entries, or --refresh the measured figures',
  race: 'the opening race as a matrix game: value every pair of starting holes, solve for the equilibrium',
};

function usage(): string {
  const lines = ['usage: gabata <command> [arguments]', '', 'commands:'];
  for (const [name, text] of Object.entries(COMMANDS)) lines.push(`  ${name.padEnd(11)} ${text}`);
  lines.push('', "run 'gabata <command> --help' for a command's arguments");
  return lines.join('\n');
}

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    process.stdout.write(usage() + '\n');
    return name === undefined ? 2 : 0;
  }
  if (name === '--version') {
    // The package's own version, the one `gabata worker` checks tasks against.
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
    process.stdout.write(`gabata ${pkg.version}\n`);
    return 0;
  }
  // Own keys only: `constructor` or `__proto__` is not a command because every object has one.
  if (!Object.hasOwn(COMMANDS, name)) {
    process.stderr.write(`gabata: ERR_ARGUMENT: unknown command '${name}'\n${usage()}\n`);
    return 2;
  }
  const file = `./${name}.js`;
  let mod: { run(args: string[]): Promise<number> };
  try {
    mod = (await import(file)) as typeof mod;
  } catch (e) {
    process.stderr.write(`gabata: ERR_INTERNAL: command '${name}' is not available in this build (${(e as Error).message})\n`);
    return 2;
  }
  return mod.run(rest);
}

// Output piped into a reader that stops early (`gabata replay x | head`): stop quietly.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(0);
  throw e;
});

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    // Every error names its code, a thrown one too: a Node error's own code (ENOENT) stays in its message.
    const ge = e as { code?: unknown; message?: string };
    const code = typeof ge.code === 'string' && /^ERR_[A-Z_]+$/.test(ge.code) ? ge.code : 'ERR_INTERNAL';
    process.stderr.write(`gabata: ${code}: ${ge.message ?? String(e)}\n`);
    process.exitCode = 1;
  },
);
