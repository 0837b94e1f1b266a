/**
 * JSON over HTTP to the server under test (loopback only), honouring 429 Retry-After a bounded
 * number of times. A failure is a LoadtestError carrying the server's error code.
 */
import { LoadtestError } from './args.mjs';

const MAX_RETRIES = 30;

export class Api {
  constructor(port) {
    this.base = `http://127.0.0.1:${port}`;
    this.rateLimited = 0;
  }

  /** `method path` with an optional player key and JSON body; resolves to the parsed answer. */
  async call(method, path, { key, body } = {}) {
    const headers = {};
    if (key) headers.authorization = `Bearer ${key}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const payload = body === undefined ? undefined : JSON.stringify(body);
    for (let attempt = 0; ; attempt++) {
      let res;
      try {
        res = await fetch(this.base + path, { method, headers, body: payload, signal: AbortSignal.timeout(20_000) });
      } catch (e) {
        throw new LoadtestError('ERR_HTTP', `${method} ${path}: ${e.cause?.code ?? e.message}`);
      }
      const text = await res.text();
      if (res.status === 429 && attempt < MAX_RETRIES) {
        this.rateLimited++;
        const wait = Math.min(10, Math.max(0.2, Number(res.headers.get('retry-after')) || 1));
        await new Promise((r) => setTimeout(r, wait * 1000));
        continue;
      }
      let json = null;
      try {
        json = JSON.parse(text);
      } catch {
        // reported below when the status is an error
      }
      if (!res.ok || json === null) {
        const code = json?.error?.code ?? 'ERR_HTTP';
        throw new LoadtestError(code, `${method} ${path}: ${res.status} ${json?.error?.message ?? text.slice(0, 200)}`);
      }
      return json;
    }
  }
}
