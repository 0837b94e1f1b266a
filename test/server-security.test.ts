/**
 * The server's edge against a real server in this process: security headers on every response
 * (API, static page, errors), the Host check (421), the Origin check of state-changing requests
 * (403; no Origin is a non-browser client and passes), JSON bodies only (415), hostile bodies
 * (prototype keys, wrong types, 10 MB, deep nesting) refused with a clear code and the server still
 * answering, cache headers of the static files, and rate limits (429 with Retry-After).
 */
import { rmSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import http from 'node:http';
import { hostname } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGabataServer, type GabataServer } from '../src/server/app.js';
import { ROOT, ensureBuilt, newKey, request, tempDir } from './web-harness.js';

let dir: string;
let app: GabataServer;
let url: string;
let port: number;
const key = newKey();

beforeAll(async () => {
  ensureBuilt({ web: false });
  dir = tempDir('gabata-security-');
  app = createGabataServer({ db: path.join(dir, 'games.db'), limits: { overall: 1000, create: 100, import: 10, join: 30 } });
  port = (await app.listen(0, '127.0.0.1')).port;
  url = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  await app?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A raw request with any Host header (fetch does not let a caller set it). */
function raw(
  method: string,
  p: string,
  headers: Record<string, string>,
  body?: string,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path: p, headers }, (res) => {
      let text = '';
      res.on('data', (d: Buffer) => (text += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** The status of GET /api/rulesets on 127.0.0.1:`port` sent with the Host header `host`. */
function statusWithHost(port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: '/api/rulesets', headers: { host } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      })
      .on('error', reject);
  });
}

describe('security headers', () => {
  it('are on API answers, errors and the static page', async () => {
    for (const p of ['/api/rulesets', '/api/games/nosuch', '/', '/main.js', '/play/some/route', '/nothing.png']) {
      const r = await fetch(url + p);
      const csp = r.headers.get('content-security-policy') ?? '';
      expect(csp, p).toContain("script-src 'self'");
      expect(csp).not.toContain('unsafe-inline');
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain(`connect-src 'self' ws://127.0.0.1:${port}`);
      expect(r.headers.get('x-content-type-options')).toBe('nosniff');
      expect(r.headers.get('referrer-policy')).toBe('no-referrer');
      expect(r.headers.get('x-frame-options')).toBe('DENY');
      expect(r.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    }
  });

  it('the page and unhashed bundles are revalidated; API answers are not stored', async () => {
    expect((await fetch(url + '/')).headers.get('cache-control')).toBe('no-cache');
    expect((await fetch(url + '/main.js')).headers.get('cache-control')).toBe('no-cache');
    expect((await fetch(url + '/api/rulesets')).headers.get('cache-control')).toBe('no-store');
    const page = await fetch(url + '/play/x');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<script type="module" src="/main.js">');
  });
});

describe('Host and Origin', () => {
  it('a Host that is not this server is 421 ERR_HOST (DNS rebinding); localhost with the port is fine', async () => {
    for (const host of ['evil.example', `evil.example:${port}`, '127.0.0.1:1', 'localhost']) {
      const r = await raw('GET', '/api/rulesets', { host });
      expect(r.status, host).toBe(421);
      expect(JSON.parse(r.text).error.code).toBe('ERR_HOST');
      expect(r.headers['content-security-policy']).toBeDefined();
    }
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`]) {
      expect((await raw('GET', '/api/rulesets', { host })).status, host).toBe(200);
    }
  });

  it('--allowed-host names are accepted on any port', async () => {
    const d = tempDir('gabata-host-');
    const other = createGabataServer({ db: path.join(d, 'g.db'), allowedHosts: ['gabata.example.org'] });
    const p = (await other.listen(0, '127.0.0.1')).port;
    const get = (host: string): Promise<number> => statusWithHost(p, host);
    expect(await get('gabata.example.org')).toBe(200);
    expect(await get('Gabata.Example.Org:443')).toBe(200);
    expect(await get('other.example.org')).toBe(421);
    await other.close();
    rmSync(d, { recursive: true, force: true });
  });

  it("bound to every interface (--host 0.0.0.0), the machine's own name is accepted too", async () => {
    const d = tempDir('gabata-lan-');
    const lan = createGabataServer({ db: path.join(d, 'g.db') });
    const p = (await lan.listen(0, '0.0.0.0')).port;
    const get = (host: string): Promise<number> => statusWithHost(p, host);
    expect(await get(`${hostname()}:${p}`)).toBe(200);
    expect(await get(`127.0.0.1:${p}`)).toBe(200);
    expect(await get(`${hostname()}.evil.example:${p}`)).toBe(421);
    await lan.close();
    rmSync(d, { recursive: true, force: true });
  });

  it('a state-changing request from another origin is 403 ERR_ORIGIN; this origin and no origin pass', async () => {
    const body = { ruleset: 'gifia', seats: ['human', 'human'] };
    for (const origin of ['http://evil.example', `http://127.0.0.1:${port + 1}`, 'null']) {
      const r = await request(url, 'POST', '/api/games', body, undefined, { key, headers: { origin } });
      expect(r.status, origin).toBe(403);
      expect(r.body.error.code).toBe('ERR_ORIGIN');
    }
    expect((await request(url, 'POST', '/api/games', body, undefined, { key, headers: { origin: url } })).status).toBe(201);
    expect((await request(url, 'POST', '/api/games', body, undefined, { key })).status).toBe(201);
    // A read from another origin is allowed (no state changes; the browser keeps the answer from the page).
    expect((await request(url, 'GET', '/api/rulesets', undefined, undefined, { headers: { origin: 'http://evil.example' } })).status).toBe(
      200,
    );
  });
});

describe('bodies', () => {
  it('only JSON: another content type is 415 ERR_CONTENT_TYPE', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      const r = await raw(
        'POST',
        '/api/games',
        { host: `127.0.0.1:${port}`, 'content-type': type, authorization: `Bearer ${key}` },
        'ruleset=gifia',
      );
      expect(r.status, type).toBe(415);
      expect(JSON.parse(r.text).error.code).toBe('ERR_CONTENT_TYPE');
    }
  });

  it('hostile bodies: prototype keys, wrong types, 10 MB, deep nesting; the server answers on', async () => {
    const send = (text: string, p = '/api/games'): Promise<{ status: number; body: { error: { code: string; message: string } } }> =>
      request(url, 'POST', p, undefined, text, { key: newKey() });
    const proto = await send('{"ruleset":"gifia","__proto__":{"admin":true}}');
    expect(proto.status).toBe(400);
    expect(proto.body.error.message).toMatch(/__proto__/);
    const ctor = await send('{"ruleset":"gifia","constructor":{"prototype":{"admin":true}}}');
    expect(ctor.status).toBe(400);
    const nested = await send('{"ruleset":"gifia","options":{"__proto__":{"x":1}}}');
    expect(nested.status).toBe(400);
    expect(({} as Record<string, unknown>)['admin']).toBeUndefined();
    for (const [text, field] of [
      ['{"ruleset":["gifia"]}', 'ruleset'],
      ['{"ruleset":"gifia","seats":"human"}', 'seats'],
      ['{"ruleset":"gifia","seed":1.5}', 'seed'],
      ['{"ruleset":"gifia","options":{"players":{"a":1}}}', 'options'],
      ['{"ruleset":"gifia","clock":{"baseMs":"60000","incrementMs":0}}', 'clock'],
    ] as const) {
      const r = await send(text);
      expect(r.status, text).toBe(400);
      expect(r.body.error.code).toBe('ERR_ARGUMENT');
      expect(r.body.error.message).toContain(field);
    }
    const big = await send(JSON.stringify({ ruleset: 'gifia', pad: 'x'.repeat(10 * 1024 * 1024) }));
    expect(big.status).toBe(413);
    expect(big.body.error.code).toBe('ERR_TOO_LARGE');
    const deep = '{"ruleset":"gifia","options":' + '{"a":'.repeat(50_000) + '1' + '}'.repeat(50_000) + '}';
    expect([400, 413]).toContain((await send(deep)).status);
    const deepImport = '{"format":"gabata-record/1","meta":' + '['.repeat(100_000) + ']'.repeat(100_000) + '}';
    expect([400, 413, 422]).toContain((await send(deepImport, '/api/games/import')).status);
    expect((await request(url, 'GET', '/api/rulesets')).status).toBe(200);
  });
});

