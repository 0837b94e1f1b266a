/**
 * The quick-pairing run of the load test (`npm run loadtest -- --pool N`): N players, every other
 * one an account signed up through the real HTTP route (`POST /api/account/signup` with its player
 * key, so the key acts as the account), the others anonymous player keys. Each says hello on the
 * lobby's socket; once all are welcomed, all join a quick-pairing pool at once (several rulesets
 * and clocks, drawn from the seed, each pool an even number of players, the faster clocks busier).
 * A player's wait is from its `pool-join` to its `paired`. It then leaves the lobby, opens the
 * game's live socket (as pool.mjs does: hello, catch-up, one action in flight) and plays seeded
 * random legal moves; on its turn at or after the ply it drew (4 to 16) it resigns, so the first of
 * the two to get there ends the game. An account's pool entry is rated, a key alone's casual; a
 * game between two accounts is rated and moves both ratings, which is checked at the end through
 * each account's profile (`GET /api/players/:name`).
 *
 * Every player has its own address in X-Forwarded-For, the server trusting 127.0.0.1 as its proxy
 * (loadtest.mjs passes --trust-proxy): as on a real site, where each player comes from his own
 * address, every per-address count (sign-ups an hour, pool entries, lobby sockets) counts one player.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import WebSocket from 'ws';
import { LoadtestError } from './args.mjs';

// The engine's build, through its package (built by `npm run build` with the app's).
const { getRuleset } = await import('@gabata/engine/games');
const { MAX_MOVES, PHASE_OVER, PHASE_RACE, Rng } = await import('@gabata/engine/core');

/** Gap between two sends of a socket: at most 16 a second (the server closes one that sends more than 20). */
const SEND_GAP_MS = 65;
/** WebSocket handshakes in flight: the server's accept queue holds 511 (see pool.mjs's Gate). */
const HANDSHAKES = 256;
/** Sign-ups in flight: each is an scrypt on the server's thread pool (4 threads). */
const SIGNUPS_AT_ONCE = 8;
const ACK_TIMEOUT_MS = 15_000;
/** A player resigns on its turn at or after a ply drawn from MIN_PLIES..MAX_PLIES (a rated game needs 2). */
const MIN_PLIES = 4;
const MAX_PLIES = 16;
/** How many pairs of players go to each clock's pools, relatively. */
const SPEED_WEIGHTS = { '5+3': 4, '10+5': 3, '30+20': 2, corr: 1 };

/** Milliseconds the sign-ups and lobby hellos may take; then the pairing; then the games. */
export const setupLimitMs = (players) => 30_000 + 250 * players;
export const pairLimitMs = (players) => 60_000 + 20 * players;
export const playLimitMs = (players) => 60_000 + 20 * players;

const moveBuffer = new Int32Array(MAX_MOVES);

function mixSeed(seed, index) {
  let z = (seed ^ Math.imul(index + 1, 0x9e3779b9)) >>> 0;
  z = Math.imul(z ^ (z >>> 16), 0x7feb352d);
  z = Math.imul(z ^ (z >>> 15), 0x846ca68b);
  return (z ^ (z >>> 16)) >>> 0;
}

/** The q-quantile of sorted numbers (nearest rank), or null. */
function quantile(sorted, q) {
  return sorted.length === 0 ? null : sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)];
}

const round1 = (x) => (x === null ? null : Math.round(x * 10) / 10);

/** One JSON request from `address` (X-Forwarded-For); a failure is a LoadtestError with the server's code. */
function request(agent, port, method, path, { key, address, body } = {}) {
  const headers = { 'x-forwarded-for': address };
  if (key) headers.authorization = `Bearer ${key}`;
  const payload = body === undefined ? undefined : JSON.stringify(body);
  if (payload !== undefined) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = Buffer.byteLength(payload);
  }
  return new Promise((resolve, reject) => {
    const fail = (e) => reject(new LoadtestError('ERR_HTTP', `${method} ${path}: ${e.code ?? e.message}`));
    const req = http.request({ host: '127.0.0.1', port, method, path, headers, agent, timeout: 60_000 }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('error', fail);
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString();
        let json = null;
        try {
          json = JSON.parse(text);
        } catch {
          // reported below
        }
        if (res.statusCode >= 200 && res.statusCode < 300 && json !== null) return resolve(json);
        const code = json?.error?.code ?? 'ERR_HTTP';
        reject(new LoadtestError(code, `${method} ${path}: ${res.statusCode} ${json?.error?.message ?? text.slice(0, 200)}`));
      });
    });
    req.on('timeout', () => req.destroy(new Error('no answer in 60 s')));
    req.on('error', fail);
    req.end(payload);
  });
}

