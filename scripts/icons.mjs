// Draws Paddock's icons from one shape, the fence mark of the start-up splash (webpack/index.html): the SVG favicon, the
// PNG app icons of the web app manifest (192 and 512, a maskable 512), the apple-touch-icon and favicon.ico. No image
// library is installed, so the PNGs are rasterised here (signed distances, 4×4 samples per pixel) and written with
// node's zlib. The files are committed in shell/public/; run `node scripts/icons.mjs` again after changing the shape.
// The partner variant (docs/product/overview.md#branded-variants) has its own set in shell/public/variants/partner/:
// the same mark on its own colour in a round badge, and its own web app manifest.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { root } from './apps.mjs';

/** The theme's brand green (webpack/index.html theme-color, the splash) and the mark's white. */
export const GREEN = '#1d5f3a';
const WHITE = '#ffffff';

/**
 * The partner variant's name and brand colour: VARIANTS.partner in shared/src/domain/variants.ts (this script runs
 * without TypeScript; scripts/variantIcons.test.ts checks the two agree).
 */
export const PARTNER = { name: 'Paddock Partner', colour: '#0d4f8b', base: '/variants/partner' };

/** The fence mark in a 72-unit square, as in the splash: a rail, two posts and a top rail; round caps. */
const STROKE = 5;
const SEGMENTS = [
  [16, 48, 56, 48],
  [20, 48, 20, 30],
  [36, 48, 36, 24],
  [52, 48, 52, 30],
  [16, 34, 56, 34],
];

/**
 * An icon: a green square (rounded by `radius`, in units of 72) with the white mark scaled by `scale` around the centre.
 * A maskable icon is full-bleed with the mark inside the 80 % safe circle.
 */
function icon({ radius, scale, colour = GREEN }) {
  const lines = SEGMENTS.map((s) => s.map((v) => 36 + (v - 36) * scale));
  return { radius, lines, stroke: STROKE * scale, colour };
}

const ANY = icon({ radius: 16, scale: 1 });
const MASKABLE = icon({ radius: 0, scale: 0.8 });
const APPLE = icon({ radius: 0, scale: 0.9 }); // iOS rounds the corners itself and shows no transparency
// The partner's: a round badge (radius 36), full-bleed where the platform cuts the shape itself.
const PARTNER_ANY = icon({ radius: 36, scale: 0.85, colour: PARTNER.colour });
const PARTNER_MASKABLE = icon({ radius: 0, scale: 0.8, colour: PARTNER.colour });
const PARTNER_APPLE = icon({ radius: 0, scale: 0.9, colour: PARTNER.colour });

export function svgOf({ radius, lines, stroke, colour = GREEN }) {
  const path = lines.map(([x1, y1, x2, y2]) => `M${x1} ${y1}L${x2} ${y2}`).join('');
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 72 72">',
    `<rect width="72" height="72" rx="${radius}" fill="${colour}"/>`,
    `<path d="${path}" fill="none" stroke="${WHITE}" stroke-width="${stroke}" stroke-linecap="round"/>`,
    '</svg>',
    '',
  ].join('');
}

// ---- Rasterising: coverage of the rounded square and of the strokes, from signed distances.
function roundedSquareDistance(x, y, r) {
  const q = (v) => Math.abs(v - 36) - (36 - r);
  const qx = q(x);
  const qy = q(y);
  const outside = Math.hypot(Math.max(qx, 0), Math.max(qy, 0));
  return outside + Math.min(Math.max(qx, qy), 0) - r;
}

function segmentDistance(x, y, [x1, y1, x2, y2]) {
  const dx = x2 - x1;
  const dy = y2 - y1;
  const t = Math.max(0, Math.min(1, ((x - x1) * dx + (y - y1) * dy) / (dx * dx + dy * dy || 1)));
  return Math.hypot(x - (x1 + t * dx), y - (y1 + t * dy));
}

const rgb = (hex) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));

