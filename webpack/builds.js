// Builds that keep what open pages still load (docs/architecture/decisions/0024-remote-redeploys.md).
//
// A production build no longer empties dist/: content-hashed files of earlier builds stay, so a page opened before a
// redeploy can still lazy-load its chunks. Each build writes a record of the files it emitted to
// `dist/.builds/<time>-<hash>.json` (a dot folder, which the server does not serve: web.ts `dotfiles`); `pruneBuilds` (run by the
// operator as `npm run prune-builds`, docs/operations/upgrade.md#redeploying-a-remote-alone) removes the hashed files
// that none of the last builds emitted and that no build has emitted for a while. Node built-ins only: it runs on
// the machine that serves dist/, where the build tooling may not be installed.
'use strict';

const fs = require('node:fs');
const path = require('node:path');

const RECORDS_DIR = '.builds';

/**
 * A content-hashed output file (`[name].[contenthash:10].js` and what is made beside it: `.br`, `.gz`, `.map`,
 * `.LICENSE.txt`): its name changes with its content, so a new build never overwrites it and it may be kept.
 */
const HASHED_ASSET = /\.[0-9a-f]{10}\.[a-z0-9]+(\.map|\.LICENSE\.txt)?(\.br|\.gz)?$/i;

/** webpack's `output.clean.keep`: hashed files of earlier builds and the build records stay. */
function keptOnClean(file) {
  const name = file.split(path.sep).join('/');
  return name === RECORDS_DIR || name.startsWith(`${RECORDS_DIR}/`) || HASHED_ASSET.test(name);
}

/** Writes the record of the files a build emitted (after they are all written). */
class BuildRecordPlugin {
  /** @param {{ publicPath?: string }} [details] what else the record tells the server (the shell's public path) */
  constructor(details = {}) {
    this.details = details;
  }

  apply(compiler) {
    compiler.hooks.afterEmit.tap('PaddockBuildRecord', (compilation) => {
      const outDir = compilation.getPath(compiler.outputPath);
      const builtAt = new Date();
      const record = {
        builtAt: builtAt.toISOString(),
        hash: compilation.hash,
        ...this.details,
        files: Object.keys(compilation.assets).sort(),
      };
      const dir = path.join(outDir, RECORDS_DIR);
      fs.mkdirSync(dir, { recursive: true });
      // Named by time first: the newest record sorts last.
      const stamp = builtAt.toISOString().replace(/[-:.]/g, '');
      fs.writeFileSync(path.join(dir, `${stamp}-${compilation.hash}.json`), `${JSON.stringify(record, null, 1)}\n`);
    });
  }
}

/** The build records of `dist`, oldest first: `{ file, builtAt (ms), files: Set }`; unreadable ones skipped. */
function buildRecords(dist) {
  const dir = path.join(dist, RECORDS_DIR);
  let names;
  try {
    names = fs.readdirSync(dir).filter((name) => name.endsWith('.json'));
  } catch {
    return [];
  }
  const records = [];
  for (const name of names.sort()) {
    try {
      const record = JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8'));
      const builtAt = Date.parse(record.builtAt);
      if (!Array.isArray(record.files) || Number.isNaN(builtAt)) continue;
      records.push({ file: path.join(dir, name), builtAt, publicPath: record.publicPath, files: new Set(record.files) });
    } catch {
      // A record half-written by a build running right now: the next run sees it whole.
    }
  }
  return records.sort((a, b) => a.builtAt - b.builtAt);
}

/** The newest build record of `dist`, or null (a build from before records, or none). */
function latestBuild(dist) {
  const records = buildRecords(dist);
  return records.length ? records[records.length - 1] : null;
}

/** Files below `dir`, '/'-separated and relative to it, outside the records folder. */
function filesUnder(dir, prefix = '') {
  const found = [];
  for (const entry of fs.readdirSync(path.join(dir, prefix), { withFileTypes: true })) {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (rel === RECORDS_DIR) continue;
    if (entry.isDirectory()) found.push(...filesUnder(dir, rel));
    else if (entry.isFile()) found.push(rel);
  }
  return found;
}

/**
 * Removes from `dist` the hashed files that none of the last `keepBuilds` builds emitted and that no build has
 * emitted within `retentionMs` (a file no record names counts from its modification time), and the records of
 * builds that are older than both. Unhashed files (remoteEntry.js, mf-manifest.json, index.html) are the current
 * build's and are never touched. `dryRun` lists without removing.
 * @returns {{ removed: string[], kept: number, records: number }}
 */
function pruneBuilds(dist, { keepBuilds = 3, retentionMs = 7 * 24 * 3600 * 1000, now = Date.now(), dryRun = false } = {}) {
  if (!Number.isInteger(keepBuilds) || keepBuilds < 1) throw new Error('keepBuilds must be a whole number of at least 1');
  const records = buildRecords(dist);
  // Without a record of the current build nothing can be told apart: touch nothing.
  if (records.length === 0) return { removed: [], kept: 0, records: 0 };
  const recent = records.slice(-keepBuilds);
  const inRecent = (file) => recent.some((record) => record.files.has(file));
  /** When a build last emitted each file. */
  const lastBuilt = new Map();
  for (const record of records) for (const file of record.files) lastBuilt.set(file, record.builtAt);
  const removed = [];
  let kept = 0;
  for (const file of filesUnder(dist)) {
    if (!HASHED_ASSET.test(file)) continue;
    const full = path.join(dist, file);
    const since = lastBuilt.get(file) ?? fs.statSync(full).mtimeMs;
    if (inRecent(file) || now - since < retentionMs) {
      kept++;
      continue;
    }
    if (!dryRun) fs.rmSync(full, { force: true });
    removed.push(file);
  }
  const oldRecords = records.slice(0, -keepBuilds).filter((record) => now - record.builtAt >= retentionMs);
  if (!dryRun) for (const record of oldRecords) fs.rmSync(record.file, { force: true });
  return { removed: removed.sort(), kept, records: records.length - (dryRun ? 0 : oldRecords.length) };
}

module.exports = { RECORDS_DIR, HASHED_ASSET, keptOnClean, BuildRecordPlugin, buildRecords, latestBuild, pruneBuilds };
