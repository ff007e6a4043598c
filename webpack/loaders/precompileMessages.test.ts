// The build-time compilation of the texts (precompileMessages.js): every catalogue in the apps compiles, a compiled
// text formats as the text itself would, each module keeps en-GB and loads every other language from that language's
// chunk, and a text the browser could not format fails the build.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { globSync } from 'glob';
import { IntlMessageFormat } from 'intl-messageformat';
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- the loader is CommonJS, as webpack loads it
const precompile = require('./precompileMessages') as ((this: { resourcePath: string; resourceQuery?: string }, source: string) => string) & {
  textEdits(source: string, fileName: string): [number, number, string][];
};

const root = join(__dirname, '..', '..');
const run = (source: string, resourcePath = 'messages.ts', resourceQuery = '') => precompile.call({ resourcePath, resourceQuery }, source);
/** A language's texts of a module, one object per defineTranslations call (the module is `export default [...]` of JSON). */
const languageOf = (source: string, locale: string, resourcePath = 'messages.ts') =>
  JSON.parse(/^export default (.*);\n$/s.exec(run(source, resourcePath, `?paddock-locale=${locale}`))![1]) as Record<string, MessageFormatElement[]>[];

test('every catalogue of the apps compiles (each text a string literal and valid ICU)', () => {
  const files = globSync('{shell,mfe-*,shared}/src/**/*.{ts,tsx}', { cwd: root, ignore: ['**/*.test.*', '**/node_modules/**'] });
  const catalogues = files.filter((file) => readFileSync(join(root, file), 'utf8').includes('defineTranslations('));
  expect(catalogues.length).toBeGreaterThan(20);
  let texts = 0;
  for (const file of catalogues) texts += precompile.textEdits(readFileSync(join(root, file), 'utf8'), file).length;
  // Four locales a text.
  expect(texts % 4).toBe(0);
  expect(texts).toBeGreaterThan(400);
});

test('a compiled text formats exactly as the text does', () => {
  const text = "{count, plural, one {# plug is offline since {since}} other {# plugs are offline}} — {name}'s {value, number} W";
  const source = `export const t = defineTranslations('x', { offline: { 'en-GB': ${JSON.stringify(text)}, 'de-DE': 'Aus' } });`;
  const literal = /\{"offline": \{"en-GB": (\[.*\])\}\}, \{"de-DE": /.exec(run(source));
  expect(literal).not.toBeNull();
  const ast = JSON.parse(literal![1]) as MessageFormatElement[];
  const values = { count: 3, since: '06:00', name: 'Barn', value: 1234.5 };
  expect(new IntlMessageFormat(ast, 'en-GB').format(values)).toBe(new IntlMessageFormat(text, 'en-GB').format(values));
  expect(languageOf(source, 'de-DE')).toEqual([{ offline: [{ type: 0, value: 'Aus' }] }]);
});

test('a module keeps its en-GB texts and loads each other language from that language\'s chunk', () => {
  const source = [
    "import { defineTranslations } from '@paddock/shared/i18n';",
    "export const a = defineTranslations('a', {",
    '  // A comment between the texts.',
    "  hello: { 'en-GB': 'Hello', 'de-DE': 'Hallo', 'fr-FR': 'Bonjour', 'sv-SE': 'Hej' },",
    "  'bye': { 'en-GB': 'Bye', 'de-DE': 'Tschüss', 'fr-FR': 'Au revoir', 'sv-SE': 'Hejdå' },",
    '});',
    "export const b = defineTranslations('b', { x: { 'en-GB': 'X', 'de-DE': 'Iks', 'fr-FR': 'Ixe', 'sv-SE': 'Ex' } });",
  ].join('\n');
  const built = run(source, '/app/src/feature/messages.ts');
  expect(built).not.toMatch(/Hallo|Bonjour|Hejdå|Iks/);
  // Marked pure, so a set nobody uses is dropped from the bundle.
  expect(built).toContain("export const a = /*#__PURE__*/ defineTranslations('a', {");
  expect(built).toContain("export const b = /*#__PURE__*/ defineTranslations('b', {");
  expect(built).toContain('{"hello": {"en-GB": [{"type":0,"value":"Hello"}]}, "bye": {"en-GB": [{"type":0,"value":"Bye"}]}}');
  for (const [locale, index] of [['de-DE', 0], ['fr-FR', 0], ['sv-SE', 0], ['de-DE', 1]] as const) {
    expect(built).toContain(
      `"${locale}": () => import(/* webpackChunkName: "texts-${locale}" */ "./messages.ts?paddock-locale=${locale}").then((texts) => texts.default[${index}])`,
    );
  }
  const text = (value: string) => [{ type: 0, value }];
  expect(languageOf(source, 'de-DE', '/app/src/feature/messages.ts')).toEqual([{ hello: text('Hallo'), bye: text('Tschüss') }, { x: text('Iks') }]);
  expect(languageOf(source, 'sv-SE', '/app/src/feature/messages.ts')).toEqual([{ hello: text('Hej'), bye: text('Hejdå') }, { x: text('Ex') }]);
});

test('every catalogue of the apps has each language\'s texts for every key', () => {
  const files = globSync('{shell,mfe-*,shared}/src/**/*.{ts,tsx}', { cwd: root, ignore: ['**/*.test.*', '**/node_modules/**'] });
  for (const file of files) {
    const source = readFileSync(join(root, file), 'utf8');
    if (!source.includes('defineTranslations(')) continue;
    const english = languageOf(source, 'en-GB', file);
    for (const locale of ['de-DE', 'fr-FR', 'sv-SE']) {
      expect(languageOf(source, locale, file).map((texts) => Object.keys(texts))).toEqual(english.map((texts) => Object.keys(texts)));
    }
  }
});

test('sources without texts are left as they are', () => {
  const source = "export const x = 'en-GB';\n";
  expect(run(source)).toBe(source);
});

test('a text the browser could not format fails the build, naming the place', () => {
  expect(() => run("const t = defineTranslations('x', {\n  a: { 'en-GB': prefix + 'b' },\n});", 'feature/messages.ts')).toThrow(
    /feature\/messages\.ts:2: defineTranslations needs each translation as a string literal/,
  );
  expect(() => run("defineTranslations('x', { a: { 'en-GB': '{count, plural, one {x}' } });")).toThrow(/a valid ICU message/);
});
