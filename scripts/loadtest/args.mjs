/**
 * The arguments of `npm run loadtest -- ...`: one table of flags (name, kind, bounds, default,
 * help), read strictly (an unknown flag or a value out of bounds is an error that says what is
 * allowed). Every run is bounded: games, seconds and client processes have ceilings.
 */

/** A bad command line: `code` is ERR_ARGUMENT, the message says what would be right. */
export class LoadtestError extends Error {
  constructor(code, message) {
    super(message);
    this.code = code;
  }
}

/** The most players a quick-pairing run (--pool) may ask for: each holds a lobby socket, then a game's. */
export const MAX_POOL_PLAYERS = 10_000;

/** The flags a quick-pairing run (--pool) has no use for: it makes its own games, each short. */
const NOT_WITH_POOL = ['games', 'duration', 'pace', 'think', 'rate', 'ruleset', 'option', 'kill', 'kill-at', 'clients'];

/** The most games a run may ask for: 40,000 sockets, above what one process holds on most machines (see fdNeeds). */
export const MAX_GAMES = 20_000;

const FLAGS = [
  { name: 'games', kind: 'int', min: 1, max: MAX_GAMES, def: 100, help: 'concurrent two-player games (2 sockets each)' },
  { name: 'duration', kind: 'num', min: 1, max: 600, def: 10, help: 'seconds of play after every socket is welcomed' },
  { name: 'pace', kind: 'enum', values: ['full', 'human'], def: 'full', help: 'full: no think time; human: 1-3 s per move' },
  { name: 'think', kind: 'range', min: 0, max: 60000, def: null, help: 'think time MIN-MAX in ms (overrides --pace)' },
  { name: 'rate', kind: 'num', label: 'R', min: 1, max: 100000, def: null, help: 'aim at R moves/s over all games (overrides --pace)' },
  { name: 'ruleset', kind: 'str', label: 'ID', def: 'gabata-adowa', help: 'ruleset id (with a race: its choices go as commits)' },
  { name: 'option', kind: 'list', label: 'NAME=VALUE', def: [], help: 'a rule option of every game (repeatable)' },
  { name: 'seed', kind: 'int', min: 0, max: 0xffffffff, def: 1, help: 'seed of the games and of every random choice' },
  {
    name: 'pool',
    kind: 'int',
    min: 2,
    max: MAX_POOL_PLAYERS,
    def: null,
    help: "quick pairing: N players (half accounts) join the lobby's pools at once and play short games",
  },
  { name: 'kill', kind: 'bool', def: false, help: 'crash run: SIGKILL the server mid-load, restart it, check no acked move is lost' },
  { name: 'kill-at', kind: 'num', min: 0.5, max: 600, def: null, help: 'seconds into the play to kill the server (default: half)' },
  { name: 'port', kind: 'int', label: 'P', min: 0, max: 65535, def: 0, help: 'server port (0: the OS picks a free one)' },
  {
    name: 'host',
    kind: 'str',
    label: 'ADDR',
    def: '127.0.0.1',
    help: 'only 127.0.0.1 is accepted: the load test never leaves the machine',
  },
  { name: 'clients', kind: 'int', min: 1, max: 16, def: 1, help: 'client processes sharing the games (and their sockets)' },
  { name: 'rate-limits', kind: 'bool', def: false, help: "keep the server's per-client HTTP limits (all clients share 127.0.0.1)" },
  { name: 'server-arg', kind: 'list', label: 'ARG', def: [], help: "extra argument for 'gabata serve' (repeatable)" },
  { name: 'profile', kind: 'str', label: 'DIR', def: null, help: 'write a V8 CPU profile of the server (node --cpu-prof) into DIR' },
  { name: 'json', kind: 'bool', def: false, help: 'no progress lines on stderr (errors still go there)' },
  { name: 'help', kind: 'bool', def: false, help: 'this text' },
];

