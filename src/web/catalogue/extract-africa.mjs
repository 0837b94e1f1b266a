#!/usr/bin/env node
// Derives africa.json (the evidence map's outline) from Natural Earth via world-atlas 2.0.2
// (countries-50m, public domain data, ISC package): the countries whose centre lies in the frame
// below, projected equirectangularly (x = 10 units per degree of longitude scaled by the cosine
// of the frame's middle latitude, y = 10 units per degree southwards), thinned with
// Douglas-Peucker and written as SVG path data. Run once by hand, not at build time, so the app
// needs neither the package nor the network:
//   npm install --prefix /tmp/atlas -E world-atlas@2.0.2 topojson-client@3.1.0
//   node src/web/catalogue/extract-africa.mjs /tmp/atlas/node_modules > src/web/catalogue/africa.json
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const modules = process.argv[2];
if (!modules) {
  console.error('usage: extract-africa.mjs <node_modules folder holding world-atlas and topojson-client>');
  process.exit(2);
}
const require = createRequire(join(modules, 'noop.js'));
const topojson = require('topojson-client');
const world = JSON.parse(readFileSync(join(modules, 'world-atlas/countries-50m.json'), 'utf8'));

const FRAME = { west: -26, east: 60, south: -37, north: 40 };
const K = 10;
const COS = Math.cos(((FRAME.north + FRAME.south) / 2) * (Math.PI / 180));
const TOLERANCE = 0.04; // projected units (0.004 degrees): fine enough for a 6x inset of the Horn

const project = ([lon, lat]) => [(lon - FRAME.west) * K * COS, (FRAME.north - lat) * K];

function simplify(pts, tol) {
  if (pts.length < 4) return pts;
  const keep = new Uint8Array(pts.length);
  keep[0] = keep[pts.length - 1] = 1;
  // A closed ring starts and ends at one point: split it at the point farthest from the start.
  let far = 0;
  for (let i = 1; i < pts.length; i++) {
    if (Math.hypot(pts[i][0] - pts[0][0], pts[i][1] - pts[0][1]) > Math.hypot(pts[far][0] - pts[0][0], pts[far][1] - pts[0][1])) far = i;
  }
  keep[far] = 1;
  const stack = [[0, far], [far, pts.length - 1]];
  while (stack.length) {
    const [a, b] = stack.pop();
    const [ax, ay] = pts[a];
    const [bx, by] = pts[b];
    const dx = bx - ax;
    const dy = by - ay;
    const len = Math.hypot(dx, dy) || 1;
    let best = -1;
    let bestD = tol;
    for (let i = a + 1; i < b; i++) {
      const d = Math.abs(dy * (pts[i][0] - ax) - dx * (pts[i][1] - ay)) / len;
      if (d > bestD) {
        bestD = d;
        best = i;
      }
    }
    if (best >= 0) {
      keep[best] = 1;
      stack.push([a, best], [best, b]);
    }
  }
  return pts.filter((_, i) => keep[i]);
}

const f = (x) => Number(x.toFixed(1));
const countries = [];
for (const feature of topojson.feature(world, world.objects.countries).features) {
  const g = feature.geometry;
  if (!g) continue;
  const polys = g.type === 'Polygon' ? [g.coordinates] : g.coordinates;
  let sx = 0, sy = 0, n = 0;
  for (const ring of polys.flatMap((p) => p.slice(0, 1))) for (const [lon, lat] of ring) (sx += lon), (sy += lat), n++;
  const clon = sx / n, clat = sy / n;
  // France's overseas lands pull its centre into the frame; none of it belongs on this map.
  if (feature.properties.name === 'France') continue;
  if (clon < FRAME.west + 4 || clon > FRAME.east - 4 || clat < FRAME.south || clat > FRAME.north - 4) continue;
  let d = '';
  for (const poly of polys) {
    for (const ring of poly) {
      const pts = simplify(ring.map(project), TOLERANCE);
      if (pts.length < 4) continue;
      d += 'M' + pts.map(([x, y]) => `${f(x)} ${f(y)}`).join('L') + 'Z';
    }
  }
  if (d) countries.push({ name: feature.properties.name, d });
}
countries.sort((a, b) => a.name.localeCompare(b.name));
process.stdout.write(
  JSON.stringify({
    source: 'Natural Earth 1:50m via world-atlas 2.0.2 (countries-50m.json); public domain',
    projection: { kind: 'equirectangular', west: FRAME.west, north: FRAME.north, unitsPerDegree: K, cosLat: Number(COS.toFixed(6)) },
    width: f((FRAME.east - FRAME.west) * K * COS),
    height: f((FRAME.north - FRAME.south) * K),
    countries,
  }) + '\n',
);
