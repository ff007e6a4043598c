// The architecture's import boundaries as lint rules, so that they are enforced rather than remembered:
// - the shell and each remote import only their own files and @paddock/shared, never another app's files;
// - the server imports no browser code (no app, no React/jotai, no stateful part of @paddock/shared);
// - a pure part of @paddock/shared (contract, domain, products, federation) imports no stateful one;
// - the server's machinery (http, db, jobs, …) imports no feature: features depend on the machinery;
// - a server feature uses another only through its public entry, server/src/<feature>/index.ts;
// - no import cycles (a barrel followed to the file that defines each name, noImportCycles.mjs).
// eslint.config.mjs applies them to the repository; boundaries.test.ts applies them to the fixtures beside it.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import appList from '../appList.cjs';
import { noImportCyclesPlugin } from './noImportCycles.mjs';

/** The front-end apps (scripts/appList.cjs): each may import only itself and @paddock/shared. */
export const { APPS } = appList;

/** The parts of shared/src that hold no state and run anywhere (the server uses them). */
export const PURE_SHARED = ['contract', 'domain', 'products', 'federation.ts'];
/** The parts of shared/src that hold state or need a browser (the federated core among them: shared/src/federation-core.json). */
export const BROWSER_SHARED = ['api', 'session', 'ui', 'i18n', 'standalone.tsx', 'testing', 'index.ts'];
/** Browser packages: neither the server nor a pure part of shared may import them. */
export const BROWSER_PACKAGES = ['react', 'react-dom', 'react-intl', 'react-router', 'react-router-dom', 'jotai'];

/**
 * server/src: the machinery every feature builds on (a folder or a file, `crypto.ts`); every other folder is a
 * feature (serverFeatures), and the other files beside them (config.ts, context.ts, access.ts, …) use both.
 */
export const SERVER_MACHINERY = ['http', 'db', 'jobs', 'mqtt', 'i18n', 'crypto', 'crypto.ts'];
/** What assembles the app for tests: free to import anything, like the composition root. */
export const SERVER_TESTING = 'testing';
/**
 * The composition root: it builds the app (app.ts) and the process (main.ts) from every feature's routes, jobs and
 * transports, so it may reach inside features. context.ts is not part of it: every route sees its types.
 */
export const SERVER_COMPOSITION_ROOT = ['app.ts', 'main.ts'];
/** Tests and their helpers (`testing.ts`, `fixtures.ts` beside them), which assemble and inspect features: free to reach inside them. */
export const SERVER_TEST_CODE = ['**/*.test.ts', `${SERVER_TESTING}/**`, '**/testing.ts', '**/fixtures.ts'];

