// The one webpack config factory every Paddock app uses (docs/architecture/README.md#layout, docs/architecture/README.md#composition-contract, docs/architecture/README.md#module-federation-notes).
//
//   // shell/webpack.config.js
//   module.exports = require('@paddock/webpack').createConfig({ name: 'shell', dir: __dirname, isHost: true, port: 3000,
//     page: { title: 'Paddock', splash: true } });
//   // mfe-account/webpack.config.js: a remote exposes ./App (src/App.tsx) and has a standalone page by default
//   module.exports = require('@paddock/webpack').createConfig({ name: 'account', dir: __dirname });
//
// What it sets up:
// - TypeScript/TSX through swc-loader, CSS through css-loader into .css files of their own (mini-css-extract-plugin,
//   minified; not JS, so the first page's JS stays small and no stylesheet is evaluated as script), `*.svg` as its
//   source text (a string, no React), `*.svg?url` as a file URL.
// - Output to `<app>/dist`, content-hashed file names in production (not remoteEntry.js: see `entryFilename`),
//   `publicPath: 'auto'` for remotes so they can be served from any path and any origin (the shell, served at `/`
//   with deep links, uses '/', or PADDOCK_PUBLIC_PATH for a CDN); `.br` and `.gz` beside every text asset; no source
//   maps unless PADDOCK_SOURCE_MAPS=1 (then as separate .map files). A production build keeps the hashed files of
//   earlier builds and records what it emitted in dist/.builds/ (builds.js, `npm run prune-builds`).
// - Module Federation (`@module-federation/enhanced/webpack`): `shareStrategy: 'loaded-first'`,
//   `experiments.asyncStartup` (no hand-written bootstrap import), `manifest` for remotes (mf-manifest.json),
//   `dts: false`, the federation runtime provided by the shell to the remotes, and singletons with
//   `requiredVersion` for react, react-dom, react-router-dom (as the declarative subset in shims/), jotai (every
//   sub-path but the stateless utilities), react-intl and the federated core of `@paddock/shared` (the modules that
//   hold state, listed in shared/src/federation-core.json; see federatedCore). Everything else of it, the UI kit
//   too, is bundled per app. Texts: every language but en-GB in a chunk of its own (loaders/precompileMessages.js).
//   A remote's mf-manifest.json carries the composition contract it was built with (`metaData.paddock.contract`,
//   FEDERATION_CONTRACT in shared/src/federation.ts); the shell checks it before loading the remote.
// - A guard that fails the build when a singleton can split: a singleton package reaching a bundle without going
//   through federation (a sub-path nobody shared, the theme imported by a relative path), or a react-router-dom
//   import the shared router does not export.
// - Dev server: history API fallback, CORS headers, /api proxied to the API server (PADDOCK_API, default
//   http://localhost:8080); the shell's answers /remotes.json with the remotes' dev servers (ports in DEV_PORTS).
//   A remote's dev build also has a standalone page (src/bootstrap-standalone.tsx) that renders the remote's App alone.
// - Every page (the shell's, a remote's standalone one) from the one template, index.html here; the service worker
//   and other files copied as they are (copy-webpack-plugin), `.br`/`.gz` beside each (compression-webpack-plugin).
'use strict';

const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const zlib = require('node:zlib');
const zopfli = require('@gfx/zopfli');
const CompressionPlugin = require('compression-webpack-plugin');
const CopyPlugin = require('copy-webpack-plugin');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const CssMinimizerPlugin = require('css-minimizer-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');

const { LOCALE_QUERY } = require('./loaders/precompileMessages');
const insertStylesheet = require('./styles/insert');
const { BuildRecordPlugin, keptOnClean } = require('./builds');

const ROOT = path.resolve(__dirname, '..');
const SHARED_DIR = fs.realpathSync(path.join(ROOT, 'shared'));
const SHARED_PACKAGE = require(path.join(SHARED_DIR, 'package.json'));

const RUNTIME_CORE_ESM = require
  .resolve('@module-federation/runtime-core', { paths: [path.dirname(require.resolve('@module-federation/enhanced'))] })
  .replace(/\.cjs$/, '.js');

const ICU_PARSER_WITHOUT_PARSER = require.resolve('@formatjs/icu-messageformat-parser/no-parser.js', {
  paths: [path.dirname(require.resolve('intl-messageformat', { paths: [path.dirname(require.resolve('react-intl'))] }))],
});

/** Dev-server ports (docs/architecture/README.md#running-it: `npm run dev`). */
const DEV_PORTS = { shell: 3000, account: 3001, devices: 3002, billing: 3003, admin: 3004 };
const REMOTE_NAMES = ['account', 'devices', 'billing', 'admin'];

