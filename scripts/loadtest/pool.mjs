/**
 * The players of the load test: N two-player games, each seat its own player key and its own
 * WebSocket, each player keeping the game's state with the built engine and choosing seeded
 * random legal moves. Lean on purpose (it shares two cores with the server): outgoing messages
 * are template strings, a `move` message is read without parsing its event trace, latencies go
 * into one typed-array histogram.
 *
 * The protocol is docs/online.md: `hello` with `since`, `welcome` then the missed plies, `move`
 * per ply to every socket (the sender's too), actions with an `id` answered by `ack` or `error`.
 */
import { randomBytes } from 'node:crypto';
import WebSocket from 'ws';
import { LoadtestError } from './args.mjs';
import { Api } from './http.mjs';
import { Histogram } from './stats.mjs';

// The engine's build, through its package (built by `npm run build` with the app's).
const { getRuleset } = await import('@gabata/engine/games');
const { MAX_MOVES, PHASE_OVER, PHASE_RACE, Rng } = await import('@gabata/engine/core');

/** Gap between two sends of a socket: at most 16 a second (the server closes one that sends more than 20). */
const SEND_GAP_MS = 65;
/** An action unanswered this long is an error: 10 s, plus 1 s per thousand games (a big run's reconnect storm). */
const ackTimeoutMs = (games) => 10_000 + games;
const BACKOFF_MIN_MS = 500;
const BACKOFF_MAX_MS = 8_000;
const CREATE_CONCURRENCY = 16;

const moveBuffer = new Int32Array(MAX_MOVES);

/** A seed for game `index` (its `n`-th game: finished games are replaced) of the run seeded `seed`. */
function mixSeed(seed, index, n) {
  let z = (seed ^ Math.imul(index + 1, 0x9e3779b9) ^ Math.imul(n + 1, 0x85ebca6b)) >>> 0;
  z = Math.imul(z ^ (z >>> 16), 0x7feb352d);
  z = Math.imul(z ^ (z >>> 15), 0x846ca68b);
  return (z ^ (z >>> 16)) >>> 0;
}

/** Digits of the non-negative integer at byte `at`, or -1. */
function readInt(bytes, at) {
  let v = 0;
  let i = at;
  for (; i < bytes.length; i++) {
    const c = bytes[i];
    if (c < 48 || c > 57) break;
    v = v * 10 + (c - 48);
  }
  return i === at ? -1 : v;
}

const MOVE_START = Buffer.from('{"type":"move"');
const [EVENTS, PLY, CODES, JOINT] = ['"events"', '"ply":', '"codes":[', '"joint":'].map((k) => Buffer.from(k));

/** True when a frame is a `move` message (by its first bytes). */
const isMove = (bytes) => bytes.length > MOVE_START.length && bytes.compare(MOVE_START, 0, MOVE_START.length, 0, MOVE_START.length) === 0;

/**
 * `{ ply, codes, joint }` of a `move` message read by position in its bytes, without decoding or
 * parsing its (long) event trace: only when every field is found before `"events"` (so none is
 * nested in it); else null. A string is read as its UTF-8 bytes.
 */
export function peekMove(message) {
  const b = typeof message === 'string' ? Buffer.from(message) : message;
  const ev = b.indexOf(EVENTS);
  const end = ev < 0 ? b.length : ev;
  const p = b.indexOf(PLY);
  const c = b.indexOf(CODES);
  const j = b.indexOf(JOINT);
  if (p < 0 || c < 0 || j < 0 || p > end || c > end || j > end) return null;
  const ply = readInt(b, p + PLY.length);
  const close = b.indexOf(93, c); // ']'
  if (ply < 0 || close < 0) return null;
  const codes = b
    .toString('latin1', c + CODES.length, close)
    .split(',')
    .map(Number);
  if (codes.some((x) => !Number.isInteger(x))) return null;
  return { ply, codes, joint: b.toString('latin1', j + JOINT.length, j + JOINT.length + 4) === 'true' };
}

/**
 * At most `max` sockets of a pool between their connect and their welcome. A client that opens
 * sockets faster than the server upgrades them fills its accept queue (511): the kernel then
 * drops handshakes and the connections it half-made are reset. Waiting here costs the setup (and
 * the reconnection after a crash) nothing the server could have done faster.
 */
