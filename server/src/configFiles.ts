// The files written from CONFIG_DOCS, the one declaration of the server's variables: docs/configuration.md and
// .env.example. `npm run docs:config` (scripts/docsConfig.ts) writes them; config.test.ts and
// scripts/envExample.test.ts fail while either differs from what it would write.
import { CONFIG_DOCS, configDocsMarkdown, type ConfigDoc } from './config';
import { FILE_SUFFIX } from './environment';

export const REGENERATE_COMMAND = 'npm run docs:config';

const WIDTH = 118;

/** docs/configuration.md: a short intro and the table `npx tsx server/src/main.ts env` prints. */
function configurationPage(): string {
  return [
    '# Configuration',
    '',
    `<!-- Generated from CONFIG_DOCS in server/src/config.ts by \`${REGENERATE_COMMAND}\`; edit the declaration, not this file. -->`,
    '',
    'Paddock is configured through environment variables only. `npm start` and `npm run dev` also read a `.env` file',
    'in the repository root (copy [`.env.example`](../.env.example), generated from the same declaration); a variable',
    'set in the real environment wins over the file. A secret may come from a file instead: set `NAME_FILE` to its path',
    '([operations/configure.md](operations/configure.md#secrets-in-files)). What a production installation must set,',
    'and what it refuses: [operations/configure.md](operations/configure.md). `npx tsx server/src/main.ts env` (or',
    '`npm run env -w server` on a built server) prints this table for the version you run.',
    '',
    configDocsMarkdown(),
    '',
  ].join('\n');
}

/** Words of `text` as comment lines of at most WIDTH characters. */
function commentLines(text: string): string[] {
  const lines: string[] = [];
  let line = '#';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line !== '#' && line.length + 1 + word.length > WIDTH) {
      lines.push(line);
      line = '#';
    }
    line += ` ${word}`;
  }
  return [...lines, line];
}

function envDefault(doc: ConfigDoc): string {
  // A default in parentheses describes a value ("(the repository)") rather than being one.
  if (doc.default.startsWith('(')) return '';
  return /[\s#"']/.test(doc.default) ? `"${doc.default}"` : doc.default;
}

/** .env.example: every variable commented out with its default, its meaning above it, secrets marked. */
function envExample(): string {
  const header = [
    `# Generated from CONFIG_DOCS in server/src/config.ts by \`${REGENERATE_COMMAND}\`; edit the declaration, not this file.`,
    '# The same list as a table: docs/configuration.md.',
    '# Copy this file to `.env` and uncomment what you change: `npm start` and `npm run dev` load `.env` from the',
    '# repository root; a variable set in the real environment wins over the file. Never commit `.env`.',
  ];
  const entries = CONFIG_DOCS.map((doc: ConfigDoc) => {
    const meaning = doc.meaning.replaceAll('`', '');
    const described = doc.default.startsWith('(') ? `${meaning}; default ${doc.default.slice(1, -1)}` : meaning;
    return [
      ...commentLines(described),
      ...(doc.secret ? [`# Secret: or set ${doc.name}${FILE_SUFFIX} to the path of a file holding it`] : []),
      `# ${doc.name}=${envDefault(doc)}`,
    ].join('\n');
  });
  return `${[header.join('\n'), ...entries].join('\n\n')}\n`;
}

/** Each generated file, by its path from the repository root. */
export const CONFIG_FILES: readonly { path: string; render: () => string }[] = [
  { path: 'docs/configuration.md', render: configurationPage },
  { path: '.env.example', render: envExample },
];

/** Why `written` (the file on disk) is not what REGENERATE_COMMAND would write for `file`, or null when it is. */
export function staleness(file: (typeof CONFIG_FILES)[number], written: string): string | null {
  const expected = file.render().split('\n');
  const found = written.split('\n');
  let line = expected.findIndex((text, index) => text !== found[index]);
  if (line === -1) {
    if (found.length === expected.length) return null;
    line = expected.length; // the file goes on after what would be written
  }
  return [
    `${file.path} is not what CONFIG_DOCS (server/src/config.ts) gives: run \`${REGENERATE_COMMAND}\` to regenerate it.`,
    `Line ${line + 1}, expected: ${expected[line] ?? '(end of file)'}`,
    `Line ${line + 1}, found:    ${found[line] ?? '(end of file)'}`,
  ].join('\n');
}