describe('rate limits', () => {
  it('creation is limited per client: 429 ERR_RATE_LIMIT with Retry-After', async () => {
    const d = tempDir('gabata-limits-');
    const limited = createGabataServer({ db: path.join(d, 'g.db'), trustProxy: '127.0.0.1', limits: { create: 5, addressShare: 1 } });
    const at = `http://127.0.0.1:${(await limited.listen(0, '127.0.0.1')).port}`;
    const create = (from: string) =>
      request(at, 'POST', '/api/games', { ruleset: 'gifia', seats: ['human', 'human'] }, undefined, {
        key: newKey(),
        headers: { 'x-forwarded-for': from },
      });
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof request>> | undefined;
    for (let i = 0; i < 7; i++) {
      last = await create('10.9.0.1');
      statuses.push(last.status);
    }
    expect(statuses.slice(0, 5)).toEqual([201, 201, 201, 201, 201]);
    expect(statuses.slice(5)).toEqual([429, 429]);
    expect(last!.body.error.code).toBe('ERR_RATE_LIMIT');
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another client is not limited by this one.
    expect((await create('10.9.0.2')).status).toBe(201);
    await limited.close();
    rmSync(d, { recursive: true, force: true });
  });
});

describe('behind a trusted reverse proxy', () => {
  it('rate limits count each client named by X-Forwarded-For, not the proxy', async () => {
    const d = tempDir('gabata-proxy-');
    const proxied = createGabataServer({
      db: path.join(d, 'g.db'),
      trustProxy: '127.0.0.1,::1',
      limits: { overall: 3, create: 3, import: 3, join: 3, addressShare: 1 },
    });
    const p = (await proxied.listen(0, '127.0.0.1')).port;
    const get = async (client: string): Promise<number> =>
      (await fetch(`http://127.0.0.1:${p}/api/rulesets`, { headers: { 'x-forwarded-for': client } })).status;
    expect([await get('10.0.0.1'), await get('10.0.0.1'), await get('10.0.0.1'), await get('10.0.0.1')]).toEqual([200, 200, 200, 429]);
    expect(await get('10.0.0.2')).toBe(200);
    await proxied.close();
    rmSync(d, { recursive: true, force: true });
  });
});

