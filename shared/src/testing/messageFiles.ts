// The texts' files of @paddock/shared and every app (the one list, scripts/appList.cjs), for the i18n checks: a new
// app's texts are checked without anyone remembering to add it here.
import { readFileSync, readdirSync, statSync } from 'fs';
import { join } from 'path';
import type { TranslationSet } from '../i18n/define';

const root = join(__dirname, '../../..');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { TEXT_PACKAGES } = require('../../../scripts/appList.cjs') as { TEXT_PACKAGES: string[] };

/** Declares defineTranslations itself (its comments show a call). */
const DEFINE_FILE = join(__dirname, '../i18n/define.ts');

function messageFilesIn(dir: string): string[] {
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    if (entry === 'node_modules' || entry === 'dist') return [];
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return messageFilesIn(path);
    // Any file that declares texts, whatever its name (`detailsMessages.ts` too); not tests, not the declaring helper.
    if (!/\.tsx?$/.test(entry) || /\.test\.tsx?$/.test(entry) || path === DEFINE_FILE) return [];
    return /\bdefineTranslations\(\s*['"]/.test(readFileSync(path, 'utf8')) ? [path] : [];
  });
}

/** Every file of every package that holds texts and declares some (defineTranslations), as absolute paths. */
export const messageFiles = (): string[] => TEXT_PACKAGES.flatMap((name) => messageFilesIn(join(root, name, 'src')));

/** The path of `file` from the repository's root, for test names. */
export const fromRoot = (file: string) => file.slice(root.length + 1);

export function isTranslationSet(value: unknown): value is TranslationSet<string> {
  return typeof value === 'object' && value !== null && 'definitions' in value && 'catalogs' in value;
}

/** The translation sets a messages file exports. */
// eslint-disable-next-line @typescript-eslint/no-require-imports
export const translationSets = (file: string) => Object.values(require(file) as Record<string, unknown>).filter(isTranslationSet);