export function usage() {
  const lines = [
    'usage: npm run loadtest -- [--games N] [--duration S] [--pace full|human] [--kill] [--port P] [--json] ...',
    '       npm run loadtest -- --pool N [--seed N] [--json] ...',
    '',
    'Starts the real server (node dist/cli/main.js serve) on 127.0.0.1 with a temporary SQLite file,',
    'creates N two-player games over HTTP (one player key per seat; seat 2 joins by invite), opens',
    'one WebSocket per player and plays seeded random legal moves, then prints ONE JSON line:',
    'games, sockets, moves, movesPerSecond, p50Ms, p90Ms, p99Ms, maxMs (a move sent to the',
    "opponent's socket receiving it), errors, seconds, the cores and peak memory (serverRssMB,",
    'clientRssMB) used; with --kill also acknowledged, found, lost.',
    'Exit status 0 when errors = 0 (and lost = 0), 1 otherwise, 2 for a bad command line.',
    '',
    "--pool N: N players, every other one an account signed up over HTTP, say hello on the lobby's",
    'socket and then all join quick-pairing pools at once (every ruleset at each clock, the faster',
    'busier, seeded); each paired player opens its game and plays seeded random legal moves for 4 to',
    '16 plies, then resigns. Each player sends its own address in X-Forwarded-For (the server runs',
    'with --trust-proxy 127.0.0.1). ONE JSON line: players, paired, medianWaitMs, p99WaitMs (pool-join',
    'to paired), games, gamesFinished, ratedGames, errors, seconds, serverRssMB, the cores used.',
    'Exit status 0 when errors = 0 and every player was paired.',
    '',
    'options:',
  ];
  for (const f of FLAGS) {
    const arg = f.label
      ? ` ${f.label}`
      : { int: ' N', num: ' S', enum: ` ${f.values?.join('|')}`, range: ' MIN-MAX', str: ' X', list: ' X', bool: '' }[f.kind];
    const def = f.def === null || f.def === false || (Array.isArray(f.def) && f.def.length === 0) ? '' : ` (default ${f.def})`;
    lines.push(`  --${(f.name + arg).padEnd(22)} ${f.help}${def}`);
  }
  lines.push(
    '',
    'A socket sends at most 16 messages a second (the server closes one that sends more than 20),',
    'so at full pace a game is bounded by the round trip and by that limit. The targets of the',
    'server (10,000 games, 10,000 moves/s, p99 < 100 ms) are measured with',
    '  npm run loadtest -- --games 10000 --rate 10000 --duration 30 --clients 2',
    'Each socket is a file descriptor in the server and in a client process: a run that needs',
    'more than a process may open (ulimit -n) is refused before anything starts.',
    'The quick-pairing target (1,000 players paired, 0 errors, median wait under 5 s):',
    '  npm run loadtest -- --pool 1000',
  );
  return lines.join('\n');
}

function bad(message) {
  return new LoadtestError('ERR_ARGUMENT', message);
}

function readValue(f, raw) {
  const where = `--${f.name}`;
  if (raw === undefined || (raw.startsWith('--') && f.kind !== 'list')) throw bad(`${where} needs a value`);
  if (f.kind === 'int' || f.kind === 'num') {
    const v = Number(raw);
    const ok = raw.trim() !== '' && Number.isFinite(v) && (f.kind === 'num' || Number.isInteger(v));
    if (!ok || v < f.min || v > f.max) {
      throw bad(`${where} needs ${f.kind === 'int' ? 'an integer' : 'a number'} from ${f.min} to ${f.max}, not '${raw}'`);
    }
    return v;
  }
  if (f.kind === 'enum') {
    if (!f.values.includes(raw)) throw bad(`${where} must be one of ${f.values.join(', ')}, not '${raw}'`);
    return raw;
  }
  if (f.kind === 'range') {
    const m = /^(\d+)-(\d+)$/.exec(raw);
    const lo = m ? Number(m[1]) : Number.NaN;
    const hi = m ? Number(m[2]) : Number.NaN;
    if (!m || lo > hi || hi > f.max) throw bad(`${where} needs MIN-MAX milliseconds (0 <= MIN <= MAX <= ${f.max}), not '${raw}'`);
    return [lo, hi];
  }
  return raw;
}