/** At most `max` handshakes at once; the others wait their turn in order. */
class Gate {
  constructor(max) {
    this.max = max;
    this.busy = 0;
    this.queue = [];
  }

  enter(open) {
    if (this.busy < this.max) {
      this.busy++;
      open();
    } else this.queue.push(open);
  }

  leave() {
    const next = this.queue.shift();
    if (next) next();
    else this.busy--;
  }
}

class Player {
  constructor(run, index, account) {
    this.run = run;
    this.index = index;
    this.account = account;
    this.key = randomBytes(32).toString('base64url');
    this.address = `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`;
    this.name = account ? `lt${run.seed.toString(36)}-${index}` : null;
    this.rng = new Rng(mixSeed(run.seed, index));
    this.target = MIN_PLIES + this.rng.int(MAX_PLIES - MIN_PLIES + 1);
    this.pool = null;
    this.lobby = null;
    this.game = null;
    this.handshaking = false;
    this.lastError = '';
    this.joinId = 0;
    this.joinedAt = 0;
    this.waitMs = null;
    this.gameId = null;
    this.seat = 0;
    this.opponent = undefined; // as paired names it: { name, rating, provisional }
    this.engine = null;
    this.state = null;
    this.welcomed = false;
    this.lastPly = -1;
    this.catchUp = Number.POSITIVE_INFINITY;
    this.committedPly = -1;
    this.pendingId = 0;
    this.pendingKind = '';
    this.pendingAt = 0;
    this.lastSend = -1e12;
    this.timer = null;
    this.ended = false; // its game is over (seen by this player)
    this.final = false; // closing for good: a close is expected
    this.act = () => this.actNow();
  }

  socket(path) {
    const ws = new WebSocket(`ws://127.0.0.1:${this.run.port}${path}`, {
      perMessageDeflate: false,
      headers: { 'x-forwarded-for': this.address },
    });
    ws.on('error', (e) => {
      this.lastError = e.message;
    });
    return ws;
  }

  send(ws, text) {
    this.lastSend = performance.now();
    ws.send(text);
  }

  handshakeDone() {
    if (!this.handshaking) return;
    this.handshaking = false;
    this.run.gate.leave();
  }

  parse(data, isBinary) {
    if (isBinary) return this.fail('ERR_LOADTEST_BINARY', 'a binary frame');
    try {
      return JSON.parse(data.toString());
    } catch {
      return this.fail('ERR_LOADTEST_JSON', `not JSON: ${data.toString().slice(0, 80)}`);
    }
  }

  openLobby() {
    this.run.gate.enter(() => {
      if (this.final) return this.run.gate.leave();
      this.handshaking = true;
      const ws = this.socket('/api/lobby/live');
      this.lobby = ws;
      ws.on('open', () => this.send(ws, `{"type":"hello","key":"${this.key}"}`));
      ws.on('message', (data, isBinary) => this.onLobby(data, isBinary));
      ws.on('close', (code) => this.onClose(ws, code));
    });
  }

  onLobby(data, isBinary) {
    const msg = this.parse(data, isBinary);
    if (!msg) return;
    switch (msg.type) {
      case 'welcome':
        this.handshakeDone();
        if (msg.player !== true) return this.fail('ERR_LOADTEST_CONTRACT', 'the lobby welcomed a player key as a watcher');
        return this.run.onLobbyWelcome(msg);
      case 'ack':
        if (msg.id !== this.joinId || msg.pool !== this.pool || (msg.rated !== undefined && msg.rated !== this.account)) {
          this.fail('ERR_LOADTEST_ACK', `lobby ack ${JSON.stringify(msg).slice(0, 100)} for pool-join ${this.joinId} (${this.pool})`);
        }
        return undefined;
      case 'paired':
        return this.onPaired(msg);
      case 'error':
        return this.fail(String(msg.code ?? 'ERR_UNKNOWN'), `lobby (${this.pool}): ${msg.message}`);
      case 'ping':
        return this.send(this.lobby, '{"type":"pong"}');
      default:
        return undefined; // pools, seek, unseek
    }
  }

