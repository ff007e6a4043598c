// Fails when any text of any package lacks a language or its placeholders differ between languages (docs/architecture/README.md#habits).
import { LOCALES } from '../domain/account';
import { fromRoot, messageFiles, translationSets } from '../testing/messageFiles';
import { translationProblems } from './define';

const files = messageFiles();

test('there are message files to check', () => {
  expect(files.length).toBeGreaterThan(2);
});

test.each(files.map((f) => [fromRoot(f), f]))('%s has every text in en-GB, de-DE, fr-FR and sv-SE', (_name, file) => {
  const sets = translationSets(file);
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
    for (const set of translationSets(file)) {
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