/** The federation container name of an app: `paddock_account` etc. (a global, so prefixed). */
const containerName = (name) => `paddock_${name}`;

/**
 * Packages shared as singletons, each with the sub-paths that are imported anywhere (by our code or by the
 * packages themselves: jotai's entry re-exports `jotai/vanilla` and `jotai/react`, react-router-dom re-exports
 * `react-router` and `react-router/dom`). A sub-path left out would be bundled privately — a second copy.
 * `import` replaces what is shared under the package's name; `bundledDeps` are packages reached only through it;
 * `bundledSubpaths` are sub-paths without state that each app bundles privately.
 */
const ROUTER_SHIM = path.join(__dirname, 'shims', 'react-router-dom.mjs');
const INTL_SHIM = path.join(__dirname, 'shims', 'react-intl.mjs');
/** How shims/react-intl.mjs reaches the package itself: by this name, which is not shared (`react-intl` is the shim). */
const INTL_PACKAGE_ALIAS = '@paddock/react-intl-package';
const SINGLETON_PACKAGES = [
  { pkg: 'react', subpaths: ['react/jsx-runtime', 'react/jsx-dev-runtime'] },
  { pkg: 'react-dom', subpaths: ['react-dom/client'] },
  // Shared as the declarative subset in shims/react-router-dom.mjs; `react-router` itself is reached only through it.
  { pkg: 'react-router-dom', subpaths: [], import: ROUTER_SHIM, bundledDeps: ['react-router'] },
  {
    pkg: 'jotai',
    subpaths: ['jotai/vanilla', 'jotai/react', 'jotai/vanilla/internals'],
    // The utilities hold no state of their own (atomWithStorage and the like make atoms of `jotai/vanilla`, which is
    // shared): each app bundles what it uses of them, tree-shaken, instead of all of them shared (about 3 KB gzip
    // before every page, docs/architecture/README.md#budgets).
    bundledSubpaths: ['jotai/utils', 'jotai/vanilla/utils', 'jotai/react/utils'],
  },
  // Shared as the subset in shims/react-intl.mjs.
  { pkg: 'react-intl', subpaths: [], import: INTL_SHIM },
];

/** The names a shim (shims/*.mjs) exports. */
function shimExports(shim) {
  const text = fs.readFileSync(shim, 'utf8');
  const list = /export\s*\{([^}]*)\}/.exec(text);
  return new Set(list ? list[1].split(',').map((n) => n.trim()).filter(Boolean) : []);
}

function readJson(file) {
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

/** The directory of an installed package (real path), found from `fromDir`. */
function packageRoot(pkg, fromDir) {
  let dir = path.dirname(require.resolve(pkg, { paths: [fromDir] }));
  for (;;) {
    const candidate = path.join(dir, 'package.json');
    if (fs.existsSync(candidate) && readJson(candidate).name === pkg) return fs.realpathSync(dir);
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`@paddock/webpack: cannot find the package root of ${pkg}`);
    dir = parent;
  }
}

/**
 * The federated core of @paddock/shared (docs/architecture/README.md#composition-contract): the modules that hold
 * state — the session store and actions, the API client, toasts and busy count, the price cache, unsaved changes —
 * and the theme stylesheet, which must exist exactly once: federated singletons, provided by the shell. Listed with
 * their exports in shared/src/federation-core.json. A module is shared keyed by its resolved file, so
 * `@paddock/shared/api`'s `export * from './client'`, the UI kit's `../api/feedback` and any other request that
 * resolves to that file all become the one federated module — and it is provided even by an app that does not
 * import it itself, so a remote always finds the shell's copy. Everything else (UI kit, API calls, i18n helpers,
 * domain rules, contract schemas) is pure over that state: each app bundles its own tree-shaken copy of what it
 * uses, so a remote built with newer shared code runs in an older shell (learned: a remote needing new shared UI
 * exports crashed an older shell with React error #130 while the UI kit was shared).
 */
const FEDERATED_CORE = path.join(SHARED_DIR, 'src', 'federation-core.json');

/** `[{ file, shareKey }]`: the core's modules and stylesheets. */
function federatedCore() {
  const { modules, stylesheets = {} } = readJson(FEDERATED_CORE);
  return [
    ...Object.entries(modules).map(([shareKey, { file }]) => ({ shareKey, file: path.join(SHARED_DIR, file) })),
    ...Object.entries(stylesheets).map(([shareKey, file]) => ({ shareKey, file: path.join(SHARED_DIR, file) })),
  ];
}