class Gate {
  constructor(max) {
    this.max = max;
    this.busy = 0;
    this.queue = [];
    this.head = 0;
  }

  enter(player) {
    if (this.busy >= this.max) this.queue.push(player);
    else if (player.open()) this.busy++;
  }

  leave() {
    this.busy--;
    while (this.busy < this.max && this.head < this.queue.length) {
      if (this.queue[this.head++].open()) this.busy++;
    }
    if (this.head > 1024 && this.head * 2 > this.queue.length) {
      this.queue = this.queue.slice(this.head);
      this.head = 0;
    }
  }
}

class Player {
  constructor(pool, slot, seat, key) {
    this.pool = pool;
    this.slot = slot;
    this.seat = seat;
    this.key = key;
    this.rng = new Rng(mixSeed(slot.seed, seat, 7));
    this.state = slot.engine.newState(slot.seed);
    this.lastPly = -1; // last ply applied to `state`
    this.catchUp = Number.POSITIVE_INFINITY; // the last ply the welcome promised to replay
    this.committedPly = -1; // ply of the race node this player has committed at
    this.ws = null;
    this.gen = 0; // the server instance (0 before the kill, 1 after) this socket was opened to
    this.welcomed = false;
    this.welcomedGen = -1;
    this.final = false; // closing for good: no reconnect
    this.expectClose = false;
    this.pendingId = 0;
    this.pendingKind = '';
    this.pendingPly = -1;
    this.pendingCode = 0;
    this.pendingAt = 0;
    this.thinkTimer = null;
    this.reconnectTimer = null;
    this.backoff = BACKOFF_MIN_MS;
    this.lastError = '';
    this.lastSend = -1e12;
    this.handshaking = false; // between `open` and the welcome (or the close): holds a place at the gate
    this.act = () => this.actNow();
  }

  /** Opens (or reopens) this player's socket, once the pool's gate lets one more handshake start. */
  connect() {
    this.reconnectTimer = null;
    this.pool.gate.enter(this);
  }

  /** The gate's turn: opens the socket now, unless this player has closed for good meanwhile (false). */
  open() {
    if (this.final) return false;
    this.handshaking = true;
    const ws = new WebSocket(`ws://127.0.0.1:${this.pool.port}/api/games/${this.slot.id}/live`, { perMessageDeflate: false });
    this.ws = ws;
    this.gen = this.pool.gen;
    this.welcomed = false;
    this.expectClose = false;
    ws.on('open', () => this.send(`{"type":"hello","key":"${this.key}","since":${this.lastPly}}`));
    ws.on('message', (data, isBinary) => this.onMessage(ws, data, isBinary));
    ws.on('error', (e) => {
      this.lastError = e.message;
    });
    ws.on('close', (code) => this.onClose(ws, code));
    return true;
  }

  send(text) {
    this.lastSend = performance.now();
    this.ws.send(text);
  }

  /** Milliseconds to wait so that this socket stays under the server's message rate. */
  guardWait(now) {
    return Math.max(0, this.lastSend + SEND_GAP_MS - now);
  }

  onMessage(ws, data, isBinary) {
    if (ws !== this.ws) return;
    if (isBinary) return this.pool.error('ERR_LOADTEST_BINARY', 'a binary frame');
    this.pool.bytesIn += data.length;
    if (isMove(data)) {
      const m = peekMove(data);
      if (m !== null) return this.onMove(m.ply, m.codes, m.joint);
    }
    const text = data.toString();
    let msg;
    try {
      msg = JSON.parse(text);
    } catch {
      return this.pool.error('ERR_LOADTEST_JSON', `not JSON: ${text.slice(0, 80)}`);
    }
    switch (msg.type) {
      case 'welcome':
        return this.onWelcome(msg);
      case 'move':
        return this.onMove(msg.ply, msg.codes, msg.joint);
      case 'ack':
        return this.onAck(msg);
      case 'error':
        return this.onError(msg);
      case 'ping':
        return this.send('{"type":"pong"}');
      case 'undo':
        this.pool.error('ERR_LOADTEST_UNDO', `an undo nobody asked for (game ${this.slot.id})`);
        return this.resync();
      case 'end':
        return this.pool.finishSlot(this.slot);
      default:
        return undefined; // presence, clock, committed, offer...: nothing to do
    }
  }

