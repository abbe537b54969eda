#!/usr/bin/env node
// `npm run icons`: draw build/icon.png (1024x1024, RGBA) from the shapes of build/icon.svg.
// No image tool is assumed (ImageMagick is not on every machine): the few shapes are drawn with
// signed distance functions, anti-aliased over one pixel, and encoded as PNG with node:zlib.
// electron-builder derives the .icns, .ico and Linux sizes from this one PNG.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';

const SIZE = 1024;
const hex = (color) => [1, 3, 5].map((i) => parseInt(color.slice(i, i + 2), 16));

/** Distance from (px, py) to a rounded rectangle (negative inside). */
function roundedRect(px, py, x, y, w, h, r) {
  const qx = Math.abs(px - (x + w / 2)) - (w / 2 - r);
  const qy = Math.abs(py - (y + h / 2)) - (h / 2 - r);
  return Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - r;
}

/** Distance to a ring (a stroked circle). */
const ring = (px, py, cx, cy, r, width) => Math.abs(Math.hypot(px - cx, py - cy) - r) - width / 2;

/** Distance to a segment with round caps. */
function capsule(px, py, x1, y1, x2, y2, width) {
  const dx = x2 - x1;
  const dy = y2 - y1;
  const t = Math.max(0, Math.min(1, ((px - x1) * dx + (py - y1) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(px - (x1 + t * dx), py - (y1 + t * dy)) - width / 2;
}

// The shapes of build/icon.svg, back to front.
const shapes = [
  { color: hex('#1f3a5f'), distance: (x, y) => roundedRect(x, y, 64, 64, 896, 896, 192) },
  { color: hex('#7cc4ff'), distance: (x, y) => roundedRect(x, y, 330, 360, 220, 40, 20) },
  { color: hex('#7cc4ff'), distance: (x, y) => roundedRect(x, y, 330, 430, 150, 40, 20) },
  { color: hex('#7cc4ff'), distance: (x, y) => roundedRect(x, y, 330, 500, 190, 40, 20) },
  { color: hex('#f4f7fb'), distance: (x, y) => ring(x, y, 440, 450, 230, 64) },
  { color: hex('#f4f7fb'), distance: (x, y) => capsule(x, y, 615, 625, 820, 830, 96) },
];

/** RGBA pixels, composited with "over". */
export function drawIcon(size = SIZE) {
  const scale = 1024 / size;
  const pixels = Buffer.alloc(size * size * 4);
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; col++) {
      const x = (col + 0.5) * scale;
      const y = (row + 0.5) * scale;
      let [r, g, b, a] = [0, 0, 0, 0];
      for (const shape of shapes) {
        const coverage = Math.max(0, Math.min(1, 0.5 - shape.distance(x, y) / scale));
        if (coverage === 0) continue;
        const outA = coverage + a * (1 - coverage);
        [r, g, b] = [0, 1, 2].map((i) => (shape.color[i] * coverage + [r, g, b][i] * a * (1 - coverage)) / outA);
        a = outA;
      }
      pixels.set([Math.round(r), Math.round(g), Math.round(b), Math.round(a * 255)], (row * size + col) * 4);
    }
  }
  return pixels;
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buffer) {
  let c = 0xffffffff;
  for (const byte of buffer) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A PNG file (8-bit RGBA, no filtering) of `pixels`. */
export function encodePng(pixels, size) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8);
  const rows = Buffer.alloc(size * (size * 4 + 1));
  for (let row = 0; row < size; row++) pixels.copy(rows, row * (size * 4 + 1) + 1, row * size * 4, (row + 1) * size * 4);
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', deflateSync(rows, { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
}

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  const out = join(import.meta.dirname, '..', '..', 'build', 'icon.png');
  writeFileSync(out, encodePng(drawIcon(SIZE), SIZE));
  console.log(`wrote ${out}`);
}