  /** All at once: the run calls this for every player in one go. */
  join() {
    if (this.final || this.lobby?.readyState !== WebSocket.OPEN) return;
    this.joinId = ++this.run.nextId;
    this.joinedAt = performance.now();
    // Rated games are between accounts: an account's entry is rated, a key alone's casual.
    this.send(this.lobby, `{"type":"pool-join","id":${this.joinId},"pool":"${this.pool}","rated":${this.account}}`);
  }

  onPaired(msg) {
    if (this.gameId !== null) return this.fail('ERR_LOADTEST_PAIRED', `paired again (game ${msg.gameId} after ${this.gameId})`);
    if (msg.pool !== this.pool || typeof msg.gameId !== 'string' || !(msg.seat === 1 || msg.seat === 2)) {
      return this.fail('ERR_LOADTEST_CONTRACT', `paired ${JSON.stringify(msg).slice(0, 120)} while waiting in ${this.pool}`);
    }
    this.waitMs = performance.now() - this.joinedAt;
    this.gameId = msg.gameId;
    this.seat = msg.seat;
    this.opponent = msg.opponent;
    this.run.onPaired(this, msg);
    // As the web app does: the lobby's page gives way to the game's.
    const lobby = this.lobby;
    this.lobby = null;
    lobby.close(1000);
    this.run.gate.enter(() => this.openGame());
  }

  openGame() {
    if (this.final) return this.run.gate.leave();
    this.handshaking = true;
    const ws = this.socket(`/api/games/${this.gameId}/live`);
    this.game = ws;
    ws.on('open', () => this.send(ws, `{"type":"hello","key":"${this.key}","since":${this.lastPly}}`));
    ws.on('message', (data, isBinary) => this.onGame(data, isBinary));
    ws.on('close', (code) => this.onClose(ws, code));
  }

  onGame(data, isBinary) {
    const msg = this.parse(data, isBinary);
    if (!msg) return;
    switch (msg.type) {
      case 'welcome':
        return this.onWelcome(msg);
      case 'move':
        return this.onMove(msg);
      case 'ack':
        return this.onAck(msg);
      case 'end':
        return this.onEnd(msg.end);
      case 'error':
        return this.fail(String(msg.code ?? 'ERR_UNKNOWN'), `game ${this.gameId} seat ${this.seat}: ${msg.message}`);
      case 'ping':
        return this.send(this.game, '{"type":"pong"}');
      case 'undo':
      case 'snapshot':
        return this.fail('ERR_LOADTEST_CONTRACT', `a ${msg.type} in a game of a few plies (game ${this.gameId})`);
      default:
        return undefined; // presence, clock, committed, said...
    }
  }

  onWelcome(msg) {
    this.handshakeDone();
    const g = msg.game;
    if (!Array.isArray(msg.seats) || !msg.seats.includes(this.seat)) {
      return this.fail('ERR_LOADTEST_SEAT', `game ${this.gameId}: welcomed with seats ${JSON.stringify(msg.seats)}, not ${this.seat}`);
    }
    if (!Number.isInteger(g?.moveCount)) return this.fail('ERR_LOADTEST_CONTRACT', 'a welcome without game.moveCount');
    this.engine = this.run.engineFor(g.ruleset, g.options);
    this.state = this.engine.newState(g.seed);
    this.catchUp = g.moveCount - 1;
    if (Array.isArray(g.committed) && g.committed.includes(this.seat)) this.committedPly = g.moveCount;
    this.welcomed = true;
    // The opponent may have played to its ply and resigned before this socket said hello.
    if (g.end) return this.onEnd(g.end, g.moveCount);
    this.maybeAct();
  }

