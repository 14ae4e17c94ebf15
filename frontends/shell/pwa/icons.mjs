// The app's icons for the web app manifest (docs/architecture.md §9), drawn at build time: the
// product's green with a white envelope (the envelope budget), full bleed so that the same image
// serves as a maskable icon (the envelope stays inside the central safe zone).
import { crc32, deflateSync } from 'node:zlib';

const GREEN = [0x2f, 0x6f, 0x4f];
const WHITE = [0xff, 0xff, 0xff];

/** Distance from (px, py) to the segment (ax, ay)-(bx, by). */
function toSegment(px, py, ax, ay, bx, by) {
  const dx = bx - ax;
  const dy = by - ay;
  const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}

/** Whether a point (in units of the icon's size, 0..1) lies on the envelope's strokes. */
function onEnvelope(x, y) {
  const half = 0.028;
  const [left, top, right, bottom] = [0.22, 0.31, 0.78, 0.69];
  const edges = [
    [left, top, right, top],
    [right, top, right, bottom],
    [right, bottom, left, bottom],
    [left, bottom, left, top],
    [left, top, 0.5, 0.53],
    [0.5, 0.53, right, top],
  ];
  return edges.some(([ax, ay, bx, by]) => toSegment(x, y, ax, ay, bx, by) <= half);
}

function chunk(type, data) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/** A square RGB PNG of `size` pixels; each pixel blends 4×4 samples (smooth edges). */
export function iconPng(size) {
  const rows = Buffer.alloc(size * (size * 3 + 1));
  const samples = 4;
  for (let y = 0; y < size; y += 1) {
    const row = y * (size * 3 + 1);
    rows[row] = 0; // filter: none
    for (let x = 0; x < size; x += 1) {
      let covered = 0;
      for (let sy = 0; sy < samples; sy += 1) {
        for (let sx = 0; sx < samples; sx += 1) {
          if (onEnvelope((x + (sx + 0.5) / samples) / size, (y + (sy + 0.5) / samples) / size)) covered += 1;
        }
      }
      const share = covered / (samples * samples);
      for (let c = 0; c < 3; c += 1) rows[row + 1 + x * 3 + c] = Math.round(GREEN[c] * (1 - share) + WHITE[c] * share);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
