// Fails when any text of any package lacks a language or its placeholders differ between languages (docs/architecture/README.md#habits).
import { readdirSync, statSync } from 'fs';
import { join } from 'path';
import { LOCALES } from '../domain/account';
import { translationProblems, type TranslationSet } from './define';

const root = join(__dirname, '../../..');
const packages = ['shared', 'shell', 'mfe-account', 'mfe-devices', 'mfe-billing', 'mfe-admin'];

function messageFiles(dir: string): string[] {
  let found: string[] = [];
  let entries: string[] = [];
  try {
    entries = readdirSync(dir);
  } catch {
    return found;
  }
  for (const entry of entries) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) found = found.concat(messageFiles(path));
    else if (/^messages\.tsx?$/.test(entry)) found.push(path);
  }
  return found;
}

function isTranslationSet(value: unknown): value is TranslationSet<string> {
  return typeof value === 'object' && value !== null && 'definitions' in value && 'catalogs' in value;
}

const files = packages.flatMap((p) => messageFiles(join(root, p, 'src')));

test('there are message files to check', () => {
  expect(files.length).toBeGreaterThan(2);
});

test.each(files.map((f) => [f.slice(root.length + 1), f]))('%s has every text in en-GB, de-DE, fr-FR and sv-SE', (_name, file) => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const sets = Object.values(require(file) as Record<string, unknown>).filter(isTranslationSet);
  expect(sets.length).toBeGreaterThan(0);
  for (const set of sets) {
    expect(translationProblems(set)).toEqual([]);
    for (const locale of LOCALES) expect(Object.keys(set.catalogs[locale] ?? {}).sort()).toEqual(Object.keys(set.messages).map((k) => set.messages[k].id).sort());
  }
});

test('ids are unique across the whole app', () => {
  const seen = new Map<string, string>();
  const duplicates: string[] = [];
  for (const file of files) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    for (const set of Object.values(require(file) as Record<string, unknown>).filter(isTranslationSet)) {
      for (const descriptor of Object.values(set.messages)) {
        if (seen.has(descriptor.id) && seen.get(descriptor.id) !== file) duplicates.push(descriptor.id);
        seen.set(descriptor.id, file);
      }
    }
  }
  expect(duplicates).toEqual([]);
});

test('the check catches a missing language', () => {
  const broken = { definitions: { title: { 'en-GB': 'Hello {name}', 'de-DE': '', 'fr-FR': 'Bonjour', 'sv-SE': 'Hej {name}' } } };
  expect(translationProblems(broken as never)).toEqual(['title: missing de-DE', 'title: fr-FR placeholders differ from en-GB']);
});