/** Reads argv into options; throws LoadtestError on anything it cannot read. */
export function parseArgs(argv) {
  const out = {};
  const given = new Set();
  for (const f of FLAGS) out[f.name] = Array.isArray(f.def) ? [] : f.def;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const eq = a.indexOf('=');
    const name = a.startsWith('--') ? a.slice(2, eq < 0 ? undefined : eq) : a === '-h' ? 'help' : null;
    const f = FLAGS.find((x) => x.name === name);
    if (!f) throw bad(`unknown argument '${a}' (see --help)`);
    given.add(f.name);
    if (f.kind === 'bool') {
      if (eq >= 0) throw bad(`--${f.name} takes no value`);
      out[f.name] = true;
      continue;
    }
    const v = readValue(f, eq >= 0 ? a.slice(eq + 1) : argv[++i]);
    if (f.kind === 'list') out[f.name].push(v);
    else out[f.name] = v;
  }
  return finish(out, given);
}

function finish(o, given) {
  if (o.host !== '127.0.0.1') throw bad(`--host must be 127.0.0.1: the load test only runs against a server it starts on loopback`);
  if (!/^[a-z0-9'-]{1,40}$/i.test(o.ruleset)) throw bad(`--ruleset '${o.ruleset}' is not a ruleset id`);
  const options = {};
  for (const kv of o.option) {
    const m = /^([A-Za-z][A-Za-z0-9]*)=(.+)$/.exec(kv);
    if (!m) throw bad(`--option needs NAME=VALUE, not '${kv}'`);
    options[m[1]] = /^-?\d+(\.\d+)?$/.test(m[2]) ? Number(m[2]) : m[2] === 'true' ? true : m[2] === 'false' ? false : m[2];
  }
  if (o.pool !== null) {
    const other = NOT_WITH_POOL.find((n) => given.has(n));
    if (other) throw bad(`--pool makes its own short games: --${other} does not go with it`);
    if (o.pool % 2 !== 0) throw bad(`--pool needs an even number of players (they are paired), not ${o.pool}`);
  }
  if (o['kill-at'] !== null && !o.kill) throw bad('--kill-at needs --kill');
  if (o['kill-at'] !== null && o['kill-at'] >= o.duration)
    throw bad(`--kill-at (${o['kill-at']} s) must be before the end (--duration ${o.duration})`);
  if (o.clients > o.games) throw bad(`--clients (${o.clients}) cannot exceed --games (${o.games})`);
  let think = o.pace === 'human' ? [1000, 3000] : [0, 0];
  if (o.think) think = o.think;
  if (o.rate !== null) {
    // One move in flight per game: a mean think of games/rate seconds gives about `rate` moves/s.
    const mean = (1000 * o.games) / o.rate;
    think = [Math.round(0.5 * mean), Math.round(1.5 * mean)];
  }
  return {
    games: o.games,
    duration: o.duration,
    pace: o.rate !== null ? 'rate' : o.think ? 'think' : o.pace,
    think,
    rate: o.rate,
    ruleset: o.ruleset,
    options,
    seed: o.seed,
    kill: o.kill,
    killAt: o.kill ? (o['kill-at'] ?? o.duration / 2) : null,
    port: o.port,
    clients: o.clients,
    pool: o.pool,
    // Every simulated client comes from 127.0.0.1: per-client HTTP limits would throttle them as one.
    // A pairing run's players each name their own address (X-Forwarded-For), as behind a proxy.
    serverArgs: [
      ...(o['rate-limits'] ? [] : ['--no-rate-limit']),
      ...(o.pool === null ? [] : ['--trust-proxy', '127.0.0.1']),
      ...o['server-arg'],
    ],
    profile: o.profile,
    json: o.json,
    help: o.help,
  };
}