  onWelcome(msg) {
    const count = msg.game?.moveCount;
    if (!Number.isInteger(count)) return this.pool.error('ERR_LOADTEST_CONTRACT', 'a welcome without game.moveCount');
    if (count - 1 < this.lastPly) {
      this.pool.error('ERR_LOADTEST_DIVERGED', `game ${this.slot.id} has ${count} moves but this client saw ply ${this.lastPly}`);
    }
    this.catchUp = count - 1;
    if (Array.isArray(msg.game.committed) && msg.game.committed.includes(this.seat)) this.committedPly = count;
    this.welcomed = true;
    this.backoff = BACKOFF_MIN_MS;
    this.handshakeDone();
    if (this.welcomedGen !== this.pool.gen) {
      this.welcomedGen = this.pool.gen;
      this.pool.onWelcomed();
    }
    this.maybeAct();
  }

  onMove(ply, codes, joint) {
    if (ply <= this.lastPly) return; // a replayed ply this client has
    if (ply !== this.lastPly + 1) {
      this.pool.error('ERR_LOADTEST_GAP', `game ${this.slot.id}: ply ${ply} after ${this.lastPly}`);
      return this.resync();
    }
    const { engine } = this.slot;
    const s = this.state;
    if (joint) engine.applyJoint(s, codes.length === s.players + 1 ? codes : [0, ...codes]);
    else if (!engine.apply(s, codes[0])) return this.pool.error('ERR_LOADTEST_REPLAY', `ply ${ply} does not apply`);
    this.lastPly = ply;
    const slot = this.slot;
    if (slot.sentPly === ply && slot.sentSeat !== this.seat && slot.sentSeat !== 0) {
      this.pool.hist.add(performance.now() - slot.sentAt);
      slot.sentSeat = 0;
    }
    this.maybeAct();
  }

  onAck(msg) {
    if (msg.id !== this.pendingId || this.pendingId === 0) return this.pool.error('ERR_LOADTEST_ACK', `an ack for id ${msg.id}`);
    this.pendingId = 0;
    if (this.pendingKind === 'move') this.pool.onAcked(this, this.pendingPly, this.pendingCode);
    this.maybeAct();
  }

  onError(msg) {
    this.pool.error(String(msg.code ?? 'ERR_UNKNOWN'), `game ${this.slot.id} seat ${this.seat}: ${msg.message}`);
    if (msg.id !== undefined && msg.id === this.pendingId) {
      this.pendingId = 0;
      this.resync(); // the server and this client disagree: reconnect and replay
    }
  }

  /** Drops the socket and reconnects at once; the welcome and replay bring the state back in line. */
  resync() {
    if (!this.ws) return;
    this.expectClose = true;
    this.backoff = 0;
    this.ws.terminate();
  }

  /** The socket is welcomed or gone: the next one waiting at the gate may connect. */
  handshakeDone() {
    if (!this.handshaking) return;
    this.handshaking = false;
    this.pool.gate.leave();
  }

  onClose(ws, code) {
    if (ws !== this.ws) return;
    this.handshakeDone();
    this.ws = null;
    this.welcomed = false;
    this.pendingId = 0; // its fate (applied or not) comes with the replay after the reconnect
    this.slot.sentSeat = 0; // a latency across a reconnect measures the outage, not the server
    if (this.thinkTimer) clearTimeout(this.thinkTimer);
    this.thinkTimer = null;
    if (this.final) return;
    if (this.expectClose || this.pool.expectingCloses(this.gen)) this.pool.reconnects++;
    else this.pool.error(`ERR_LOADTEST_CLOSED`, `game ${this.slot.id} seat ${this.seat}: socket closed (${code}) ${this.lastError}`);
    const delay = this.backoff * (0.8 + 0.4 * this.rng.float());
    this.backoff = Math.min(BACKOFF_MAX_MS, Math.max(BACKOFF_MIN_MS, this.backoff * 2));
    this.reconnectTimer = setTimeout(() => this.connect(), delay);
  }

