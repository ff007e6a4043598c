// .env.example is generated from CONFIG_DOCS (server/src/configFiles.ts, `npm run docs:config`): every variable the
// server reads, in order, commented out with its default.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CONFIG_DOCS } from '../server/src/config';
import { CONFIG_FILES, REGENERATE_COMMAND, staleness } from '../server/src/configFiles';

const envExample = CONFIG_FILES.find((file) => file.path === '.env.example')!;
const written = readFileSync(path.join(__dirname, '..', envExample.path), 'utf8');

test('.env.example is what `npm run docs:config` writes from CONFIG_DOCS', () => {
  expect(staleness(envExample, written)).toBeNull();
});

test('.env.example lists every variable the server reads, commented out with its default', () => {
  const listed = [...written.matchAll(/^# ([A-Z][A-Z0-9_]*)=(.*)$/gm)].map(([, name, value]) => [name, value.replace(/^"(.*)"$/, '$1')]);
  // A default in parentheses describes a value ("(the repository)") rather than being one.
  expect(listed).toEqual(CONFIG_DOCS.map((doc) => [doc.name, doc.default.startsWith('(') ? '' : doc.default]));
  // A secret says it may come from a file.
  expect(written).toContain('# Secret: or set DATABASE_URL_FILE to the path of a file holding it\n# DATABASE_URL=\n');
});

test('a stale copy is reported with its first differing line and the command that regenerates it', () => {
  const edited = written.replace('# PORT=8080', '# PORT=9090');
  expect(staleness(envExample, edited)).toBe(
    [
      `.env.example is not what CONFIG_DOCS (server/src/config.ts) gives: run \`${REGENERATE_COMMAND}\` to regenerate it.`,
      `Line ${written.split('\n').indexOf('# PORT=8080') + 1}, expected: # PORT=8080`,
      `Line ${written.split('\n').indexOf('# PORT=8080') + 1}, found:    # PORT=9090`,
    ].join('\n'),
  );
  expect(staleness(envExample, `${written}# EXTRA=1\n`)).toContain('found:    # EXTRA=1');
});
