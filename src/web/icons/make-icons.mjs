// Draws the app's icons: a gabata board (two rows of six holes, a few counters) on a full-bleed
// brown square, so the same picture serves as a maskable icon (the board sits inside the 80%
// safe zone). Writes icon.svg and the PNGs at 192 and 512 pixels, drawn pixel by pixel from the
// same shapes (no image library), with 4x4 supersampling for smooth edges.
// Run: node src/web/icons/make-icons.mjs (the files are committed; build-sw.mjs copies them).
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const here = dirname(fileURLToPath(import.meta.url));
const BG = [0x5b, 0x3a, 0x1e];
const BOARD = [0x8d, 0x5a, 0x2c];
const HOLE = [0x3b, 0x23, 0x12];
const SEED = [0xf2, 0xe6, 0xd0];

// Shapes on a 100x100 canvas: the board, its holes, counters in some holes.
const board = { x: 14, y: 30, w: 72, h: 40, r: 8 };
const holes = [];
for (let row = 0; row < 2; row++) for (let col = 0; col < 6; col++) holes.push({ cx: 22.5 + col * 11, cy: 41 + row * 18, r: 4.6 });
const seeds = [
  [0, -1.6, -1],
  [0, 1.6, 1],
  [3, 0, 0],
  [7, -1.6, 1],
  [7, 1.6, -1],
  [10, 0, 0],
].map(([i, dx, dy]) => ({ cx: holes[i].cx + dx, cy: holes[i].cy + dy, r: 1.5 }));

const inRound = (x, y, b) => {
  const qx = Math.max(b.x + b.r - x, 0, x - (b.x + b.w - b.r));
  const qy = Math.max(b.y + b.r - y, 0, y - (b.y + b.h - b.r));
  return x >= b.x && x <= b.x + b.w && y >= b.y && y <= b.y + b.h && qx * qx + qy * qy <= b.r * b.r;
};
const inCircle = (x, y, c) => (x - c.cx) ** 2 + (y - c.cy) ** 2 <= c.r * c.r;

function colourAt(x, y) {
  if (seeds.some((c) => inCircle(x, y, c))) return SEED;
  if (holes.some((c) => inCircle(x, y, c))) return HOLE;
  if (inRound(x, y, board)) return BOARD;
  return BG;
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}

function png(size) {
  const S = 4;
  const raw = Buffer.alloc((size * 3 + 1) * size);
  for (let py = 0; py < size; py++) {
    raw[py * (size * 3 + 1)] = 0;
    for (let px = 0; px < size; px++) {
      const sum = [0, 0, 0];
      for (let sy = 0; sy < S; sy++) {
        for (let sx = 0; sx < S; sx++) {
          const c = colourAt(((px + (sx + 0.5) / S) * 100) / size, ((py + (sy + 0.5) / S) * 100) / size);
          for (let k = 0; k < 3; k++) sum[k] += c[k];
        }
      }
      for (let k = 0; k < 3; k++) raw[py * (size * 3 + 1) + 1 + px * 3 + k] = Math.round(sum[k] / (S * S));
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // colour type: RGB
  const sig = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([sig, chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw, { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
}

const hex = (c) => `#${c.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
const circle = (c, fill) => `<circle cx="${c.cx}" cy="${c.cy}" r="${c.r}" fill="${fill}"/>`;
const svg = [
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">',
  `<rect width="100" height="100" fill="${hex(BG)}"/>`,
  `<rect x="${board.x}" y="${board.y}" width="${board.w}" height="${board.h}" rx="${board.r}" fill="${hex(BOARD)}"/>`,
  ...holes.map((c) => circle(c, hex(HOLE))),
  ...seeds.map((c) => circle(c, hex(SEED))),
  '</svg>',
  '',
].join('\n');

writeFileSync(join(here, 'icon.svg'), svg);
for (const size of [192, 512]) writeFileSync(join(here, `icon-${size}.png`), png(size));
console.log(`icons written in ${here}`);
