// Each boundary rule of scripts/lint/boundaries.mjs fires on the fixture tree beside this file (a miniature of the
// repository: shell/, mfe-account/, server/, shared/), and stays quiet on the imports the architecture allows.
import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { unlistedApps } from '../appList.cjs';
import { boundaryConfigs } from './boundaries.mjs';

const FIXTURES = path.join(__dirname, 'fixtures');

async function lint(file: string): Promise<{ ruleId: string | null; line: number; message: string }[]> {
  const eslint = new ESLint({
    cwd: FIXTURES,
    overrideConfigFile: true,
    overrideConfig: [{ files: ['**/*.ts'], languageOptions: { parser: tseslint.parser } }, ...boundaryConfigs({ root: FIXTURES })],
  });
  const [result] = await eslint.lintFiles([path.join(FIXTURES, file)]);
  return result.messages.map(({ ruleId, line, message }) => ({ ruleId, line, message }));
}

const WHY = {
  app: 'shell may import only its own files and @paddock/shared: move what both apps need to shared/.',
  server: 'The server may import only the pure parts of @paddock/shared (contract, domain, products, federation.ts).',
  serverPackage: 'The server must not import browser packages.',
  pure: 'A pure part of @paddock/shared (the server uses it) must not import a stateful or browser part.',
  purePackage: 'A pure part of @paddock/shared must not import a browser package.',
  machinery: 'Server machinery must not import a feature: features depend on the machinery, never the other way round.',
  entry: (feature: string) =>
    `Outside ${feature}/, import only its public entry server/src/${feature}/index.ts, and export what you need there; ` +
    'only tests, testing/ and the composition root (app.ts, main.ts) reach inside a feature.',
};

const restrictedPath = (line: number, importPath: string, why: string) => ({
  ruleId: 'import-x/no-restricted-paths',
  line,
  message: `Unexpected path "${importPath}" imported in restricted zone. ${why}`,
});
const restrictedPackage = (line: number, name: string, why: string, { byPattern = false } = {}) => ({
  ruleId: 'no-restricted-imports',
  line,
  message: `'${name}' import is restricted from being used${byPattern ? ' by a pattern' : ''}. ${why}`,
});
const cycle = (...files: string[]) => ({ ruleId: 'paddock/no-import-cycles', line: 1, message: `Import cycle: ${files.join(' → ')}` });

test('an app importing another app’s files', async () => {
  expect(await lint('shell/src/importsRemote.ts')).toEqual([restrictedPath(1, '../../mfe-account/src/accountName', WHY.app)]);
});

test('the server importing browser packages, a stateful part of shared or an app', async () => {
  expect(await lint('server/src/devices/importsBrowser.ts')).toEqual([
    restrictedPackage(1, 'react', WHY.serverPackage),
    restrictedPackage(2, 'react-intl/src/create-intl', WHY.serverPackage, { byPattern: true }),
    restrictedPath(3, '../../../shared/src/session', WHY.server),
    restrictedPath(4, '../../../mfe-account/src/accountName', WHY.server),
  ]);
});

test('a pure part of shared importing a stateful part or a browser package', async () => {
  expect(await lint('shared/src/domain/importsSession.ts')).toEqual([
    restrictedPackage(1, 'jotai', WHY.purePackage),
    restrictedPath(2, '../session', WHY.pure),
  ]);
});

test('server machinery importing a feature, a folder no list names included; its tests may', async () => {
  expect(await lint('server/src/http/importsFeature.ts')).toEqual([restrictedPath(1, '../devices/register', WHY.machinery)]);
  expect(await lint('server/src/http/importsNewFeature.ts')).toEqual([restrictedPath(1, '../tanks/level', WHY.machinery)]);
  expect(await lint('server/src/http/routes.test.ts')).toEqual([]);
});

test('an import cycle, type-only imports included, reported on each side', async () => {
  const [a, b] = ['shared/src/domain/cycleA.ts', 'shared/src/contract/cycleB.ts'];
  expect(await lint(a)).toEqual([cycle(a, b, a)]);
  expect(await lint(b)).toEqual([cycle(b, a, b)]);
  const [types, values] = ['shared/src/domain/typeCycle.ts', 'shared/src/contract/typeCycle.ts'];
  expect(await lint(types)).toEqual([cycle(types, values, types)]);
});

test('a server feature or root file importing another feature’s internal file; its public entry is allowed', async () => {
  expect(await lint('server/src/billing/importsInternal.ts')).toEqual([restrictedPath(1, '../devices/register', WHY.entry('devices'))]);
  expect(await lint('server/src/context.ts')).toEqual([restrictedPath(1, './devices/register', WHY.entry('devices'))]);
  expect(await lint('server/src/billing/plans.ts')).toEqual([]);
});

test('tests, their helpers, testing/ and the composition root may reach inside a feature', async () => {
  for (const file of [
    'server/src/billing/charge.test.ts',
    'server/src/billing/testing.ts',
    'server/src/testing/app.ts',
    'server/src/app.ts',
  ]) {
    expect(await lint(file)).toEqual([]);
  }
});

test('a cycle only between public entries is none; a cycle between the files behind them is one', async () => {
  // billing/plans.ts → devices/index.ts → devices/pricing.ts → billing/index.ts → billing/plans.ts, but plans.ts
  // uses register.ts only, and pricing.ts plans.ts only: the entries are followed to the files that define each name.
  for (const file of [
    'server/src/billing/plans.ts',
    'server/src/devices/pricing.ts',
    'server/src/devices/index.ts',
    'server/src/billing/index.ts',
  ]) {
    expect(await lint(file)).toEqual([]);
  }
  const [invoices, lines] = ['server/src/billing/invoices.ts', 'server/src/devices/invoiceLines.ts'];
  expect(await lint(invoices)).toEqual([cycle(invoices, lines, invoices)]);
  expect(await lint(lines)).toEqual([cycle(lines, invoices, lines)]);
});

test('a feature using the machinery and the pure parts of shared is allowed', async () => {
  expect(await lint('server/src/devices/register.ts')).toEqual([]);
});

test('an app missing from the one list of apps stops the lint, naming it', () => {
  const root = path.join(__dirname, 'fixtures-unlisted-app');
  expect(unlistedApps(root)).toEqual(['mfe-tanks']);
  expect(() => boundaryConfigs({ root })).toThrow(/^mfe-tanks: built as an app .* missing from scripts\/appList\.cjs APPS/);
  // The repository itself lists every app it builds.
  expect(unlistedApps(path.join(__dirname, '..', '..'))).toEqual([]);
});