  onMove(msg) {
    if (msg.ply <= this.lastPly) return;
    if (msg.ply !== this.lastPly + 1) return this.fail('ERR_LOADTEST_GAP', `game ${this.gameId}: ply ${msg.ply} after ${this.lastPly}`);
    const s = this.state;
    const codes = msg.codes;
    if (msg.joint) this.engine.applyJoint(s, codes.length === s.players + 1 ? codes : [0, ...codes]);
    else if (!this.engine.apply(s, codes[0])) return this.fail('ERR_LOADTEST_REPLAY', `game ${this.gameId}: ply ${msg.ply} does not apply`);
    this.lastPly = msg.ply;
    if (msg.end) return this.onEnd(msg.end);
    this.maybeAct();
  }

  onAck(msg) {
    if (msg.id !== this.pendingId || this.pendingId === 0) return this.fail('ERR_LOADTEST_ACK', `an ack for id ${msg.id}`);
    this.pendingId = 0;
    if (this.pendingKind === 'move') this.run.moves++;
    this.maybeAct();
  }

  myTurn() {
    if (!this.welcomed || this.pendingId !== 0 || this.lastPly < this.catchUp || this.ended || this.final) return false;
    const s = this.state;
    if (s.phase === PHASE_OVER) return false; // the move that ended it carries `end`
    if (s.phase === PHASE_RACE && s.toMove === 0) return this.committedPly !== this.lastPly + 1;
    return s.toMove === this.seat;
  }

  maybeAct() {
    if (this.timer !== null || !this.myTurn()) return;
    const wait = this.lastSend + SEND_GAP_MS - performance.now();
    if (wait > 0) this.timer = setTimeout(this.act, wait);
    else this.actNow();
  }

  /** A seeded random legal move (a commit at a race node), or the resignation once at the drawn ply. */
  actNow() {
    this.timer = null;
    if (!this.myTurn() || this.game?.readyState !== WebSocket.OPEN) return;
    const s = this.state;
    const ply = this.lastPly + 1;
    const race = s.phase === PHASE_RACE && s.toMove === 0;
    const id = ++this.run.nextId;
    if (!race && ply >= this.target) {
      this.pending(id, 'resign');
      return this.send(this.game, `{"type":"resign","id":${id},"seat":${this.seat},"ply":${ply}}`);
    }
    const n = race ? this.engine.legalMovesFor(s, this.seat, moveBuffer) : this.engine.legalMoves(s, moveBuffer);
    if (n === 0) return this.fail('ERR_LOADTEST_NO_MOVE', `game ${this.gameId}: no legal move at ply ${ply}`);
    const code = moveBuffer[this.rng.int(n)];
    this.pending(id, race ? 'commit' : 'move');
    if (race) this.committedPly = ply;
    this.send(this.game, `{"type":"${this.pendingKind}","id":${id},"seat":${this.seat},"ply":${ply},"code":${code}}`);
  }

  pending(id, kind) {
    this.pendingId = id;
    this.pendingKind = kind;
    this.pendingAt = performance.now();
  }

  onEnd(end, moveCount = this.lastPly + 1) {
    if (this.ended) return;
    this.ended = true;
    this.run.onEnded(this, end, moveCount);
    this.close();
  }

  onClose(ws, code) {
    if (ws !== this.lobby && ws !== this.game) return; // a lobby socket this player closed once paired
    this.handshakeDone();
    if (this.final) return;
    this.fail('ERR_LOADTEST_CLOSED', `player ${this.index} (${this.gameId ?? this.pool}): socket closed (${code}) ${this.lastError}`);
  }

  /** An error: counted once per message; the player (and its game's other player) stop. */
  fail(code, message) {
    this.run.error(code, message);
    if (!this.final) this.run.abandon(this);
    return null;
  }

  close() {
    this.final = true;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    for (const ws of [this.lobby, this.game]) if (ws && ws.readyState <= WebSocket.OPEN) ws.close(1000);
  }
}

