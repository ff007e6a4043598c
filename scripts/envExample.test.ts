// .env.example stays the list of what the server reads: every variable of CONFIG_DOCS, in order, with its default.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CONFIG_DOCS } from '../server/src/config';

test('.env.example lists every variable the server reads, commented out with its default', () => {
  const text = readFileSync(path.join(__dirname, '..', '.env.example'), 'utf8');
  const listed = [...text.matchAll(/^# ([A-Z][A-Z0-9_]*)=(.*)$/gm)].map(([, name, value]) => [name, value.replace(/^"(.*)"$/, '$1')]);
  // A default in parentheses describes a value ("(the repository)") rather than being one.
  expect(listed).toEqual(CONFIG_DOCS.map((doc) => [doc.name, doc.default.startsWith('(') ? '' : doc.default]));
});