  /** True when this player should decide now (its turn, connected, caught up, nothing in flight). */
  myTurn() {
    if (!this.pool.running || !this.welcomed || this.pendingId !== 0 || this.lastPly < this.catchUp || this.slot.done) return false;
    const s = this.state;
    if (s.phase === PHASE_OVER) {
      this.pool.finishSlot(this.slot);
      return false;
    }
    if (s.phase === PHASE_RACE && s.toMove === 0) return this.committedPly !== this.lastPly + 1;
    return s.toMove === this.seat;
  }

  maybeAct() {
    if (this.thinkTimer !== null || !this.myTurn()) return;
    let think = this.pool.thinkMs(this.rng);
    if (this.pool.paced) {
      // Aiming at a rate: the think time counts from the game's last move sent, so latency does not
      // slow the game; the first moves are spread over one mean interval, so the rate holds from the start.
      const [lo, hi] = this.pool.think;
      if (this.slot.sentPly < 0) think = this.rng.int(Math.round((lo + hi) / 2) + 1);
      else think = Math.max(0, think - (performance.now() - this.slot.sentAt));
    }
    if (think > 0) this.thinkTimer = setTimeout(this.act, think);
    else this.actNow();
  }

  actNow() {
    this.thinkTimer = null;
    if (!this.myTurn() || this.ws?.readyState !== WebSocket.OPEN) return;
    const now = performance.now();
    const wait = this.guardWait(now);
    if (wait > 0) {
      this.thinkTimer = setTimeout(this.act, wait);
      return;
    }
    const { engine } = this.slot;
    const s = this.state;
    const ply = this.lastPly + 1;
    const race = s.phase === PHASE_RACE && s.toMove === 0;
    const n = race ? engine.legalMovesFor(s, this.seat, moveBuffer) : engine.legalMoves(s, moveBuffer);
    if (n === 0) return this.pool.error('ERR_LOADTEST_NO_MOVE', `game ${this.slot.id}: no legal move at ply ${ply}`);
    const code = moveBuffer[this.rng.int(n)];
    const id = ++this.pool.nextId;
    this.pendingId = id;
    this.pendingKind = race ? 'commit' : 'move';
    this.pendingPly = ply;
    this.pendingCode = code;
    this.pendingAt = now;
    if (race) {
      this.committedPly = ply;
    } else {
      this.slot.sentAt = now;
      this.slot.sentPly = ply;
      this.slot.sentSeat = this.seat;
    }
    this.send(`{"type":"${this.pendingKind}","id":${id},"seat":${this.seat},"ply":${ply},"code":${code}}`);
  }

  close() {
    this.final = true;
    if (this.thinkTimer) clearTimeout(this.thinkTimer);
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.thinkTimer = null;
    this.reconnectTimer = null;
    if (this.ws && this.ws.readyState <= WebSocket.OPEN) this.ws.close(1000);
  }
}

/**
 * `games` games numbered from `firstIndex`, played against the server on `port`. Lifecycle:
 * `setup()` (create, join, connect, every socket welcomed), `start()`, `markKilled()` (crash
 * runs), `stop()`, `stats()`.
 */
export class Pool {
  constructor({ port, games, firstIndex = 0, ruleset, options, seed, think, paced = false, kill, handshakes = 128 }) {
    this.port = port;
    this.api = new Api(port);
    this.count = games;
    this.firstIndex = firstIndex;
    this.ruleset = ruleset;
    this.options = options;
    this.seed = seed;
    this.think = think;
    this.paced = paced;
    this.killRun = kill;
    this.slots = [];
    this.engines = new Map();
    this.hist = new Histogram();
    this.running = false;
    this.stopping = false;
    this.gen = 0;
    this.nextId = 0;
    this.moves = 0;
    this.bytesIn = 0;
    this.ackedTotal = 0;
    this.ackedBefore = []; // [gameId, ply, code] acknowledged by the first server instance
    this.ackedAfter = 0; // moves acknowledged by the restarted server
    this.errors = 0;
    this.errorCodes = {};
    this.errorSamples = [];
    this.reconnects = 0;
    this.gamesCreated = 0;
    this.gamesFinished = 0;
    this.welcomes = [0, 0];
    this.recoveredAt = null;
    this.lastWelcomeAt = 0;
    this.startedAt = 0;
    this.stoppedAt = 0;
    this.sweep = null;
    this.gate = new Gate(handshakes);
  }