describe('more routes (ServerOptions.plugins)', () => {
  it('are served behind the same edge: headers, Host check', async () => {
    const d = tempDir('gabata-plugin-');
    const withExtra = createGabataServer({
      db: path.join(d, 'g.db'),
      plugins: [(a) => void a.get('/api/extra', async () => ({ extra: true }))],
    });
    const p = (await withExtra.listen(0, '127.0.0.1')).port;
    const r = await fetch(`http://127.0.0.1:${p}/api/extra`);
    expect(await r.json()).toEqual({ extra: true });
    expect(r.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    const status = await new Promise<number>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port: p, path: '/api/extra', headers: { host: 'evil.example' } }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        })
        .on('error', reject);
    });
    expect(status).toBe(421);
    await withExtra.close();
    rmSync(d, { recursive: true, force: true });
  });
});

describe('gabata serve', () => {
  it('--help says how to serve a LAN and what to put in front for the internet; bad flags exit 2', () => {
    const run = (...args: string[]) =>
      spawnSync(process.execPath, [path.join(ROOT, 'dist/cli/main.js'), 'serve', ...args], { encoding: 'utf8' });
    const help = run('--help');
    expect(help.status).toBe(0);
    for (const words of ['--host', '0.0.0.0', '--allowed-host', 'reverse proxy', 'TLS', 'Upgrade', '--log'])
      expect(help.stdout).toContain(words);
    const bad = run('--allowed-host', 'a b');
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/ERR_ARGUMENT: --allowed-host/);
  });
});
