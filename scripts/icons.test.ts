// The icons scripts/icons.mjs drew and the shell serves: the manifest names files that exist, at the sizes it says,
// each a valid PNG (every chunk's CRC), the maskable one full-bleed, and the shell's page links them.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { crc32, inflateSync } from 'node:zlib';

const root = join(__dirname, '..');
const publicDir = join(root, 'shell', 'public');

interface Png {
  width: number;
  height: number;
  /** RGBA of a pixel. */
  at: (x: number, y: number) => number[];
}

/** A PNG as scripts/icons.mjs writes it (8-bit RGBA, filter 0 on every row), every chunk's CRC checked. */
function readPng(file: string): Png {
  const data = readFileSync(file);
  expect(data.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  let offset = 8;
  let width = 0;
  let height = 0;
  const idat: Buffer[] = [];
  while (offset < data.length) {
    const length = data.readUInt32BE(offset);
    const type = data.toString('ascii', offset + 4, offset + 8);
    const body = data.subarray(offset + 8, offset + 8 + length);
    expect(data.readUInt32BE(offset + 8 + length)).toBe(crc32(data.subarray(offset + 4, offset + 8 + length)));
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      expect([body[8], body[9]]).toEqual([8, 6]);
    }
    if (type === 'IDAT') idat.push(body);
    offset += 12 + length;
  }
  const rows = inflateSync(Buffer.concat(idat));
  expect(rows.length).toBe(height * (width * 4 + 1));
  return {
    width,
    height,
    at: (x, y) => {
      const i = y * (width * 4 + 1) + 1 + x * 4;
      return [...rows.subarray(i, i + 4)];
    },
  };
}

const manifest = JSON.parse(readFileSync(join(publicDir, 'manifest.webmanifest'), 'utf8')) as {
  name: string;
  short_name: string;
  start_url: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose: string }[];
};

test('the manifest: name, start at /devices, standalone, the theme colours (docs/product/screens.md)', () => {
  expect(manifest).toMatchObject({ name: 'Paddock', short_name: 'Paddock', start_url: '/devices', display: 'standalone' });
  // The splash and theme-color of webpack/index.html.
  expect(manifest.theme_color).toBe('#1d5f3a');
  expect(manifest.background_color).toBe('#1d5f3a');
  const pngs = manifest.icons.filter((i) => i.type === 'image/png');
  expect(pngs.map((i) => `${i.sizes} ${i.purpose}`).sort()).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
});

test.each(manifest.icons.filter((i) => i.type === 'image/png').map((i) => [i.src, i.sizes, i.purpose]))(
  '%s is a %s PNG',
  (src, sizes, purpose) => {
    const png = readPng(join(publicDir, src));
    expect(`${png.width}x${png.height}`).toBe(sizes);
    const middle = Math.floor(png.width / 2);
    // The post in the middle is white; a maskable icon is opaque to its corner, the others have rounded corners.
    expect(png.at(middle, Math.floor(png.height * 0.5))).toEqual([255, 255, 255, 255]);
    expect(png.at(0, 0)[3]).toBe(purpose === 'maskable' ? 255 : 0);
    expect(png.at(middle, 2)).toEqual([0x1d, 0x5f, 0x3a, 255]);
  },
);

test('the apple-touch-icon is 180 px and opaque; favicon.ico holds a 32 px PNG; the SVG is the same green', () => {
  const apple = readPng(join(publicDir, 'apple-touch-icon.png'));
  expect([apple.width, apple.height]).toEqual([180, 180]);
  expect(apple.at(0, 0)).toEqual([0x1d, 0x5f, 0x3a, 255]);
  const ico = readFileSync(join(publicDir, 'favicon.ico'));
  expect([ico.readUInt16LE(2), ico.readUInt16LE(4), ico[6], ico[7]]).toEqual([1, 1, 32, 32]);
  expect(ico.subarray(22, 26)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  expect(readFileSync(join(publicDir, 'favicon.svg'), 'utf8')).toContain('fill="#1d5f3a"');
});

test('the shell copies every icon and links them from its page', () => {
  const source = readFileSync(join(root, 'shell', 'webpack.config.js'), 'utf8');
  for (const file of [
    'favicon.ico',
    'favicon.svg',
    'apple-touch-icon.png',
    'manifest.webmanifest',
    ...manifest.icons.map((i) => i.src.slice(1)),
  ]) {
    expect(source).toContain(`'${file}': './public/${file}'`);
  }
  for (const link of [
    'rel="icon" href="/favicon.svg"',
    'rel="apple-touch-icon" href="/apple-touch-icon.png"',
    'rel="manifest" href="/manifest.webmanifest"',
  ]) {
    expect(source).toContain(link);
  }
});