/** The composition contract this build is made with, `major.minor` (FEDERATION_CONTRACT in shared/src/federation.ts). */
function federationContract() {
  const text = fs.readFileSync(path.join(SHARED_DIR, 'src', 'federation.ts'), 'utf8');
  const match = /export const FEDERATION_CONTRACT = '(\d+\.\d+)'/.exec(text);
  if (!match) throw new Error('@paddock/webpack: FEDERATION_CONTRACT (major.minor) not found in shared/src/federation.ts');
  return match[1];
}

function sharedConfig(appDir, isHost) {
  const appPkg = readJson(path.join(appDir, 'package.json'));
  const deps = { ...appPkg.peerDependencies, ...appPkg.devDependencies, ...appPkg.dependencies };
  const shared = {};
  for (const { pkg, subpaths, import: importPath } of SINGLETON_PACKAGES) {
    const installed = readJson(path.join(packageRoot(pkg, appDir), 'package.json')).version;
    const requiredVersion = deps[pkg] || `^${installed}`;
    for (const request of [pkg, ...subpaths]) {
      shared[request] = { singleton: true, requiredVersion, version: installed };
      if (importPath && request === pkg) shared[request].import = importPath;
    }
  }
  // The core's version is the contract's: a remote built for a newer minor or another major asks for it, and the
  // shell refuses such a remote before it loads (shell/src/federation/contract.ts).
  const version = `${federationContract()}.0`;
  for (const { file, shareKey } of federatedCore()) {
    // A stylesheet is shared by its name only: keyed by its file, the loaders' own inner request for the same
    // file (css-loader!theme.css) would be swapped for the shared module too, and the module would import itself.
    const stylesheet = !/\.(ts|tsx|js|mjs)$/.test(file);
    const key = stylesheet ? shareKey : file;
    shared[key] = {
      shareKey,
      import: file,
      singleton: true,
      version,
      requiredVersion: `^${version}`,
      // The shell's stylesheets go into its first .css file, read before the first paint and ahead of the shell's
      // own rules (which build on the theme's), instead of a second round trip after the shell's JS.
      ...(stylesheet && isHost ? { eager: true } : {}),
    };
  }
  return shared;
}

/** A file of @paddock/shared, but not a module's texts in one language: those stay in their language's chunk (loaders/precompileMessages.js). */
function paddockSharedFile(module) {
  return Boolean(module.resource) && module.resource.startsWith(path.join(SHARED_DIR, 'src') + path.sep) && !module.resource.includes(`?${LOCALE_QUERY}=`);
}

/** A module in the first chunk of an exposed module (what `./App` imports up front, not its lazy pages). */
function importedByExpose(module, { chunkGraph }) {
  for (const chunk of chunkGraph.getModuleChunksIterable(module))
    for (const group of chunk.groupsIterable) if (group.origins.some((origin) => origin.module?.constructor.name === 'ContainerEntryModule')) return true;
  return false;
}

/** The federation's modules that load a shared module's chunk: its provider, and a consumer's fallback. */
const FEDERATION_LOADERS = new Set(['provide-module', 'consume-shared-module']);

/**
 * A module that is in the build only as a shared module or what one imports: every chunk it is in is loaded by the
 * federation, not by the app's own lazy imports.
 */
function loadedOnlyToProvide(module, { chunkGraph }) {
  // Not the federation's own modules (a consumer's stand-in must stay where the federation put it).
  if (!module.resource) return false;
  const chunks = [...chunkGraph.getModuleChunksIterable(module)];
  return (
    chunks.length > 0 &&
    chunks.every((chunk) =>
      [...chunk.groupsIterable].every((group) => group.origins.length > 0 && group.origins.every((origin) => FEDERATION_LOADERS.has(origin.module?.type))),
    )
  );
}

/**
 * Fails the build when a singleton can split:
 * - a module of a singleton package is reached other than through federation: every module in such a package
 *   must be imported by a federation module (consume/provide), by a module of the same package, or (for a
 *   `bundledDeps` package) by the module that stands in for its owner. Anything else is a private copy — a second
 *   React, a second jotai store, a second router context, a second session.
 * - an app imports a name from a package shared as a shim (react-router-dom, react-intl: shims/) that the shim does
 *   not export (a shared module's exports are not checked by webpack, so it would be `undefined` at run time).
 */