  engineFor(options) {
    const key = JSON.stringify(options);
    let e = this.engines.get(key);
    if (!e) {
      const r = getRuleset(this.ruleset);
      const g = r.ok ? r.value.create(options) : r;
      if (!g.ok) throw new LoadtestError(g.error.code, g.error.message);
      e = g.value;
      this.engines.set(key, e);
    }
    return e;
  }

  async createSlot(index) {
    const keys = [randomBytes(32).toString('base64url'), randomBytes(32).toString('base64url')];
    const seed = mixSeed(this.seed, index, this.gamesCreated++);
    const body = { ruleset: this.ruleset, options: this.options, seed, seats: ['human', 'invite'] };
    const created = await this.api.call('POST', '/api/games', { key: keys[0], body });
    const game = created.game;
    const invite = created.invites?.find((i) => i.seat === 2);
    if (!game?.id || !invite)
      throw new LoadtestError('ERR_LOADTEST_CONTRACT', 'POST /api/games answered without game.id or an invite for seat 2');
    const joined = await this.api.call('POST', `/api/games/${game.id}/join`, { key: keys[1], body: { token: invite.token } });
    if (joined.seat !== 2) throw new LoadtestError('ERR_LOADTEST_CONTRACT', `joining game ${game.id} gave seat ${joined.seat}, not 2`);
    const slot = { index, id: game.id, seed: game.seed, engine: this.engineFor(game.options), players: [], done: false };
    slot.sentAt = 0;
    slot.sentPly = -1;
    slot.sentSeat = 0;
    slot.players = [new Player(this, slot, 1, keys[0]), new Player(this, slot, 2, keys[1])];
    this.slots[index - this.firstIndex] = slot;
    for (const p of slot.players) p.connect();
  }

  /** Creates and joins every game, opens every socket, resolves when all are welcomed. */
  async setup(timeoutMs) {
    let next = this.firstIndex;
    const end = this.firstIndex + this.count;
    const creator = async () => {
      while (next < end) await this.createSlot(next++);
    };
    await Promise.all(Array.from({ length: Math.min(CREATE_CONCURRENCY, this.count) }, creator));
    // The server's descriptors go to the sockets now; a game replaced later opens a connection again.
    this.api.closeIdle();
    await this.until(
      () => this.welcomes[0] >= 2 * this.count,
      timeoutMs,
      () => {
        const last = this.slots.flatMap((s) => s.players).find((p) => !p.welcomed && p.lastError)?.lastError;
        return `${2 * this.count - this.welcomes[0]} of ${2 * this.count} sockets were not welcomed${last ? ` (${last})` : ''}`;
      },
    );
  }

  until(done, timeoutMs, why) {
    return new Promise((resolve, reject) => {
      const t0 = performance.now();
      const tick = () => {
        if (done()) return resolve();
        if (performance.now() - t0 > timeoutMs) return reject(new LoadtestError('ERR_LOADTEST_TIMEOUT', why()));
        setTimeout(tick, 20);
      };
      tick();
    });
  }

  start() {
    this.running = true;
    this.startedAt = performance.now();
    this.cpuAtStart = process.cpuUsage();
    this.ackTimeoutMs = ackTimeoutMs(this.count);
    this.sweep = setInterval(() => this.sweepAcks(), 1000);
    for (const s of this.slots) for (const p of s.players) p.maybeAct();
  }

  sweepAcks() {
    this.checkRecovery();
    const now = performance.now();
    for (const s of this.slots) {
      for (const p of s.players) {
        if (p.pendingId !== 0 && now - p.pendingAt > this.ackTimeoutMs) {
          this.error(
            'ERR_LOADTEST_ACK_TIMEOUT',
            `game ${s.id} seat ${p.seat}: no answer to ply ${p.pendingPly} in ${this.ackTimeoutMs} ms`,
          );
          p.resync();
        }
      }
    }
  }

  thinkMs(rng) {
    const [lo, hi] = this.think;
    return hi <= 0 ? 0 : lo + rng.int(hi - lo + 1);
  }

  progress() {
    return Promise.resolve({ moves: this.moves, errors: this.errors, hist: this.hist.n });
  }