/** One `--pool N` run against the server on `port`. */
class PairingRun {
  constructor({ port, players, seed, log, serverCpuSeconds }) {
    this.port = port;
    this.n = players;
    this.seed = seed;
    this.log = log;
    this.serverCpuSeconds = serverCpuSeconds;
    this.gate = new Gate(HANDSHAKES);
    this.agent = new http.Agent({ keepAlive: true, maxSockets: SIGNUPS_AT_ONCE });
    this.rng = new Rng(mixSeed(seed, 0x7fffffff));
    this.engines = new Map();
    this.pools = null;
    this.lobbyWelcomes = 0;
    this.nextId = 0;
    this.moves = 0;
    this.games = new Map(); // gameId -> { players, pool, ended, plies, rated }
    this.errors = 0;
    this.errorCodes = {};
    this.errorSamples = [];
    this.stuck = 0;
    this.players = Array.from({ length: players }, (_, i) => new Player(this, i, i % 2 === 1));
  }

  engineFor(ruleset, options) {
    const key = `${ruleset} ${JSON.stringify(options)}`;
    let e = this.engines.get(key);
    if (!e) {
      const r = getRuleset(ruleset);
      const g = r.ok ? r.value.create(options) : r;
      if (!g.ok) throw new LoadtestError(g.error.code, g.error.message);
      e = g.value;
      this.engines.set(key, e);
    }
    return e;
  }

  error(code, message) {
    this.errors++;
    this.errorCodes[code] = (this.errorCodes[code] ?? 0) + 1;
    if (this.errorSamples.length < 5) this.errorSamples.push(`${code}: ${message}`);
  }

  /** A player that failed stops, and so does the other player of its game (nobody would answer it). */
  abandon(player) {
    player.close();
    const g = player.gameId === null ? undefined : this.games.get(player.gameId);
    for (const p of g?.players ?? []) p.close();
  }

  until(done, timeoutMs) {
    return new Promise((resolve) => {
      const t0 = performance.now();
      const tick = () => {
        if (done() || performance.now() - t0 > timeoutMs) return resolve(done());
        setTimeout(tick, 20);
      };
      tick();
    });
  }

  /** Signs up every account player, SIGNUPS_AT_ONCE at a time (each an scrypt on the server). */
  async signUp() {
    const accounts = this.players.filter((p) => p.account);
    let next = 0;
    const worker = async () => {
      while (next < accounts.length) {
        const p = accounts[next++];
        const body = { name: p.name, password: `loadtest-${this.seed}-${p.index}` };
        await request(this.agent, this.port, 'POST', '/api/account/signup', { key: p.key, address: p.address, body });
      }
    };
    await Promise.all(Array.from({ length: Math.min(SIGNUPS_AT_ONCE, accounts.length) }, worker));
  }

  onLobbyWelcome(msg) {
    this.lobbyWelcomes++;
    if (this.pools === null && Array.isArray(msg.pools)) this.pools = msg.pools;
  }

  /** Pairs of players (in a seeded order) to pools drawn by clock weight: every pool gets an even number. */
  assignPools() {
    const pools = (this.pools ?? []).filter((p) => SPEED_WEIGHTS[p.speed] !== undefined);
    if (pools.length === 0) throw new LoadtestError('ERR_LOADTEST_CONTRACT', 'the lobby welcomed without pools');
    const total = pools.reduce((a, p) => a + SPEED_WEIGHTS[p.speed], 0);
    const order = this.players.map((p) => p.index);
    for (let i = order.length - 1; i > 0; i--) {
      const j = this.rng.int(i + 1);
      [order[i], order[j]] = [order[j], order[i]];
    }
    for (let k = 0; k + 1 < order.length; k += 2) {
      const x = this.rng.int(total);
      let sum = 0;
      const pool = pools.find((p) => {
        sum += SPEED_WEIGHTS[p.speed];
        return x < sum;
      });
      this.players[order[k]].pool = pool.id;
      this.players[order[k + 1]].pool = pool.id;
    }
  }

