/**
 * JSON over HTTP to the server under test (loopback only), honouring 429 Retry-After a bounded
 * number of times. A failure is a LoadtestError carrying the server's error code.
 *
 * node:http with a keep-alive agent rather than fetch: the setup of a big run makes tens of
 * thousands of requests, and fetch's streams and abort signals cost the client more than the
 * server spends answering them.
 */
import http from 'node:http';
import { LoadtestError } from './args.mjs';

const MAX_RETRIES = 30;
const TIMEOUT_MS = 20_000;
/** Connections an Api keeps open: each is a file descriptor in the server too (limits.mjs counts them). */
export const MAX_CONNECTIONS = 8;

/** One round trip: `{ status, retryAfter, text }`, or a LoadtestError (ERR_HTTP) if the connection fails. */
function roundTrip(agent, port, method, path, headers, payload) {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path, headers, agent, timeout: TIMEOUT_MS }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode, retryAfter: res.headers['retry-after'], text: Buffer.concat(chunks).toString() }),
      );
      res.on('error', (e) => reject(new LoadtestError('ERR_HTTP', `${method} ${path}: ${e.code ?? e.message}`)));
    });
    req.on('timeout', () => req.destroy(new Error(`no answer in ${TIMEOUT_MS} ms`)));
    req.on('error', (e) => reject(new LoadtestError('ERR_HTTP', `${method} ${path}: ${e.code ?? e.message}`)));
    req.end(payload);
  });
}

export class Api {
  constructor(port) {
    this.port = port;
    this.agent = new http.Agent({ keepAlive: true, maxSockets: MAX_CONNECTIONS });
    this.rateLimited = 0;
  }

  /** `method path` with an optional player key and JSON body; resolves to the parsed answer. */
  async call(method, path, { key, body } = {}) {
    const headers = {};
    if (key) headers.authorization = `Bearer ${key}`;
    const payload = body === undefined ? undefined : JSON.stringify(body);
    if (payload !== undefined) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = Buffer.byteLength(payload);
    }
    for (let attempt = 0; ; attempt++) {
      const res = await roundTrip(this.agent, this.port, method, path, headers, payload);
      if (res.status === 429 && attempt < MAX_RETRIES) {
        this.rateLimited++;
        const wait = Math.min(10, Math.max(0.2, Number(res.retryAfter) || 1));
        await new Promise((r) => setTimeout(r, wait * 1000));
        continue;
      }
      let json = null;
      try {
        json = JSON.parse(res.text);
      } catch {
        // reported below when the status is an error
      }
      if (res.status < 200 || res.status >= 300 || json === null) {
        const code = json?.error?.code ?? 'ERR_HTTP';
        throw new LoadtestError(code, `${method} ${path}: ${res.status} ${json?.error?.message ?? res.text.slice(0, 200)}`);
      }
      return json;
    }
  }

  /** Closes the kept-alive connections (after the setup: the server's descriptors go to the sockets); later calls open new ones. */
  closeIdle() {
    this.agent.destroy();
    this.agent = new http.Agent({ keepAlive: true, maxSockets: MAX_CONNECTIONS });
  }
}