class SingletonGuardPlugin {
  /** @param {{ name: string, dir?: string, dirs?: string[], allowedFrom?: string[], hint?: string, bundled?: (resource: string) => boolean }[]} roots */
  constructor(roots) {
    this.roots = roots;
    /** Package name → the names its shim exports. */
    this.shimNames = new Map(SINGLETON_PACKAGES.filter((p) => p.import).map((p) => [p.pkg, shimExports(p.import)]));
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap('PaddockSingletonGuard', (compilation) => {
      compilation.hooks.finishModules.tap('PaddockSingletonGuard', (modules) => {
        const { moduleGraph } = compilation;
        const inside = (resource, dir) => resource === dir || resource.startsWith(dir + path.sep);
        const rootOf = (resource) =>
          resource ? this.roots.find((r) => (r.dirs || [r.dir]).some((dir) => inside(resource, dir))) : undefined;
        const problems = new Set();
        for (const module of modules) {
          const root = rootOf(module.resource);
          if (root && !(root.bundled && root.bundled(module.resource))) {
            for (const connection of moduleGraph.getIncomingConnections(module)) {
              const origin = connection.originModule;
              if (!origin) continue;
              const kind = origin.constructor && origin.constructor.name;
              if (kind === 'ConsumeSharedModule' || kind === 'ProvideSharedModule') continue;
              if (rootOf(origin.resource) === root) continue;
              if (origin.resource && (root.allowedFrom || []).includes(origin.resource)) continue;
              const from = origin.resource ? path.relative(ROOT, origin.resource) : origin.identifier();
              problems.add(
                `${path.relative(ROOT, module.resource)} (package ${root.name}) is bundled privately, imported from ${from}. ` +
                  (root.hint || 'Import it through a shared specifier, or add the sub-path to SINGLETON_PACKAGES in webpack/index.js.'),
              );
            }
          }
          if (!module.resource || inside(module.resource, path.join(ROOT, 'node_modules'))) continue;
          for (const dependency of module.dependencies) {
            const names = this.shimNames.get(dependency.request);
            if (!names) continue;
            const ids = typeof dependency.getIds === 'function' ? dependency.getIds(moduleGraph) : dependency.ids;
            const name = ids && ids[0];
            if (name && name !== 'default' && !names.has(name)) {
              problems.add(
                `${path.relative(ROOT, module.resource)} imports ${name} from ${dependency.request}, which its shared stand-in ` +
                  `(webpack/shims/${dependency.request}.mjs) does not export. Add it there.`,
              );
            }
          }
        }
        for (const problem of problems) {
          const error = new Error(`Paddock singleton guard: ${problem}`);
          error.name = 'PaddockSingletonGuardError';
          compilation.errors.push(error);
        }
      });
    });
  }
}

/** Whether `resource` (a file of `pkg`, installed at `root`) is one of its `bundledSubpaths` (`esm/vanilla/utils.mjs` is `jotai/vanilla/utils`). */
function isBundledSubpath(resource, pkg, root, bundledSubpaths) {
  const file = path.relative(root, resource).split(path.sep).join('/').replace(/^esm\//, '').replace(/\.[cm]?js$/, '');
  return bundledSubpaths.includes(`${pkg}/${file}`);
}

function guardRoots(appDir) {
  const roots = [];
  for (const { pkg, bundledDeps = [], bundledSubpaths = [], import: importPath } of SINGLETON_PACKAGES) {
    const dir = packageRoot(pkg, appDir);
    // A shim reaches its own package (react-intl's) directly.
    roots.push({ name: pkg, dir, allowedFrom: importPath ? [importPath] : [], bundled: (resource) => isBundledSubpath(resource, pkg, dir, bundledSubpaths) });
    for (const dep of bundledDeps) {
      roots.push({
        name: dep,
        dir: packageRoot(dep, path.dirname(require.resolve(pkg, { paths: [appDir] }))),
        allowedFrom: [importPath],
        hint: `Import from ${pkg} (shared as ${path.relative(ROOT, importPath)}), not from ${dep}.`,
      });
    }
  }
  const core = federatedCore();
  roots.push({
    name: `${SHARED_PACKAGE.name} federated core`,
    dirs: core.map(({ file }) => file),
    hint: `Import it as ${core.map(({ shareKey }) => shareKey).filter((key) => key.endsWith('.css')).join(' / ')} (a stylesheet is shared by its name only).`,
  });
  return roots;
}

/**
 * `file.br` and `file.gz` beside every text asset of a production build, so the server can send them
 * pre-compressed (@fastify/static `preCompressed: true`) instead of compressing on every request; each only when
 * smaller than the file. The budgets of docs/architecture/README.md#budgets count transferred bytes.
 */
function precompressPlugins() {
  const shared = { test: /\.(js|css|html|json|svg|txt)$/, threshold: 1024, minRatio: 1 };
  return [
    new CompressionPlugin({
      ...shared,
      filename: '[path][base].br',
      algorithm: 'brotliCompress',
      compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } },
    }),
    // zopfli writes ordinary gzip, a few per cent smaller than zlib's best; every browser reads it.
    new CompressionPlugin({ ...shared, filename: '[path][base].gz', algorithm: zopfli.gzip, compressionOptions: { numiterations: 15 } }),
  ];
}