  onPaired(player, msg) {
    let g = this.games.get(msg.gameId);
    if (!g) {
      g = { players: [], pool: msg.pool, ended: 0, plies: 0, rated: false };
      this.games.set(msg.gameId, g);
    }
    g.players.push(player);
    if (g.players.length < 2) return;
    // A pair's game is rated when both entries are: both players accounts.
    g.rated = g.players.every((p) => p.account);
    if (msg.rated !== g.rated) this.error('ERR_LOADTEST_RATED', `game ${msg.gameId}: paired rated ${msg.rated}, not ${g.rated}`);
    const [a, b] = g.players;
    if (a.seat === b.seat) this.error('ERR_LOADTEST_SEAT', `game ${msg.gameId}: both players were given seat ${a.seat}`);
    for (const [p, other] of [
      [a, b],
      [b, a],
    ]) {
      if (p.opponent?.name !== other.name) {
        this.error('ERR_LOADTEST_OPPONENT', `game ${msg.gameId}: ${p.index} was told its opponent is ${JSON.stringify(p.opponent)}`);
      }
    }
  }

  onEnded(player, end, moveCount) {
    const g = this.games.get(player.gameId);
    g.ended++;
    g.plies = Math.max(g.plies, moveCount);
    if (!end || !(end.winner === 0 || end.winner === 1 || end.winner === 2)) {
      this.error('ERR_LOADTEST_CONTRACT', `game ${player.gameId} ended without a winner: ${JSON.stringify(end)}`);
    }
  }

  /** Every player still waiting for an answer too long: an error, and its game stops. */
  sweepAcks() {
    const now = performance.now();
    for (const p of this.players) {
      if (p.pendingId !== 0 && !p.final && now - p.pendingAt > ACK_TIMEOUT_MS) {
        this.error('ERR_LOADTEST_ACK_TIMEOUT', `game ${p.gameId} seat ${p.seat}: no answer to a ${p.pendingKind} in ${ACK_TIMEOUT_MS} ms`);
        this.abandon(p);
      }
    }
  }

  /** Each account's profile: one rated game if its game was rated (and long enough to count), else none. */
  async checkRatings() {
    let checked = 0;
    const accounts = this.players.filter((p) => p.account && p.gameId !== null && this.games.get(p.gameId).ended === 2);
    let next = 0;
    const worker = async () => {
      while (next < accounts.length) {
        const p = accounts[next++];
        const g = this.games.get(p.gameId);
        const profile = await request(this.agent, this.port, 'GET', `/api/players/${p.name}`, { address: p.address });
        const games = (profile.ratings ?? []).reduce((a, r) => a + r.games, 0);
        const want = g.rated && g.plies >= 2 ? 1 : 0;
        if (games !== want) this.error('ERR_LOADTEST_RATING', `${p.name}: ${games} rated games, not ${want} (game ${p.gameId})`);
        checked++;
      }
    };
    await Promise.all(Array.from({ length: Math.min(SIGNUPS_AT_ONCE, accounts.length) }, worker));
    return checked;
  }

  async setup() {
    const t0 = performance.now();
    await this.signUp();
    this.signupSeconds = (performance.now() - t0) / 1000;
    this.log(`${this.players.filter((p) => p.account).length} accounts signed up in ${this.signupSeconds.toFixed(1)} s`);
    for (const p of this.players) p.openLobby();
    const limit = Math.max(10_000, setupLimitMs(this.n) - (performance.now() - t0));
    if (!(await this.until(() => this.lobbyWelcomes >= this.n || this.errors > 0, limit)) || this.errors > 0) {
      const why = this.errorSamples[0] ?? this.players.find((p) => p.lastError)?.lastError ?? '';
      throw new LoadtestError('ERR_LOADTEST_SETUP', `${this.lobbyWelcomes} of ${this.n} lobby sockets were welcomed ${why}`);
    }
    this.assignPools();
    this.setupSeconds = (performance.now() - t0) / 1000;
  }

