// The branded variant the shell runs as (docs/product/overview.md#branded-variants). The server marks it on
// <html data-variant> in the page it serves for the host, with the variant's icons, manifest and title already in the
// head (server/src/variants/page.ts), so the first paint is branded and no script has to wait. A page without the
// mark (the webpack dev server's) asks GET /api/variant once and applies the answer the same way.
import { isBrandVariant, VARIANTS, variantIcons, type BrandVariant, type VariantBrand } from '@paddock/shared/domain';

/** The variant on <html data-variant>; default when there is none. */
export function shellVariant(doc: Document = document): BrandVariant {
  const value = doc.documentElement.dataset.variant;
  return isBrandVariant(value) ? value : 'default';
}

/** The facts of the shell's variant: name, support address, logo… */
export function shellBrand(doc: Document = document): VariantBrand & { logo: string } {
  const variant = shellVariant(doc);
  return { ...VARIANTS[variant], logo: variantIcons(variant).logo };
}

/** Marks the variant on the page as the server would have: data-variant, the icon and manifest links, the title. */
export function applyVariant(variant: BrandVariant, doc: Document = document): void {
  doc.documentElement.dataset.variant = variant;
  const icons = variantIcons(variant);
  const set = (selector: string, href: string) => doc.head.querySelectorAll<HTMLLinkElement>(selector).forEach((link) => link.setAttribute('href', href));
  set('link[rel="icon"][type="image/svg+xml"]', icons.faviconSvg);
  set('link[rel="icon"]:not([type])', icons.faviconIco);
  set('link[rel="apple-touch-icon"]', icons.appleTouchIcon);
  set('link[rel="manifest"]', icons.manifest);
  doc.title = VARIANTS[variant].name;
}

/**
 * Makes sure the page knows its variant before the app renders: at once when the server marked it, else from
 * GET /api/variant (default if that fails: the app must start all the same).
 */
export async function ensureVariant(doc: Document = document, fetchJson: (url: string) => Promise<unknown> = defaultFetch): Promise<BrandVariant> {
  if (doc.documentElement.dataset.variant !== undefined) return shellVariant(doc);
  let variant: BrandVariant = 'default';
  try {
    const reply = (await fetchJson('/api/variant')) as { Variant?: unknown } | null;
    if (isBrandVariant(reply?.Variant)) variant = reply.Variant;
  } catch (error) {
    console.warn('[paddock] could not ask for the variant; showing the default', error);
  }
  applyVariant(variant, doc);
  return variant;
}

async function defaultFetch(url: string): Promise<unknown> {
  const response = await fetch(url, { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return response.json();
}
