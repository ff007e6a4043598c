// What config.ts needs to read the environment as an operator writes it (docs/operations/configure.md): secrets from
// files (`NAME_FILE`), and the variables that look like Paddock's but are not (a typo would otherwise silently fall
// back to a default: `DATABSE_URL` gives each instance its own embedded database).
import { readFileSync } from 'node:fs';
import path from 'node:path';

type Env = Readonly<Record<string, string | undefined>>;

/**
 * Variables read by the repository's scripts, builds and tests rather than the server: set in a developer's shell or
 * a build, they are neither unknown nor typos. A new tool's `PADDOCK_…` variable belongs here.
 */
const TOOLING_VARIABLES = [
  'PADDOCK_TEST_DB',
  'PADDOCK_E2E_URL',
  'PADDOCK_E2E_SMTP_URL',
  'PADDOCK_E2E_MAIL_URL',
  'PADDOCK_DEV_HOST',
  'PADDOCK_SOURCE_MAPS',
  'PADDOCK_SCALEOUT',
  'PADDOCK_REHEARSAL',
  'PADDOCK_API',
  'PADDOCK_API_BASE',
  'PADDOCK_NATIVE',
  'PADDOCK_SKIP_APP_BUILD',
  'PADDOCK_PUBLIC_PATH',
  'TEST_DATABASE_URL',
  'TEST_DATABASE_DIRECT_URL',
];

/** The suffix that names a file holding a secret's value (Docker and Kubernetes secrets are mounted as files). */
export const FILE_SUFFIX = '_FILE';

/**
 * `env` with each secret's `NAME_FILE` read into `NAME`: the file's content without one trailing newline (what
 * `echo secret > file` adds). Both set, or a file that cannot be read, is refused naming the variable and the path,
 * never the content.
 */
export function readSecretFiles(env: Env, secretNames: readonly string[], cwd: string): Env {
  const resolved: Record<string, string | undefined> = { ...env };
  for (const name of secretNames) {
    const fileVariable = `${name}${FILE_SUFFIX}`;
    const file = env[fileVariable]?.trim();
    if (!file) continue;
    if (env[name]?.trim()) throw new Error(`${name} and ${fileVariable} are both set: set only one of them`);
    const filePath = path.resolve(cwd, file);
    let content: string;
    try {
      content = readFileSync(filePath, 'utf8');
    } catch (error) {
      throw new Error(`${fileVariable}: cannot read ${filePath} (${(error as NodeJS.ErrnoException).code ?? 'unreadable'})`);
    }
    resolved[name] = content.replace(/\r?\n$/, '');
  }
  return resolved;
}

/**
 * Optimal string alignment distance: insertions, deletions, substitutions and swaps of two neighbours each count as
 * one typo (`SMTP_ULR` is one from `SMTP_URL`; plain Levenshtein counts a swap as two).
 */
export function typoDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      rows[i][j] = Math.min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) rows[i][j] = Math.min(rows[i][j], rows[i - 2][j - 2] + 1);
    }
  }
  return rows[a.length][b.length];
}

export interface StrayVariable {
  name: string;
  /** The known variable it is probably a typo of; null: an unknown `PADDOCK_…` variable. */
  meant: string | null;
  /** `NAME_FILE` of a variable that is no secret, so never read from a file. */
  fileOf?: string;
}

const squash = (name: string) => name.toUpperCase().replace(/_/g, '');

/**
 * Set variables that are not the server's but look like they were meant to be: a known name in another case or with
 * other underscores, within two typos of a known name (one for names of up to five characters, so `HOME` is not taken
 * for `HOST`), or starting with `PADDOCK_`.
 */
export function strayVariables(env: Env, knownNames: readonly string[]): StrayVariable[] {
  const known = new Set([...knownNames, ...TOOLING_VARIABLES]);
  const stray: StrayVariable[] = [];
  for (const name of Object.keys(env)) {
    if (known.has(name) || env[name] === undefined) continue;
    const base = name.endsWith(FILE_SUFFIX) ? name.slice(0, -FILE_SUFFIX.length) : null;
    if (base && knownNames.includes(base)) {
      stray.push({ name, meant: null, fileOf: base });
      continue;
    }
    const meant =
      knownNames.find((candidate) => squash(candidate) === squash(name)) ??
      knownNames.find((candidate) => typoDistance(candidate, name.toUpperCase()) <= (candidate.length <= 5 ? 1 : 2)) ??
      null;
    if (meant || name.toUpperCase().startsWith('PADDOCK_')) stray.push({ name, meant });
  }
  return stray;
}

/** One line per stray variable, for the start's warnings. */
export function describeStray({ name, meant, fileOf }: StrayVariable): string {
  if (fileOf) return `${name} is not a Paddock variable: ${fileOf} is no secret, so it is not read from a file (it is ignored)`;
  return meant ? `${name} is not a Paddock variable: did you mean ${meant}? (it is ignored)` : `${name} is not a Paddock variable (it is ignored)`;
}
