// The partner variant's icon set (docs/product/overview.md#branded-variants), drawn by scripts/icons.mjs: its manifest
// has the variant's own name and colour and names files that exist at the sizes it says, in the variant's colour; the
// shell copies every file; the variant table in shared points at them.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { VARIANTS, variantIcons } from '../shared/src/domain/variants';

const root = join(__dirname, '..');
const publicDir = join(root, 'shell', 'public');
const partner = VARIANTS.partner;
const base = partner.iconBase; // '/variants/partner'
const file = (src: string) => join(publicDir, ...src.split('/').filter(Boolean));

/** Width, height and a pixel reader of an 8-bit RGBA PNG as icons.mjs writes it (one filter byte per row, filter 0). */
function readPng(path: string) {
  const data = readFileSync(path);
  const width = data.readUInt32BE(16);
  const height = data.readUInt32BE(20);
  const idat: Buffer[] = [];
  for (let offset = 8; offset < data.length; ) {
    const length = data.readUInt32BE(offset);
    if (data.toString('ascii', offset + 4, offset + 8) === 'IDAT') idat.push(data.subarray(offset + 8, offset + 8 + length));
    offset += 12 + length;
  }
  const rows = inflateSync(Buffer.concat(idat));
  const at = (x: number, y: number) => [...rows.subarray(y * (width * 4 + 1) + 1 + x * 4, y * (width * 4 + 1) + 5 + x * 4)];
  return { width, height, at };
}

const hex = (colour: string) => [1, 3, 5].map((i) => parseInt(colour.slice(i, i + 2), 16));

const manifest = JSON.parse(readFileSync(file(`${base}/manifest.webmanifest`), 'utf8')) as {
  name: string;
  theme_color: string;
  background_color: string;
  start_url: string;
  icons: { src: string; sizes: string; type: string; purpose: string }[];
};

test('the partner manifest: own name and colours, its own icons', () => {
  expect(manifest.name).toBe(partner.name);
  expect(manifest.name).not.toBe(VARIANTS.default.name);
  expect(manifest.theme_color).toBe(partner.colours.brand);
  expect(manifest.background_color).toBe(partner.colours.brand);
  expect(manifest.start_url).toBe('/devices');
  for (const icon of manifest.icons) expect(icon.src.startsWith(`${base}/`)).toBe(true);
  expect(manifest.icons.filter((i) => i.type === 'image/png').map((i) => `${i.sizes} ${i.purpose}`).sort()).toEqual([
    '192x192 any',
    '512x512 any',
    '512x512 maskable',
  ]);
});

test.each(manifest.icons.filter((i) => i.type === 'image/png').map((i) => [i.src, i.sizes, i.purpose]))('%s is a %s PNG in the partner colour', (src, sizes, purpose) => {
  const png = readPng(file(src));
  expect(`${png.width}x${png.height}`).toBe(sizes);
  const middle = Math.floor(png.width / 2);
  expect(png.at(middle, Math.floor(png.height * 0.5))).toEqual([255, 255, 255, 255]);
  // The badge is round: its corner is transparent (a maskable icon is full-bleed).
  expect(png.at(2, 2)[3]).toBe(purpose === 'maskable' ? 255 : 0);
  expect(png.at(middle, 4)).toEqual([...hex(partner.colours.brand), 255]);
});

test('the favicons, the logo and the apple-touch-icon exist in the partner colour, and the shell copies them all', () => {
  const icons = variantIcons('partner');
  for (const src of [icons.faviconIco, icons.faviconSvg, icons.appleTouchIcon, icons.manifest, icons.logo]) expect(existsSync(file(src))).toBe(true);
  expect(readFileSync(file(icons.faviconSvg), 'utf8')).toContain(`fill="${partner.colours.brand}"`);
  expect(readPng(file(icons.appleTouchIcon)).at(0, 0)).toEqual([...hex(partner.colours.brand), 255]);
  const config = readFileSync(join(root, 'shell', 'webpack.config.js'), 'utf8');
  for (const src of [icons.faviconIco, icons.faviconSvg, icons.appleTouchIcon, icons.manifest, ...manifest.icons.map((i) => i.src)]) {
    expect(config).toContain(`'${src.slice(1)}': './public${src}'`);
  }
});

test('icons.mjs draws with the variant table name and colour', () => {
  const script = readFileSync(join(__dirname, 'icons.mjs'), 'utf8');
  expect(script).toContain(`export const PARTNER = { name: '${partner.name}', colour: '${partner.colours.brand}', base: '${partner.iconBase}' };`);
});
