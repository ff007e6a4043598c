// The webpack factory's federated surface and its guard (webpack/index.js, docs/architecture/README.md#composition-contract),
// on a tiny remote (tests/fixtures/federation/guard-app): the UI kit is bundled, the federated core is shared, the
// manifest carries the contract, and a singleton reached around federation fails the build.
import { mkdtempSync, readFileSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';

/* eslint-disable @typescript-eslint/no-require-imports -- webpack/index.js and webpack are CommonJS without types here */
const factory = require('../webpack') as {
  createConfig: (options: object) => (env: object, argv: object) => Record<string, any>;
  federatedCore: () => { file: string; shareKey: string }[];
  federationContract: () => string;
};
const webpack = require('webpack') as (config: object) => {
  run: (callback: (error: Error | null, stats: { compilation: { errors: Error[] } }) => void) => void;
  close: (callback: () => void) => void;
};
/* eslint-enable @typescript-eslint/no-require-imports */

const APP = join(__dirname, '..', 'tests', 'fixtures', 'federation', 'guard-app');
const outs: string[] = [];

/** Builds the fixture remote exposing `exposes` (production, not minified); its errors and its output folder. */
async function build(exposes: Record<string, string>) {
  const out = mkdtempSync(join(tmpdir(), 'paddock-guard-'));
  outs.push(out);
  const config = factory.createConfig({ name: 'guardfixture', dir: APP, exposes })({}, { mode: 'production' });
  config.output.path = out;
  config.plugins = config.plugins.filter((plugin: object) => plugin.constructor.name !== 'CompressionPlugin');
  config.optimization.minimize = false;
  config.stats = 'none';
  const compiler = webpack(config);
  const stats = await new Promise<{ compilation: { errors: Error[] } }>((resolve, reject) =>
    compiler.run((error, result) => compiler.close(() => (error ? reject(error) : resolve(result)))),
  );
  return { errors: stats.compilation.errors, out };
}

let fine: Awaited<ReturnType<typeof build>>;
let wrong: Awaited<ReturnType<typeof build>>;

beforeAll(async () => {
  fine = await build({ './Fine': './src/Fine.tsx' });
  wrong = await build({
    './PrivateRouter': './src/PrivateRouter.tsx',
    './RelativeTheme': './src/RelativeTheme.tsx',
    './MissingShimNames': './src/MissingShimNames.tsx',
  });
}, 180_000);

afterAll(() => outs.forEach((out) => rmSync(out, { recursive: true, force: true })));

test('a singleton reached around federation fails the build, named with where it came from', () => {
  const messages = wrong.errors.filter((error) => error.name === 'PaddockSingletonGuardError').map((error) => error.message);
  expect(messages.some((m) => m.includes('(package react-router)') && m.includes('src/PrivateRouter.tsx'))).toBe(true);
  expect(messages.some((m) => m.includes('shared/src/ui/theme.css') && m.includes('src/RelativeTheme.tsx') && m.includes('@paddock/shared/ui/theme.css'))).toBe(true);
});

test('a name a shared stand-in does not export fails the build (react-intl, react-router-dom)', () => {
  const messages = wrong.errors.filter((error) => error.name === 'PaddockSingletonGuardError').map((error) => error.message);
  expect(messages.some((m) => m.includes('src/MissingShimNames.tsx imports FormattedDate from react-intl') && m.includes('webpack/shims/react-intl.mjs'))).toBe(true);
  expect(messages.some((m) => m.includes('src/MissingShimNames.tsx imports useFetcher from react-router-dom'))).toBe(true);
});

test('the UI kit and the federated core used the way remotes use them build without a complaint', () => {
  expect(fine.errors.map((error) => error.message)).toEqual([]);
});

test('the manifest shares the federated core, not the UI kit, and carries the contract', () => {
  const manifest = JSON.parse(readFileSync(join(fine.out, 'mf-manifest.json'), 'utf8')) as {
    metaData: { paddock?: { contract?: string } };
    shared: { name: string; version: string; singleton?: boolean }[];
  };
  expect(manifest.metaData.paddock).toEqual({ contract: factory.federationContract() });
  const shared = manifest.shared.map((entry) => entry.name);
  for (const { shareKey } of factory.federatedCore()) expect(shared).toContain(shareKey);
  expect(shared).toEqual(expect.arrayContaining(['react', 'react/jsx-runtime', 'jotai', 'jotai/vanilla', 'jotai/react', 'react-intl', 'react-router-dom']));
  // jotai's utilities are bundled, tree-shaken: no state of their own.
  expect(shared.filter((name) => name.startsWith('jotai/') && name.endsWith('utils'))).toEqual([]);
  expect(shared.filter((name) => name.startsWith('@paddock/shared/') && !factory.federatedCore().some((core) => core.shareKey === name))).toEqual([]);
  for (const entry of manifest.shared.filter((e) => e.name.startsWith('@paddock/shared/'))) {
    expect(entry.version).toBe(`${factory.federationContract()}.0`);
  }
});
