// The build-time compilation of the texts (precompileMessages.js): every catalogue in the apps compiles, a compiled
// text formats as the text itself would, and a text the browser could not format fails the build.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { globSync } from 'glob';
import { IntlMessageFormat } from 'intl-messageformat';
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- the loader is CommonJS, as webpack loads it
const precompile = require('./precompileMessages') as ((this: { resourcePath: string }, source: string) => string) & {
  textEdits(source: string, fileName: string): [number, number, string][];
};

const root = join(__dirname, '..', '..');
const run = (source: string, resourcePath = 'messages.ts') => precompile.call({ resourcePath }, source);

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
  const compiled = run(source);
  const literal = /'en-GB': (\[.*?\]), 'de-DE'/.exec(compiled);
  expect(literal).not.toBeNull();
  const ast = JSON.parse(literal![1]) as MessageFormatElement[];
  const values = { count: 3, since: '06:00', name: 'Barn', value: 1234.5 };
  expect(new IntlMessageFormat(ast, 'en-GB').format(values)).toBe(new IntlMessageFormat(text, 'en-GB').format(values));
  expect(compiled).toContain(`'de-DE': ${JSON.stringify([{ type: 0, value: 'Aus' }])}`);
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