  /** Everyone joins at once, is paired, plays; resolves when every player is done or the time is up. */
  async play() {
    this.log(`${this.n} players in the lobby after ${this.setupSeconds.toFixed(1)} s; joining ${this.poolsUsed()} pools at once`);
    const cpu = process.cpuUsage();
    const serverCpu = this.serverCpuSeconds();
    this.startedAt = performance.now();
    this.fromUs = Number(process.hrtime.bigint() / 1000n);
    for (const p of this.players) p.join();
    const sweep = setInterval(() => this.sweepAcks(), 1000);
    const paired = () => this.players.every((p) => p.gameId !== null || p.final);
    await this.until(paired, pairLimitMs(this.n));
    this.pairedAt = performance.now();
    this.log(`${this.players.filter((p) => p.gameId !== null).length} of ${this.n} paired; playing`);
    await this.until(() => this.players.every((p) => p.final), playLimitMs(this.n));
    clearInterval(sweep);
    this.stuck = this.players.filter((p) => p.gameId !== null && !p.final).length;
    this.endedAt = performance.now();
    this.toUs = Number(process.hrtime.bigint() / 1000n);
    const used = process.cpuUsage(cpu);
    const seconds = (this.endedAt - this.startedAt) / 1000;
    this.clientCores = Math.round(((used.user + used.system) / 1e6 / seconds) * 100) / 100;
    const serverNow = this.serverCpuSeconds();
    this.serverCores = serverCpu === null || serverNow === null ? null : Math.round(((serverNow - serverCpu) / seconds) * 100) / 100;
    for (const p of this.players) p.close();
  }

  poolsUsed() {
    return new Set(this.players.map((p) => p.pool)).size;
  }

  summary(ratingsChecked) {
    const waits = this.players
      .map((p) => p.waitMs)
      .filter((w) => w !== null)
      .sort((a, b) => a - b);
    const games = [...this.games.values()];
    const unpaired = this.players.filter((p) => p.gameId === null).length;
    if (unpaired > 0) this.error('ERR_LOADTEST_UNPAIRED', `${unpaired} players were not paired in ${pairLimitMs(this.n) / 1000} s`);
    const unfinished = games.filter((g) => g.ended < 2).length;
    if (this.stuck > 0)
      this.error('ERR_LOADTEST_UNFINISHED', `${this.stuck} players' games did not end in ${playLimitMs(this.n) / 1000} s`);
    return {
      mode: 'pool',
      players: this.n,
      accounts: this.players.filter((p) => p.account).length,
      paired: waits.length,
      unpaired,
      // The first paired waited for the next wave (every 3 s); the others for the games made before theirs too.
      minWaitMs: round1(waits.length ? waits[0] : null),
      medianWaitMs: round1(quantile(waits, 0.5)),
      p90WaitMs: round1(quantile(waits, 0.9)),
      p99WaitMs: round1(quantile(waits, 0.99)),
      maxWaitMs: round1(waits.length ? waits[waits.length - 1] : null),
      pools: this.poolsUsed(),
      games: this.games.size,
      gamesFinished: games.length - unfinished,
      ratedGames: games.filter((g) => g.rated && g.plies >= 2 && g.ended === 2).length,
      ratingsChecked,
      moves: this.moves,
      errors: this.errors,
      errorCodes: this.errorCodes,
      seconds: round1((this.endedAt - this.startedAt) / 1000),
      pairSeconds: round1((this.pairedAt - this.startedAt) / 1000),
      setupSeconds: round1(this.setupSeconds),
      signupSeconds: round1(this.signupSeconds),
      seed: this.seed,
      clientCores: this.clientCores,
      serverCores: this.serverCores,
    };
  }
}

/**
 * Runs `players` players through the lobby's pools against the server on `port`: `{ result,
 * samples, window }` (the JSON line's fields, up to 5 error messages, the play's [from, to] in µs).
 */
export async function runPairing({ port, players, seed, log, serverCpuSeconds = () => null }) {
  const run = new PairingRun({ port, players, seed, log, serverCpuSeconds });
  try {
    await run.setup();
    await run.play();
    const checked = await run.checkRatings();
    const result = run.summary(checked);
    return { result, samples: run.errorSamples, window: [run.fromUs, run.toUs] };
  } finally {
    for (const p of run.players) {
      p.close();
      for (const ws of [p.lobby, p.game]) ws?.terminate();
    }
    run.agent.destroy();
  }
}
