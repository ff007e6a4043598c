// /remotes/devices/embed.js (docs/product/embedding.md): a classic script for any page, React or not. It carries the
// Module Federation runtime (no shell on the page), registers the devices and account remotes beside itself, and
// defines `window.PaddockDevices.mount(element, options) → Promise<unmount>` and the `<paddock-devices>` element.
import { loadRemote, registerPlugins, registerRemotes, type ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import type { RemoteAppProps } from '@paddock/shared/federation';
import type { EmbedOptions, Unmount } from './mount';
import { installStyleHub } from './styleHub';

declare const __webpack_public_path__: string;

type EmbedModule = typeof import('./mount');

/** The folder embed.js was loaded from (…/remotes/devices/), from webpack's `publicPath: 'auto'`. */
const scriptBase = new URL(__webpack_public_path__, document.baseURI).href;
/** Paddock itself: the remotes are served at /remotes/<name>/ of its origin. */
const appBase = new URL('../../', scriptBase).href;

let embedModule: Promise<EmbedModule> | null = null;

/**
 * The runtime preloads a remote's stylesheets into document.head as it loads the remote (from its manifest). On a
 * partner's page that would put Paddock's rules into the page: here each chunk's CSS comes only through the chunk's
 * own loading, which hands it to the style hub (styleHub.ts, webpack/styles/insert.js).
 */
const keepStylesOffThePage: ModuleFederationRuntimePlugin = {
  name: 'paddock-embed-styles',
  async beforePreloadRemote(args) {
    for (const op of args.preloadOps) {
      const filter = op.filter;
      op.filter = (url: string) => !isStylesheet(url) && (!filter || filter(url));
    }
  },
};

const isStylesheet = (url: string) => /\.css(?:[?#]|$)/.test(url);

function loadEmbed(): Promise<EmbedModule> {
  if (!embedModule) {
    installStyleHub(); // before any of the remotes' CSS is loaded
    registerPlugins([keepStylesOffThePage]);
    registerRemotes([
      { name: 'paddock_devices', alias: 'devices', entry: new URL('mf-manifest.json', scriptBase).href },
      { name: 'paddock_account', alias: 'account', entry: new URL('../account/mf-manifest.json', scriptBase).href },
    ]);
    embedModule = loadRemote<EmbedModule>('devices/embed').then((module) => {
      if (!module || typeof module.mount !== 'function') throw new Error('PaddockDevices: the devices remote has no ./embed');
      return module;
    });
    embedModule.catch(() => (embedModule = null)); // a later mount tries again
  }
  return embedModule;
}

const loadAccount = () => loadRemote<{ default: ComponentType<RemoteAppProps> }>('account/App').then((module) => module!);

export async function mount(element: Element, options: EmbedOptions): Promise<Unmount> {
  const module = await loadEmbed();
  return module.mount(element, options, { appBase, loadAccount });
}

const ATTRIBUTES = ['api-base', 'token', 'locale', 'variant'] as const;

/** `<paddock-devices api-base token locale variant>`: mounted while in the document, mounted again when an attribute changes. */
class PaddockDevicesElement extends HTMLElement {
  static observedAttributes = [...ATTRIBUTES];
  private unmount: Promise<Unmount | null> | null = null;

  connectedCallback() {
    this.start();
  }

  disconnectedCallback() {
    this.stop();
  }

  attributeChangedCallback() {
    if (!this.isConnected || !this.unmount) return;
    this.stop();
    this.start();
  }

  private start() {
    const options: EmbedOptions = {
      apiBase: this.getAttribute('api-base') ?? '',
      token: this.getAttribute('token'),
      locale: this.getAttribute('locale'),
      variant: this.getAttribute('variant'),
    };
    this.unmount = mount(this, options).catch((error: unknown) => {
      console.error('[paddock-devices]', error);
      return null;
    });
  }

  private stop() {
    const pending = this.unmount;
    this.unmount = null;
    void pending?.then((unmount) => unmount?.());
  }
}

declare global {
  interface Window {
    PaddockDevices?: { mount: typeof mount };
  }
}

window.PaddockDevices = { mount };
if (!customElements.get('paddock-devices')) customElements.define('paddock-devices', PaddockDevicesElement);
