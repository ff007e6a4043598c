// Styles of the partner embed (docs/product/embedding.md): every stylesheet the apps' bundles load is adopted by each
// embed's shadow root instead of being put into the partner's page (webpack/styles/insert.js hands each <link> here),
// so Paddock's rules never reach the page and the page's rules never reach Paddock's elements.

/** The global through which webpack/styles/*.js find the hub; one hub per page, shared by all embeds. */
export const STYLE_HUB_KEY = '__PADDOCK_EMBED_STYLES__';

export interface StyleHub {
  /** A stylesheet's text. */
  add(css: string): void;
  /**
   * A chunk's stylesheet as the bundles' CSS loading made it (mini-css-extract-plugin, through
   * webpack/styles/insert.js): read and adopted without ever entering the page, then reported to the bundle's loader
   * as loaded (or failed) through the link's own `load`/`error` event, as a link in the page would.
   */
  addLink(link: HTMLLinkElement): void;
  /** Gives a shadow root every stylesheet so far, and every later one. */
  attach(root: ShadowRoot): void;
  detach(root: ShadowRoot): void;
  /** How many shadow roots are attached (tests, diagnostics). */
  readonly attached: number;
}

/** The element inside each shadow root that everything renders into; the page's `:root` and `body` rules apply to it. */
export const EMBED_ROOT_CLASS = 'pd-embed';

/**
 * Rules of the embed itself, first in every shadow root. The page's own rules still reach the host element (its
 * `* { font-family }` say) and would be inherited from there, so the embed's root takes nothing from its parent
 * (`all: initial`) and the theme sets fonts, colours and sizes on it again.
 */
export const HOST_CSS = `:host { display: block; } .${EMBED_ROOT_CLASS} { all: initial; display: block; }`;

/** Splits a selector list at its top-level commas (not those inside `:is(a, b)` or `[x="a,b"]`). */
export function splitSelectors(list: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote: string | null = null;
  let current = '';
  for (const char of list) {
    if (quote) {
      if (char === quote) quote = null;
    } else if (char === '"' || char === "'") quote = char;
    else if (char === '(' || char === '[') depth++;
    else if (char === ')' || char === ']') depth--;
    else if (char === ',' && depth === 0) {
      parts.push(current.trim());
      current = '';
      continue;
    }
    current += char;
  }
  if (current.trim()) parts.push(current.trim());
  return parts;
}

/**
 * One selector as it reads inside a shadow root: the document's root and body (`:root`, `html`, `body`) are the
 * embed's root element there, so the theme's custom properties and body text apply to the embed, not to the page.
 */
export function scopeSelector(selector: string): string {
  return selector.replace(/^(?::root|html|body)(?=$|[\s>+~.:[#])/, `.${EMBED_ROOT_CLASS}`);
}

export function scopeSelectorList(list: string): string {
  return [...new Set(splitSelectors(list).map(scopeSelector))].join(', ');
}

interface RuleList {
  cssRules: CSSRuleList;
}

function scopeRules(list: RuleList): void {
  for (const rule of Array.from(list.cssRules)) {
    if ('selectorText' in rule && typeof (rule as CSSStyleRule).selectorText === 'string') {
      const styleRule = rule as CSSStyleRule;
      const scoped = scopeSelectorList(styleRule.selectorText);
      if (scoped !== styleRule.selectorText) styleRule.selectorText = scoped;
    } else if ('cssRules' in rule && !('name' in rule && rule.type === 7 /* keyframes */)) {
      scopeRules(rule as unknown as RuleList);
    }
  }
}

/** A constructable stylesheet of `css`, scoped for a shadow root. */
export function scopedSheet(css: string): CSSStyleSheet {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(css);
  scopeRules(sheet);
  return sheet;
}

/** The page's hub, made on first use. */
export function installStyleHub(): StyleHub {
  const global = globalThis as unknown as Record<string, StyleHub | undefined>;
  const existing = global[STYLE_HUB_KEY];
  if (existing) return existing;
  const sheets: CSSStyleSheet[] = [];
  const roots = new Set<ShadowRoot>();
  let hostSheet: CSSStyleSheet | null = null;
  let inOrder: Promise<void> = Promise.resolve();
  const hub: StyleHub = {
    add(css) {
      const sheet = scopedSheet(css);
      sheets.push(sheet);
      for (const root of roots) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
    },
    addLink(link) {
      const text = fetch(link.href).then((reply) => {
        if (!reply.ok) throw new Error(`${reply.status} for ${link.href}`);
        return reply.text();
      });
      // Adopted in the order the bundles asked for them, as links in a page would apply, whichever arrives first.
      inOrder = inOrder
        .then(() => text)
        .then(
          (css) => {
            hub.add(css);
            link.dispatchEvent(new Event('load'));
          },
          (error: unknown) => {
            console.error('[paddock-devices] a stylesheet could not be loaded', error);
            link.dispatchEvent(new Event('error'));
          },
        );
    },
    attach(root) {
      hostSheet ??= scopedSheet(HOST_CSS);
      roots.add(root);
      root.adoptedStyleSheets = [hostSheet, ...sheets];
    },
    detach(root) {
      roots.delete(root);
      root.adoptedStyleSheets = [];
    },
    get attached() {
      return roots.size;
    },
  };
  global[STYLE_HUB_KEY] = hub;
  return hub;
}