/**
 * Moves every inline <script> of the built HTML into a file of its own (`inline-<n>[.hash].js`, referenced at the
 * same place), so that the server's Content-Security-Policy can forbid inline scripts. Data blocks (a `type` that
 * is not JavaScript) stay.
 */
class ExternalInlineScriptsPlugin {
  constructor(hashed, publicPath = '/') {
    this.hashed = hashed;
    this.publicPath = publicPath;
  }
  apply(compiler) {
    const { sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('PaddockExternalInlineScripts', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).beforeEmit.tap('PaddockExternalInlineScripts', (data) => {
        let count = 0;
        data.html = data.html.replace(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi, (tag, attributes, code) => {
          if (/\bsrc\s*=/i.test(attributes) || !code.trim()) return tag;
          const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes);
          if (type && !/^(text\/javascript|application\/javascript|module)$/i.test(type[1])) return tag;
          const hash = this.hashed ? `.${crypto.createHash('sha256').update(code).digest('hex').slice(0, 10)}` : '';
          const file = `inline-${count++}${hash}.js`;
          compilation.emitAsset(file, new sources.RawSource(code));
          return `<script${attributes} src="${this.publicPath}${file}"></script>`;
        });
        return data;
      });
    });
  }
}

const PAGE_TEMPLATE = path.join(__dirname, 'index.html');

/**
 * An app's index.html from the one template: its title, its own lines for the head (the shell's icons and manifest), and
 * the start-up splash if the app hides it (the shell).
 */
function pageHtml({ title, splash = false, head = [] }) {
  const html = fs
    .readFileSync(PAGE_TEMPLATE, 'utf8')
    .replace('{{title}}', title)
    .replace('</head>', `${head.map((line) => `    ${line}\n`).join('')}  </head>`);
  return html.replace(/\n *<!-- splash -->([\s\S]*?)\n *<!-- \/splash -->/g, splash ? '$1' : '');
}

/** Rebuilds when a file the build reads by hand changes (the HTML template). */
class WatchFilePlugin {
  constructor(file) {
    this.file = file;
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap('PaddockWatchFile', (compilation) => compilation.fileDependencies.add(this.file));
  }
}

/**
 * The app's service worker (`options.serviceWorker`, the shell's /sw.js; docs/architecture/installable-app.md): bundled
 * by a webpack compiler of its own, because a worker script must carry neither the chunk loading nor the federation
 * runtime and a child compilation would inherit the federation plugins; emitted into the app's build under its fixed
 * name, so it is cleaned, compressed and served (dev server too) like the rest.
 */
class ServiceWorkerPlugin {
  constructor({ entry, filename, mode, context }) {
    Object.assign(this, { entry, filename, mode, context });
  }

