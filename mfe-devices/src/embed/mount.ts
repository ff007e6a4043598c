// The devices remote's `./embed` (docs/product/embedding.md, docs/architecture/README.md#composition-contract):
// `mount(element, { apiBase, token, locale, variant })` renders the device dashboard into a shadow root of `element`
// and resolves to `unmount()`. Used by the classic loader /remotes/devices/embed.js (loader.ts) and by any
// federation host. The session store, API base and locale are the page's (the stateful parts of @paddock/shared are
// singletons), so embeds on one page share them; the last mount's locale and API base win.
import type { ComponentType } from 'react';
import type { Root } from 'react-dom/client';
import { isBrandVariant, isLocale, type BrandVariant } from '@paddock/shared/domain';
import type { SignInReply } from '@paddock/shared/contract';
import type { RemoteAppProps } from '@paddock/shared/federation';
import { installStyleHub } from './styleHub';
import { staysInEmbed, paddockUrl } from './paths';

export interface EmbedOptions {
  /** The API's address, e.g. `https://paddock.example.com/api`; this page's origin must be in PARTNER_ORIGINS. */
  apiBase: string;
  /** A session token of the user (from POST /api/sign-in); without one, Paddock's sign-in shows in the element. */
  token?: string | null;
  /** en-GB, de-DE, fr-FR or sv-SE; else the user's or the browser's language. */
  locale?: string | null;
  /** `default` or `partner` (colours and icons). */
  variant?: string | null;
}

/** What the loader adds: where Paddock is, and how to load the sign-in (the account remote). */
export interface EmbedHost {
  appBase?: string;
  loadAccount?: () => Promise<{ default: ComponentType<RemoteAppProps> }>;
}

export type Unmount = () => void;

/** The options as the embed uses them; throws naming the option that is wrong. */
export function readOptions(options: EmbedOptions): { apiBase: string; token: string | null; locale: string | null; variant: BrandVariant } {
  if (!options || typeof options.apiBase !== 'string' || !/^https?:\/\/|^\//.test(options.apiBase.trim())) {
    throw new TypeError('PaddockDevices.mount: apiBase must be the API address, e.g. https://paddock.example.com/api');
  }
  const token = typeof options.token === 'string' && options.token.trim() ? options.token.trim() : null;
  const locale = isLocale(options.locale ?? '') ? (options.locale as string) : null;
  const variant = isBrandVariant(options.variant) ? options.variant : 'default';
  return { apiBase: options.apiBase.trim().replace(/\/+$/, ''), token, locale, variant };
}

/** Embeds now mounted on this page; the session is forgotten when the last one goes. */
let mounted = 0;
/** One session look-up per token, shared by the embeds that mount with it. */
let sessionLookup: { token: string; reply: Promise<SignInReply | null> } | null = null;

export async function mount(element: Element, options: EmbedOptions, host: EmbedHost = {}): Promise<Unmount> {
  if (!(element instanceof HTMLElement)) throw new TypeError('PaddockDevices.mount: element must be an HTML element');
  const settings = readOptions(options);
  const hub = installStyleHub(); // before the dashboard's CSS is evaluated, so none of it reaches the page
  const [{ createElement }, { createRoot }, session, api, { EmbedRoot }] = await Promise.all([
    import('react'),
    import('react-dom/client'),
    import('@paddock/shared/session'),
    import('@paddock/shared/api'),
    import('./EmbedRoot'),
  ]);
  const { paddockStore: store, tokenAtom, localeAtom, signIn, clearSession } = session;
  // The partner's token stays in this page's memory: never in its storage, never past it (docs/product/embedding.md).
  session.keepSessionInMemory();

  api.configureApi({ apiBase: settings.apiBase, testApiBase: settings.apiBase });
  if (settings.locale) store.set(localeAtom, settings.locale as never);
  if (settings.token) {
    if (sessionLookup?.token !== settings.token) {
      // Sent with the partner's token; GET /api/session names its user without replacing the token.
      store.set(tokenAtom, { String: settings.token, ExpiresAt: new Date(Date.now() + 60_000).toISOString() });
      sessionLookup = {
        token: settings.token,
        reply: api.api.get<SignInReply>('session', { silent: true, background: true }).catch(() => null),
      };
    }
    const reply = await sessionLookup.reply;
    if (reply) {
      signIn(reply);
      if (settings.locale) store.set(localeAtom, settings.locale as never);
    } else clearSession(store);
  }

  const shadow = element.shadowRoot ?? element.attachShadow({ mode: 'open' });
  shadow.replaceChildren();
  hub.attach(shadow);
  const container = document.createElement('div');
  shadow.appendChild(container);
  const appBase = host.appBase ?? new URL('/', settings.apiBase.startsWith('/') ? location.href : settings.apiBase).href;
  const onClick = (event: Event) => leaveByLink(event as MouseEvent, appBase);
  shadow.addEventListener('click', onClick, true);
  const root: Root = createRoot(container);
  root.render(createElement(EmbedRoot, { appBase, variant: settings.variant, loadAccount: host.loadAccount }));
  mounted++;

  let done = false;
  return () => {
    if (done) return;
    done = true;
    root.unmount();
    shadow.removeEventListener('click', onClick, true);
    shadow.replaceChildren();
    hub.detach(shadow);
    mounted--;
    if (mounted === 0) {
      // Nothing of the user's session stays on the partner's page (its storage included).
      sessionLookup = null;
      clearSession(store);
      for (const key of Object.values(session.STORAGE_KEYS)) removeStored(key);
    }
  };
}

function removeStored(key: string): void {
  try {
    localStorage.removeItem(key);
    sessionStorage.removeItem(key);
  } catch {
    // storage unavailable: nothing was kept
  }
}

/**
 * A link to a Paddock page the embed does not show (billing, account, admin) opens Paddock in a new tab instead of
 * navigating the memory router to a page that is not here.
 */
export function leaveByLink(event: MouseEvent, appBase: string): void {
  if (event.defaultPrevented || event.button !== 0) return;
  const anchor = event.composedPath().find((node): node is HTMLAnchorElement => node instanceof HTMLAnchorElement);
  if (!anchor || anchor.target) return;
  const href = anchor.getAttribute('href');
  if (!href || !href.startsWith('/') || href.startsWith('//')) return;
  const pathname = href.split(/[?#]/)[0];
  if (staysInEmbed(pathname)) return;
  event.preventDefault();
  event.stopPropagation();
  window.open(paddockUrl(appBase, href), '_blank', 'noopener');
}
