// The shell's index.html as served for a variant (docs/architecture/README.md#branded-variants): the built page with
// `data-variant` on <html> (the theme's colours follow it before any script runs), and for a variant other than
// default its own title, icons, manifest, theme colour and splash. Done in the HTML rather than by a script so the
// first paint is already branded and the page stays free of inline scripts (CSP).
import { readFile, stat } from 'node:fs/promises';
import { VARIANTS, variantIcons, type BrandVariant } from '@paddock/shared/domain';

const DEFAULT = VARIANTS.default;
const ICON_FILES = ['favicon.ico', 'favicon.svg', 'apple-touch-icon.png', 'manifest.webmanifest'];
const ICON_HREF = new RegExp(`(\\shref=["']?)/(${ICON_FILES.map((f) => f.replace(/\./g, '\\.')).join('|')})(?=["'\\s>])`, 'g');

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The page for a variant: pure, so it is tested on the template's unminified and minified forms alike. */
export function variantPage(html: string, variant: BrandVariant): string {
  let page = html.replace(/<html\b/i, `<html data-variant="${variant}"`);
  if (variant === 'default') return page;
  const brand = VARIANTS[variant];
  const base = variantIcons(variant).manifest.replace(/\/manifest\.webmanifest$/, '');
  const name = escapeHtml(brand.name);
  page = page
    .replace(ICON_HREF, (_match, prefix: string, file: string) => `${prefix}${base}/${file}`)
    .replace(/<title>[^<]*<\/title>/i, `<title>${name}</title>`)
    // The start-up splash's name.
    .replace(`<span>${DEFAULT.name}</span>`, `<span>${name}</span>`)
    // The brand colour: the theme-color meta and the splash background.
    .replace(new RegExp(DEFAULT.colours.brand, 'gi'), brand.colours.brand);
  return page;
}

// Per file: the build it was read from and the pages of every variant. A promise, so requests that arrive together
// while the file is being read all wait for the same read.
const cache = new Map<string, { key: string; pages: Promise<Map<BrandVariant, string>> }>();

async function renderAll(file: string): Promise<Map<BrandVariant, string>> {
  const html = await readFile(file, 'utf8');
  return new Map((Object.keys(VARIANTS) as BrandVariant[]).map((name) => [name, variantPage(html, name)]));
}

/** The built index.html at `file`, rendered for the variant; read again when the build changes it. */
export async function readVariantPage(file: string, variant: BrandVariant): Promise<string> {
  const info = await stat(file);
  const key = `${info.mtimeMs}:${info.size}`;
  let entry = cache.get(file);
  if (!entry || entry.key !== key) {
    entry = { key, pages: renderAll(file) };
    cache.set(file, entry);
    // A failed read is not kept: the next request tries again.
    entry.pages.catch(() => cache.get(file) === entry && cache.delete(file));
  }
  return (await entry.pages).get(variant)!;
}
