/**
 * Stored sweep reports, read-only: `gabata serve --sweeps DIR` serves every folder of DIR that
 * `gabata sweep --out` wrote (one holding a sweep.json) to the web app's Explore page.
 *
 *   GET /api/sweeps               the sweeps: [{ name, id, ruleset, grids, cells, games, played, planned, complete, date }]
 *   GET /api/sweeps/:name         the sweep's sweep.json (spec, cells and their figures)
 *   GET /sweeps/:name/:file       a file of its report: index.html, report.css, *.svg, cells.csv, sweep.json, matches.jsonl
 *
 * Names are checked against a pattern and files against a list, so nothing outside DIR (or in
 * it but not a report's) is ever read; every route only reads.
 */
import { createReadStream, existsSync, readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ExploreEntry } from '../formats/sweep.js';

const NAME = '^[A-Za-z0-9_][A-Za-z0-9._-]{0,99}$';
const FILE = /^(index\.html|report\.css|cells\.csv|sweep\.json|matches\.jsonl|[A-Za-z0-9_-]{1,80}\.svg)$/;
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.csv': 'text/csv; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.jsonl': 'application/x-ndjson; charset=utf-8',
  '.svg': 'image/svg+xml',
};

/** A sweep in the list: the shape the Explore page reads (one declaration for both sides). */
export type SweepEntry = ExploreEntry;

interface StoredDoc {
  format?: unknown;
  id?: unknown;
  ruleset?: unknown;
  spec?: { grids?: { name?: unknown }[]; games?: unknown };
  cells?: unknown[];
  played?: unknown;
  planned?: unknown;
  complete?: unknown;
  date?: unknown;
}

function readDoc(file: string): StoredDoc | null {
  try {
    const d = JSON.parse(readFileSync(file, 'utf8')) as StoredDoc;
    return d !== null && typeof d === 'object' && d.format === 'gabata-sweep/1' ? d : null;
  } catch {
    return null;
  }
}

/** The sweeps stored in `dir` (folders with a readable sweep.json), newest first. */
export function listSweeps(dir: string): SweepEntry[] {
  if (!existsSync(dir)) return [];
  const out: SweepEntry[] = [];
  for (const name of readdirSync(dir)) {
    if (!new RegExp(NAME).test(name)) continue;
    const d = readDoc(path.join(dir, name, 'sweep.json'));
    if (!d) continue;
    out.push({
      name,
      id: String(d.id),
      ruleset: String(d.ruleset),
      grids: (d.spec?.grids ?? []).map((g) => String(g.name)),
      cells: Array.isArray(d.cells) ? d.cells.length : 0,
      games: Number(d.spec?.games ?? 0),
      played: Number(d.played ?? 0),
      planned: Number(d.planned ?? 0),
      complete: d.complete === true,
      date: String(d.date ?? ''),
    });
  }
  return out.sort((a, b) => b.date.localeCompare(a.date) || a.name.localeCompare(b.name));
}

const notFound = (reply: FastifyReply, message: string): FastifyReply =>
  reply
    .code(404)
    .type('application/json; charset=utf-8')
    .send({ error: { code: 'ERR_NOT_FOUND', message } });

/** A file of a stored sweep, or null when the name, the file or the path is not one. */
function reportFile(root: string, name: string, file: string): string | null {
  if (!FILE.test(file)) return null;
  const p = path.join(root, name, file);
  if (!existsSync(p)) return null;
  const real = realpathSync(p);
  if (!real.startsWith(root + path.sep) || !statSync(real).isFile()) return null;
  return real;
}

/**
 * Registers the read-only routes of the sweeps stored in `dir` on a fastify instance (or scope).
 * With no folder (`null`: the server was started without --sweeps) the list is empty, so the
 * Explore page asks without failing.
 */
export function registerSweeps(app: FastifyInstance, dir: string | null): void {
  if (dir === null) {
    app.get('/api/sweeps', async () => ({ sweeps: [] }));
    return;
  }
  const root = existsSync(dir) ? realpathSync(dir) : path.resolve(dir);
  const params = {
    type: 'object',
    properties: { name: { type: 'string', pattern: NAME }, file: { type: 'string', maxLength: 100 } },
    required: ['name'],
  };
  app.get('/api/sweeps', async () => ({ sweeps: listSweeps(root) }));
  app.get('/api/sweeps/:name', { schema: { params } }, async (req, reply) => {
    const { name } = req.params as { name: string };
    const file = reportFile(root, name, 'sweep.json');
    const doc = file ? readDoc(file) : null;
    if (!doc) return notFound(reply, `no sweep '${name}'`);
    return reply.type('application/json; charset=utf-8').send(doc);
  });
  app.get('/sweeps/:name/:file', { schema: { params } }, async (req, reply) => {
    const { name, file } = req.params as { name: string; file: string };
    const p = reportFile(root, name, file);
    if (!p) return notFound(reply, `no file ${file} in sweep '${name}'`);
    reply.header('cache-control', 'no-cache');
    return reply.type(TYPES[path.extname(p)] ?? 'application/octet-stream').send(createReadStream(p));
  });
  app.get('/sweeps/:name', { schema: { params } }, async (req, reply) =>
    reply.redirect(`/sweeps/${(req.params as { name: string }).name}/index.html`),
  );
}