  apply(compiler) {
    const { webpack } = compiler;
    compiler.hooks.thisCompilation.tap('PaddockServiceWorker', (compilation) => {
      compilation.hooks.processAssets.tapPromise(
        { name: 'PaddockServiceWorker', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        async () => {
          const outDir = fs.mkdtempSync(path.join(require('node:os').tmpdir(), 'paddock-sw-'));
          try {
            const worker = webpack({
              name: 'service-worker',
              mode: this.mode,
              context: this.context,
              entry: this.entry,
              target: 'webworker',
              devtool: false,
              output: { path: outDir, filename: this.filename },
              optimization: { splitChunks: false, runtimeChunk: false },
              performance: { hints: false },
            });
            const stats = await new Promise((resolve, reject) =>
              worker.run((error, result) => worker.close(() => (error ? reject(error) : resolve(result)))),
            );
            compilation.fileDependencies.addAll(stats.compilation.fileDependencies);
            if (stats.hasErrors()) {
              compilation.errors.push(...stats.compilation.errors);
              return;
            }
            compilation.emitAsset(this.filename, new webpack.sources.RawSource(fs.readFileSync(path.join(outDir, this.filename))));
          } finally {
            fs.rmSync(outDir, { recursive: true, force: true });
          }
        },
      );
    });
  }
}

/** The manifest's `metaData.paddock.contract`: the composition contract a remote is built with. */
function withContract({ stats }) {
  stats.metaData = { ...stats.metaData, paddock: { contract: federationContract() } };
  return stats;
}

/**
 * The shell's public path from PADDOCK_PUBLIC_PATH: '/' when unset; else an absolute path or an http(s) URL, ending
 * in '/' (`https://cdn.example.com/paddock/`). The server's CSP must allow its origin (ASSET_ORIGIN).
 */
function shellPublicPath(value) {
  const text = (value || '').trim();
  if (!text) return '/';
  const withSlash = text.endsWith('/') ? text : `${text}/`;
  if (withSlash.startsWith('/') && !withSlash.startsWith('//')) return withSlash;
  let url = null;
  try {
    url = new URL(withSlash);
  } catch {
    // refused below
  }
  if (!url || !['http:', 'https:'].includes(url.protocol) || url.search || url.hash) {
    throw new Error(`PADDOCK_PUBLIC_PATH must be a path (/static/) or an http(s) URL (https://cdn.example.com/paddock/), got "${text}"`);
  }
  return url.href;
}

/** remotes.json for the shell's dev server: each remote's dev server, on the host the page was opened with. */
function devRemotesJson(hostname) {
  return Object.fromEntries(REMOTE_NAMES.map((r) => [r, `http://${hostname}:${DEV_PORTS[r]}/mf-manifest.json`]));
}

/**
 * @param {object} options
 * @param {string} options.name    'shell' | 'account' | 'devices' | 'billing' | 'admin'
 * @param {string} options.dir     the app's directory (__dirname of its webpack.config.js)
 * @param {Record<string,string>} [options.exposes]  for remotes; default { './App': './src/App.tsx' } (the composition contract)
 * @param {boolean} [options.isHost]  the shell
 * @param {number} [options.port]  dev-server port (defaults per DESIGN)
 * @param {string} [options.entry] the app's (shell) or standalone (remote) entry, relative to dir
 * @param {{ title: string, splash?: boolean, head?: string[] }} [options.page]  the shell's page, or a remote's standalone page (development):
 *   its title (a remote's defaults to 'Paddock · <name> (standalone, development)'), and whether it has the start-up
 *   splash (an app that hides it: the shell)
 * @param {Record<string,string>} [options.staticFiles] files emitted unchanged: output name → path relative to dir
 * @param {{ entry: string, filename: string }} [options.serviceWorker] a service worker bundled on its own (ServiceWorkerPlugin)
 */
function createConfig(options) {
  const { name, dir, isHost = false } = options;
  if (!name || !dir || (isHost && !options.page)) throw new Error('@paddock/webpack: createConfig needs { name, dir } (and page for the host)');
  const exposes = options.exposes || (isHost ? {} : { './App': './src/App.tsx' });
  const page = options.page || { title: `Paddock · ${name} (standalone, development)` };
  const port = options.port || DEV_PORTS[name];
  const entry = options.entry || (isHost ? './src/index.tsx' : './src/bootstrap-standalone.tsx');

  return (env, argv = {}) => {
    const mode = argv.mode || process.env.NODE_ENV || 'production';
    const isDev = mode === 'development';
    const serving = Boolean(process.env.WEBPACK_SERVE) || isDev;
    // A remote's standalone page exists in development only; its production build is the container alone.
    const withPage = isHost || serving;
    const apiTarget = process.env.PADDOCK_API || 'http://localhost:8080';
    // Where the browser fetches the shell's files: '/' (this origin), or a CDN (PADDOCK_PUBLIC_PATH, production
    // builds; docs/architecture/decisions/0024-remote-redeploys.md). Never 'auto' for the shell: a deep link such as
    // /devices/42 would look for its chunks under /devices/. Remotes stay 'auto': served from any path and origin.
    const publicPath = isHost ? shellPublicPath(isDev ? '' : process.env.PADDOCK_PUBLIC_PATH) : 'auto';
    const sourceMaps = isDev ? 'cheap-module-source-map' : process.env.PADDOCK_SOURCE_MAPS ? 'source-map' : false;
    const hash = isDev ? '' : '.[contenthash:10]';
    // webpack 5.111 renders the federation runtime module while chunk hashes are being computed, before a
    // chunk has a content hash, and `[contenthash]` in a runtime chunk's file name then fails the build
    // (module-federation/core#5077, webpack/webpack#22199). The runtime module only needs the file's folder, so
    // a runtime chunk is named without the hash until its hash exists. The container file (remoteEntry.js) stays
    // unhashed for the same reason; the manifest points at it and is served with no-cache.
    const entryFilename = isDev
      ? '[name].js'
      : (pathData) => (pathData.chunk && pathData.chunk.contentHash && pathData.chunk.contentHash.javascript ? `[name]${hash}.js` : '[name].js');

    const swcOptions = {
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        transform: { react: { runtime: 'automatic', development: isDev } },
        target: 'es2020',
      },
      sourceMaps: Boolean(sourceMaps),
    };

    /** @type {import('webpack').Configuration} */
    const config = {
      name,
      mode,
      context: dir,
      entry: withPage ? { main: entry } : {},
      devtool: sourceMaps,
      output: {
        path: path.join(dir, 'dist'),
        filename: entryFilename,
        chunkFilename: `[name]${hash}.js`,
        assetModuleFilename: `assets/[name]${hash}[ext]`,
        publicPath,
        uniqueName: containerName(name),
        // A production build keeps the hashed files of earlier builds: a page opened before a redeploy still loads
        // its lazy chunks (docs/architecture/decisions/0024-remote-redeploys.md; `npm run prune-builds` removes them).
        clean: isDev ? true : { keep: keptOnClean },
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
        alias: {
          // provideExternalRuntime adds a runtime plugin by its CommonJS path, which pulls in the CommonJS build of
          // runtime-core next to the ES build the rest of the runtime uses: two copies (+20 KB gzip), and the
          // remotes would get the other one. Point it at the ES build.
          '@module-federation/runtime-tools/runtime-core$': RUNTIME_CORE_ESM,
          // Every text reaches react-intl compiled already (loaders/precompileMessages.js), so the ICU parser stays out.
          '@formatjs/icu-messageformat-parser$': ICU_PARSER_WITHOUT_PARSER,
          // react-intl itself, for shims/react-intl.mjs (which is shared as `react-intl`).
          [`${INTL_PACKAGE_ALIAS}$`]: require.resolve('react-intl'),
        },
      },
      module: {
        rules: [
          {
            test: /\.[cm]?[jt]sx?$/,
            exclude: /node_modules/,
            // Loaders run last to first: the texts are compiled to ICU ASTs before swc (loaders/precompileMessages.js).
            use: [{ loader: require.resolve('swc-loader'), options: swcOptions }, { loader: require.resolve('./loaders/precompileMessages') }],
          },
          {
            test: /\.css$/,
            // A .css file per chunk, loaded beside the chunk's JS (<link> into document.head, or, on a partner's
            // page with the embed, into the embed's shadow roots only: styles/insert.js, docs/product/embedding.md).
            use: [MiniCssExtractPlugin.loader, require.resolve('css-loader')],
          },
          {
            test: /\.svg$/,
            oneOf: [
              { resourceQuery: /url/, type: 'asset/resource' },
              { type: 'asset/source' },
            ],
          },
          {
            test: /\.(png|jpe?g|gif|webp|ico|woff2?)$/,
            type: 'asset/resource',
          },
        ],
      },
      plugins: [
        new ModuleFederationPlugin({
          name: containerName(name),
          filename: isHost ? undefined : 'remoteEntry.js',
          exposes: isHost ? undefined : exposes,
          remotes: {},
          shared: sharedConfig(dir, isHost),
          shareStrategy: 'loaded-first',
          // The contract the remote is built with, read by the shell before it loads the remote.
          manifest: isHost ? false : { fileName: 'mf-manifest.json', additionalData: withContract },
          dts: false,
          experiments: {
            asyncStartup: true,
            // Browser only: the runtime's Node.js loading code is left out.
            optimization: { target: 'web' },
            // The shell provides the federation runtime (runtime-core) to the remotes, so each remote's
            // remoteEntry.js is a few KB gzip instead of 20. A remote's development build keeps its own copy so
            // that its standalone page works without the shell.
            ...(isHost ? { provideExternalRuntime: true } : isDev ? {} : { externalRuntime: true }),
          },
        }),
        new MiniCssExtractPlugin({ filename: `[name]${hash}.css`, chunkFilename: `[name]${hash}.css`, insert: insertStylesheet }),
        new SingletonGuardPlugin(guardRoots(dir)),
        ...(withPage ? [new WatchFilePlugin(PAGE_TEMPLATE)] : []),
        // Files emitted as they are, under fixed names: a service worker must keep its URL and must not carry the
        // webpack or federation runtime.
        ...(options.staticFiles
          ? [new CopyPlugin({ patterns: Object.entries(options.staticFiles).map(([to, from]) => ({ from, to, toType: 'file' })) })]
          : []),
        ...(options.serviceWorker ? [new ServiceWorkerPlugin({ ...options.serviceWorker, mode, context: dir })] : []),
        ...(isDev ? [] : precompressPlugins()),
        ...(isDev ? [] : [new BuildRecordPlugin(isHost ? { publicPath } : {})]),
        ...(withPage
          ? [
              // The template is read as text, not compiled: a child compilation would inherit the federation
              // plugins and emit a second (node-format) copy of every provided shared module.
              new HtmlWebpackPlugin({
                templateContent: () => pageHtml(page),
                publicPath,
                scriptLoading: 'defer',
                minify: isDev ? false : { collapseWhitespace: true, removeComments: true, minifyCSS: true },
              }),
              new ExternalInlineScriptsPlugin(!isDev, publicPath),
            ]
          : []),
      ],
      optimization: {
        // No runtimeChunk: a federation container must carry its own runtime.
        moduleIds: isDev ? 'named' : 'deterministic',
        splitChunks: {
          cacheGroups: {
            // The shell's provided singletons (React, the router, react-intl, jotai, the federated core and what
            // they import) in one file: every page loads all of them before its first paint, and one file
            // compresses better than twenty (gzip starts each file afresh): about 8 KB gzip less before /sign-in
            // (docs/architecture/README.md#js-before-the-first-page). A remote keeps them apart: it loads its
            // copies only when the shell lacks them, one by one. Production builds only: the dev server keeps
            // webpack's own chunks.
            providedAtStartup: isHost && !isDev ? { test: loadedOnlyToProvide, chunks: 'async', name: 'provided', enforce: true, priority: 30 } : false,
            // A remote's @paddock/shared files that its exposed modules import up front, in one file: they load
            // together with ./App (or ./embed) anyway, and one file compresses better than six (docs/architecture/README.md#js-before-the-first-page).
            exposedShared: isHost
              ? false
              : { test: (module, context) => paddockSharedFile(module) && importedByExpose(module, context), chunks: 'async', name: 'shared', enforce: true, priority: 25 },
            // @paddock/shared's files, grouped by the set of federated entries that use them (webpack's unnamed
            // split chunks). Without this, every entry's fallback chunk carries its own copy of the files it
            // imports from the other parts (one module instance, but the bytes downloaded several times); named
            // per folder, /session would drag in every domain rule.
            paddockShared: {
              test: paddockSharedFile,
              chunks: 'async',
              minSize: 0,
              enforce: true,
              priority: 20,
              reuseExistingChunk: true,
            },
          },
        },
        chunkIds: isDev ? 'named' : 'deterministic',
        minimizer: ['...', new CssMinimizerPlugin()],
      },
      performance: { hints: false }, // budgets are measured by `npm run bench` (docs/architecture/README.md#budgets)
      stats: isDev ? 'minimal' : 'normal',
      devServer: {
        port,
        host: process.env.PADDOCK_DEV_HOST || 'localhost',
        allowedHosts: 'all',
        hot: false, // federated containers do not hot-swap reliably; a change reloads the page
        liveReload: true,
        historyApiFallback: { index: '/index.html', disableDotRule: true },
        headers: {
          'Access-Control-Allow-Origin': '*',
          'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS',
          'Access-Control-Allow-Headers': '*',
        },
        client: { overlay: { errors: true, warnings: false, runtimeErrors: false } },
        proxy: [{ context: ['/api'], target: apiTarget, changeOrigin: false, ws: false }],
        setupMiddlewares: isHost
          ? (middlewares) => {
              // The shell's dev server answers /remotes.json with the remotes' dev servers.
              middlewares.unshift({
                name: 'paddock-dev-remotes-json',
                path: '/remotes.json',
                middleware: (req, res) => {
                  const hostname = (req.headers.host || 'localhost').replace(/:\d+$/, '');
                  res.setHeader('Content-Type', 'application/json');
                  res.setHeader('Cache-Control', 'no-store');
                  res.end(JSON.stringify(devRemotesJson(hostname)));
                },
              });
              return middlewares;
            }
          : undefined,
      },
    };
    return config;
  };
}

module.exports = {
  createConfig,
  containerName,
  DEV_PORTS,
  REMOTE_NAMES,
  devRemotesJson,
  shellPublicPath,
  sharedConfig,
  SINGLETON_PACKAGES,
  federatedCore,
  federationContract,
  SingletonGuardPlugin,
  guardRoots,
};