/** RGBA pixels of `shape` at `size` × `size`. */
export function rasterise(shape, size) {
  const pixels = Buffer.alloc(size * size * 4);
  const [gr, gg, gb] = rgb(shape.colour ?? GREEN);
  const [wr, wg, wb] = rgb(WHITE);
  const samples = 4;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let background = 0;
      let mark = 0;
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const x = ((px + (sx + 0.5) / samples) / size) * 72;
          const y = ((py + (sy + 0.5) / samples) / size) * 72;
          if (roundedSquareDistance(x, y, shape.radius) > 0) continue;
          background++;
          if (shape.lines.some((line) => segmentDistance(x, y, line) <= shape.stroke / 2)) mark++;
        }
      }
      const n = samples * samples;
      const alpha = background / n;
      const white = background ? mark / background : 0;
      const i = (py * size + px) * 4;
      pixels[i] = Math.round(gr + (wr - gr) * white);
      pixels[i + 1] = Math.round(gg + (wg - gg) * white);
      pixels[i + 2] = Math.round(gb + (wb - gb) * white);
      pixels[i + 3] = Math.round(alpha * 255);
    }
  }
  return pixels;
}

// ---- PNG: signature, IHDR (8-bit RGBA), one IDAT, IEND.
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buffer) {
  let c = 0xffffffff;
  for (const byte of buffer) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

export function encodePng(pixels, size) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  const rows = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) pixels.copy(rows, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4); // filter 0 per row
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** favicon.ico holding one PNG (allowed since Windows Vista; every current browser reads it). */
function icoOf(png, size) {
  const header = Buffer.alloc(22);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2); // icon
  header.writeUInt16LE(1, 4); // one image
  header[6] = size;
  header[7] = size;
  header.writeUInt16LE(1, 10); // planes
  header.writeUInt16LE(32, 12); // bits per pixel
  header.writeUInt32LE(png.length, 14);
  header.writeUInt32LE(22, 18);
  return Buffer.concat([header, png]);
}

const png = (shape, size) => encodePng(rasterise(shape, size), size);

/** The partner variant's web app manifest: its own name and colours, its icons under its base. */
export function partnerManifest() {
  return {
    name: PARTNER.name,
    short_name: PARTNER.name,
    description: 'Your connected farm devices at a glance.',
    id: '/devices',
    start_url: '/devices',
    scope: '/',
    display: 'standalone',
    theme_color: PARTNER.colour,
    background_color: PARTNER.colour,
    icons: [
      { src: `${PARTNER.base}/icons/icon-192.png`, sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: `${PARTNER.base}/icons/icon-512.png`, sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: `${PARTNER.base}/icons/maskable-512.png`, sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      { src: `${PARTNER.base}/favicon.svg`, sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
    ],
  };
}

function writePartnerIcons(out) {
  mkdirSync(join(out, 'icons'), { recursive: true });
  writeFileSync(join(out, 'favicon.svg'), svgOf(PARTNER_ANY));
  writeFileSync(join(out, 'favicon.ico'), icoOf(png(PARTNER_ANY, 32), 32));
  writeFileSync(join(out, 'icons', 'icon-192.png'), png(PARTNER_ANY, 192));
  writeFileSync(join(out, 'icons', 'icon-512.png'), png(PARTNER_ANY, 512));
  writeFileSync(join(out, 'icons', 'maskable-512.png'), png(PARTNER_MASKABLE, 512));
  writeFileSync(join(out, 'apple-touch-icon.png'), png(PARTNER_APPLE, 180));
  writeFileSync(join(out, 'manifest.webmanifest'), `${JSON.stringify(partnerManifest(), null, 2)}\n`);
  console.log(`partner icons written to ${out}`);
}

if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  const out = join(root, 'shell', 'public');
  mkdirSync(join(out, 'icons'), { recursive: true });
  writeFileSync(join(out, 'favicon.svg'), svgOf(ANY));
  writeFileSync(join(out, 'favicon.ico'), icoOf(png(ANY, 32), 32));
  writeFileSync(join(out, 'icons', 'icon-192.png'), png(ANY, 192));
  writeFileSync(join(out, 'icons', 'icon-512.png'), png(ANY, 512));
  writeFileSync(join(out, 'icons', 'maskable-512.png'), png(MASKABLE, 512));
  writeFileSync(join(out, 'apple-touch-icon.png'), png(APPLE, 180));
  console.log(`icons written to ${out}`);
  writePartnerIcons(join(out, ...PARTNER.base.split('/').filter(Boolean)));
}