/** The server's features under `root`, derived: every folder of server/src that is neither machinery nor testing. */
export const serverFeatures = (root) =>
  readdirSync(path.join(root, 'server/src'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !SERVER_MACHINERY.includes(entry.name) && entry.name !== SERVER_TESTING)
    .map((entry) => entry.name);

/** The files directly in server/src under `root` that neither belong to the machinery nor are tests. */
const serverRootFiles = (root) =>
  readdirSync(path.join(root, 'server/src'), { withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.ts$/.test(entry.name) && !entry.name.endsWith('.test.ts'))
    .map((entry) => entry.name)
    .filter((name) => !SERVER_MACHINERY.includes(name));

const inDir = (dir, names) => names.map((name) => `./${dir}/${name}`);

/** Bans the browser packages (and their sub-paths) by name; type-only imports too. */
function noBrowserPackages(message) {
  return [
    'error',
    {
      paths: BROWSER_PACKAGES.map((name) => ({ name, message })),
      patterns: [{ group: BROWSER_PACKAGES.map((name) => `${name}/*`), message }],
    },
  ];
}

/**
 * @param {{ root: string }} options  the directory that holds shell/, mfe-*, server/ and shared/ (the repository,
 *   or the test's fixture tree)
 * @returns {import('eslint').Linter.Config[]}
 */
export function boundaryConfigs({ root }) {
  // An app the one list does not name would have no boundaries, tests or text checks: lint stops here instead.
  const unlisted = appList.unlistedApps(root);
  if (unlisted.length) {
    throw new Error(`${unlisted.join(', ')}: built as an app (webpack.config.js and src/) but missing from scripts/appList.cjs APPS; add it there.`);
  }
  const zones = [
    ...APPS.map((app) => ({
      target: `./${app}`,
      from: APPS.filter((other) => other !== app).map((other) => `./${other}`),
      message: `${app} may import only its own files and @paddock/shared: move what both apps need to shared/.`,
    })),
    {
      target: './server',
      from: [...APPS.map((app) => `./${app}`), ...inDir('shared/src', BROWSER_SHARED)],
      message: `The server may import only the pure parts of @paddock/shared (${PURE_SHARED.join(', ')}).`,
    },
    {
      target: inDir('shared/src', PURE_SHARED),
      from: [...APPS.map((app) => `./${app}`), './server', ...inDir('shared/src', BROWSER_SHARED)],
      message: 'A pure part of @paddock/shared (the server uses it) must not import a stateful or browser part.',
    },
  ];
  // Tests of the machinery may assemble features, as testing/ does; the machinery's own code may not.
  const features = serverFeatures(root);
  const machineryZone = {
    target: inDir('server/src', SERVER_MACHINERY),
    from: inDir('server/src', features),
    message: 'Server machinery must not import a feature: features depend on the machinery, never the other way round.',
  };
  // A feature's other files are its own to change: other features and the server's root files see its index.ts only.
  const rootFiles = serverRootFiles(root);
  const featureZones = features.map((feature) => ({
    target: inDir('server/src', [...features.filter((other) => other !== feature), ...rootFiles]),
    from: `./server/src/${feature}`,
    except: ['./index.ts'],
    message:
      `Outside ${feature}/, import only its public entry server/src/${feature}/index.ts, and export what you need there; ` +
      `only tests, ${SERVER_TESTING}/ and the composition root (${SERVER_COMPOSITION_ROOT.join(', ')}) reach inside a feature.`,
  }));

  return [
    {
      basePath: root,
      files: ['**/*.{ts,tsx,js,mjs,cjs}'],
      plugins: { 'import-x': importX, paddock: noImportCyclesPlugin({ root }) },
      settings: {
        'import-x/resolver-next': [
          createTypeScriptImportResolver({ project: path.join(root, '*/tsconfig.json'), noWarnOnMultipleProjects: true }),
        ],
        'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs', '.cjs'],
      },
      rules: {
        'import-x/no-restricted-paths': ['error', { basePath: root, zones }],
        // Not import-x/no-cycle: it skips type-only imports, and so misses a cycle of types.
        'paddock/no-import-cycles': 'error',
      },
    },
    {
      basePath: root,
      files: ['server/src/**/*.ts'],
      ignores: ['**/*.test.ts'],
      rules: { 'import-x/no-restricted-paths': ['error', { basePath: root, zones: [...zones, machineryZone] }] },
    },
    {
      basePath: root,
      files: ['server/src/**/*.ts'],
      ignores: [...SERVER_TEST_CODE, ...SERVER_COMPOSITION_ROOT].map((pattern) => `server/src/${pattern}`),
      rules: { 'import-x/no-restricted-paths': ['error', { basePath: root, zones: [...zones, machineryZone, ...featureZones] }] },
    },
    {
      basePath: root,
      files: ['server/**/*.{ts,tsx}'],
      rules: { 'no-restricted-imports': noBrowserPackages('The server must not import browser packages.') },
    },
    {
      basePath: root,
      files: PURE_SHARED.map((part) => (part.includes('.') ? `shared/src/${part}` : `shared/src/${part}/**/*.{ts,tsx}`)),
      rules: { 'no-restricted-imports': noBrowserPackages('A pure part of @paddock/shared must not import a browser package.') },
    },
  ];
}
