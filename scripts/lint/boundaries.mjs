// The architecture's import boundaries as lint rules, so that they are enforced rather than remembered:
// - the shell and each remote import only their own files and @paddock/shared, never another app's files;
// - the server imports no browser code (no app, no React/jotai, no stateful part of @paddock/shared);
// - a pure part of @paddock/shared (contract, domain, products, federation) imports no stateful one;
// - the server's machinery (http, db, jobs, …) imports no feature: features depend on the machinery;
// - no import cycles.
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
 * server/src: the machinery every feature builds on, and the features; a folder or a file (`crypto.ts`). Not listed,
 * so free to import both: the composition root (app.ts, main.ts) and testing/, which assembles the app for tests.
 */
export const SERVER_MACHINERY = ['http', 'db', 'jobs', 'mqtt', 'i18n', 'crypto', 'crypto.ts'];
/** What assembles the app for tests: free to import anything, like the composition root. */
export const SERVER_TESTING = 'testing';

/** The server's features under `root`, derived: every folder of server/src that is neither machinery nor testing. */
export const serverFeatures = (root) =>
  readdirSync(path.join(root, 'server/src'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !SERVER_MACHINERY.includes(entry.name) && entry.name !== SERVER_TESTING)
    .map((entry) => entry.name);

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
  const machineryZone = {
    target: inDir('server/src', SERVER_MACHINERY),
    from: inDir('server/src', serverFeatures(root)),
    message: 'Server machinery must not import a feature: features depend on the machinery, never the other way round.',
  };

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