  /** The server was killed: sockets opened from now on reach the next instance. */
  markKilled() {
    this.gen = 1;
  }

  expectingCloses(gen) {
    return this.stopping || (this.gen > 0 && (gen < this.gen || this.recoveredAt === null));
  }

  onWelcomed() {
    this.welcomes[this.gen]++;
    if (this.gen > 0) this.lastWelcomeAt = Date.now();
  }

  /**
   * After a restart: once every player of the current games has been welcomed by the new server,
   * `recoveredAt` is when the last was. Checked each second, not at each welcome: with 20,000
   * sockets coming back, a scan per welcome was quadratic.
   */
  checkRecovery() {
    if (this.gen === 0 || this.recoveredAt !== null) return;
    if (this.slots.every((s) => s.players.every((p) => p.welcomedGen === this.gen))) this.recoveredAt = this.lastWelcomeAt;
  }

  onAcked(player, ply, code) {
    this.ackedTotal++;
    if (this.running) this.moves++;
    if (this.killRun && player.gen === 0) this.ackedBefore.push([player.slot.id, ply, code]);
    else if (player.gen > 0) this.ackedAfter++;
  }

  error(code, message) {
    this.errors++;
    this.errorCodes[code] = (this.errorCodes[code] ?? 0) + 1;
    if (this.errorSamples.length < 5) this.errorSamples.push(`${code}: ${message}`);
  }

  /** A finished game: its sockets close and a new game takes its place while the run goes on. */
  finishSlot(slot) {
    if (slot.done) return;
    slot.done = true;
    this.gamesFinished++;
    for (const p of slot.players) p.close();
    if (this.running) this.replaceSlot(slot.index).catch((e) => this.error(e.code ?? 'ERR_HTTP', e.message));
  }

  /** A new game in place of a finished one; while the server is down (crash runs), tries again with backoff. */
  async replaceSlot(index) {
    for (let wait = BACKOFF_MIN_MS; ; wait = Math.min(BACKOFF_MAX_MS, wait * 2)) {
      try {
        await this.createSlot(index);
        break;
      } catch (e) {
        if (!this.running || !this.expectingCloses(this.gen - 1)) throw e;
        await new Promise((r) => setTimeout(r, wait));
      }
    }
    for (const p of this.slots[index - this.firstIndex].players) p.maybeAct();
  }

  /** Stops deciding, waits for the answers in flight (at most 3 s and 1 s per 2,000 games), closes every socket. */
  async stop() {
    this.running = false;
    this.stoppedAt = performance.now();
    const cpu = process.cpuUsage(this.cpuAtStart);
    this.cpuSeconds = (cpu.user + cpu.system) / 1e6;
    clearInterval(this.sweep);
    this.checkRecovery();
    const players = this.slots.flatMap((s) => s.players);
    for (const p of players) if (p.thinkTimer) clearTimeout(p.thinkTimer);
    const grace = 3000 + this.count / 2;
    await this.until(
      () => players.every((p) => p.pendingId === 0),
      grace,
      () => '',
    ).catch(() => {});
    this.stopping = true;
    for (const p of players) p.close();
    await this.until(
      () => players.every((p) => !p.ws || p.ws.readyState === WebSocket.CLOSED),
      grace,
      () => '',
    ).catch(() => {});
    for (const p of players) p.ws?.terminate();
  }

  stats() {
    return {
      games: this.count,
      sockets: 2 * this.count,
      moves: this.moves,
      ackedTotal: this.ackedTotal,
      bytesIn: this.bytesIn,
      seconds: (this.stoppedAt - this.startedAt) / 1000,
      cpuSeconds: this.cpuSeconds,
      hist: this.hist.toSparse(),
      errors: this.errors,
      errorCodes: this.errorCodes,
      errorSamples: this.errorSamples,
      reconnects: this.reconnects,
      rateLimited: this.api.rateLimited,
      gamesCreated: this.gamesCreated,
      gamesFinished: this.gamesFinished,
      ackedBefore: this.ackedBefore,
      ackedAfter: this.ackedAfter,
      recoveredAt: this.recoveredAt,
      // This process's peak resident memory (the coordinator's too when the pool runs in it).
      rssMB: Math.round(process.resourceUsage().maxRSS / 102.4) / 10,
    };
  }
}
