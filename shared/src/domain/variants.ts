// The branded variants of the app (docs/product/overview.md#branded-variants): each variant's products, name, colours,
// icon set and return address, once, here. Which host gets which variant is run-time configuration (VARIANT_HOSTS,
// read by the server); the host matching is a pure function below so the server and its tests share it.
import type { ProductId } from '../products/ids';

/** The branded variants (docs/product/overview.md). */
export const BRAND_VARIANTS = ['default', 'partner'] as const;
export type BrandVariant = (typeof BRAND_VARIANTS)[number];

export const isBrandVariant = (value: unknown): value is BrandVariant => (BRAND_VARIANTS as readonly unknown[]).includes(value);

/** What makes a variant itself (docs/product/overview.md#branded-variants). Brand names are never translated. */
export interface VariantBrand {
  /** The app's name: page title, navbar, web app manifest, splash, the sender name of its mails. */
  name: string;
  /** The products it offers: the register chooser shows these, the server refuses registering any other. */
  products: readonly ProductId[];
  /**
   * Its colours: the accent (light and dark scheme; shared/src/ui/theme.css `[data-variant]` sets the same values)
   * and the brand colour of the icons, the manifest's theme colour and the start-up splash.
   */
  colours: { accent: string; accentDark: string; brand: string };
  /**
   * Where its icon set is served (favicon.ico, favicon.svg, apple-touch-icon.png, icons/…, manifest.webmanifest;
   * drawn by scripts/icons.mjs into shell/public/): '' is the site root. The logo is `<iconBase>/favicon.svg`.
   */
  iconBase: string;
  /** Its return address: the support site (navbar Support, help links, connection failure page). */
  supportUrl: string;
  /** The page the payment portal comes back to, on the host the request came to. */
  billingReturnPath: string;
}

/** The variant table (docs/product/overview.md#branded-variants). */
export const VARIANTS: Readonly<Record<BrandVariant, VariantBrand>> = {
  default: {
    name: 'Paddock',
    products: ['farmcam-sim', 'fencealarm', 'fencealarm2', 'smartplug', 'smartplug2'],
    colours: { accent: '#1d5f3a', accentDark: '#7fd4a0', brand: '#1d5f3a' },
    iconBase: '',
    supportUrl: 'https://support.paddock.farm/',
    billingReturnPath: '/billing',
  },
  partner: {
    name: 'Paddock Partner',
    products: ['fencealarm', 'fencealarm2', 'smartplug', 'smartplug2'],
    colours: { accent: '#0d4f8b', accentDark: '#9ecaff', brand: '#0d4f8b' },
    iconBase: '/variants/partner',
    supportUrl: 'https://support.partner.example/',
    billingReturnPath: '/billing',
  },
};

/** Products each variant offers (docs/product/overview.md): the partner variant has no FarmCam SIM. */
export const VARIANT_PRODUCTS: Readonly<Record<BrandVariant, readonly ProductId[]>> = {
  default: VARIANTS.default.products,
  partner: VARIANTS.partner.products,
};

/** docs/product/overview.md: which products a variant offers (the register chooser shows one card each). */
export function offeredProducts(variant: BrandVariant): readonly ProductId[] {
  return VARIANT_PRODUCTS[variant];
}

/** docs/product/overview.md: whether a variant offers a product. */
export function isOffered(variant: BrandVariant, product: ProductId): boolean {
  return VARIANT_PRODUCTS[variant].includes(product);
}

/** The files of a variant's icon set, as the page links them. */
export function variantIcons(variant: BrandVariant) {
  const base = VARIANTS[variant].iconBase;
  return {
    faviconIco: `${base}/favicon.ico`,
    faviconSvg: `${base}/favicon.svg`,
    appleTouchIcon: `${base}/apple-touch-icon.png`,
    manifest: `${base}/manifest.webmanifest`,
    logo: `${base}/favicon.svg`,
  };
}

/** One entry of VARIANT_HOSTS: an exact host name, or `*.example.com` for any host below example.com. */
export interface VariantHostRule {
  pattern: string;
  variant: BrandVariant;
}

/** A host name as VARIANT_HOSTS matches it: lower case, without port, brackets or a trailing dot. */
export function normalizeHost(host: string): string {
  let name = host.trim().toLowerCase();
  if (name.startsWith('[')) name = name.slice(1, name.indexOf(']') > 0 ? name.indexOf(']') : undefined); // [::1]:8080
  else if (name.split(':').length === 2) name = name.split(':')[0]; // host:port (an IPv6 address has more colons)
  return name.replace(/\.$/, '');
}

const HOST_LABEL = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?$/;
const isHostName = (name: string) => name.length > 0 && name.length <= 253 && name.split('.').every((label) => HOST_LABEL.test(label));

/**
 * Parses VARIANT_HOSTS: `host=variant` entries separated by commas, a host may start with `*.` (any host below it).
 * Throws naming the bad entry.
 */
export function parseVariantHosts(text: string): VariantHostRule[] {
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  return entries.map((entry) => {
    const [rawHost, variant, extra] = entry.split('=').map((part) => part.trim());
    const pattern = rawHost?.toLowerCase() ?? '';
    const name = pattern.startsWith('*.') ? pattern.slice(2) : pattern;
    if (extra !== undefined || !isHostName(name)) throw new Error(`"${entry}" is not host=variant (a host name, or *. and a host name)`);
    if (!isBrandVariant(variant)) throw new Error(`"${entry}": the variant must be one of ${BRAND_VARIANTS.join(', ')}`);
    return { pattern, variant };
  });
}

/**
 * The variant of a host (docs/product/overview.md#branded-variants): the first rule that matches wins; the port and
 * letter case do not matter; `*.example.com` matches any host below example.com but not example.com itself. Any
 * other host is `default`.
 */
export function variantForHost(host: string | undefined, rules: readonly VariantHostRule[]): BrandVariant {
  if (!host) return 'default';
  const name = normalizeHost(host);
  const rule = rules.find(({ pattern }) => (pattern.startsWith('*.') ? name.endsWith(pattern.slice(1)) && name.length > pattern.length - 1 : name === pattern));
  return rule?.variant ?? 'default';
}
