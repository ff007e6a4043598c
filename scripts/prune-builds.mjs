// `npm run prune-builds [-- --keep-builds 3 --retention-days 7 --dry-run] [dist…]`: removes the hashed files of
// earlier builds that open pages can no longer need (webpack/builds.js, docs/operations/upgrade.md#redeploying-a-remote-alone).
// Without folders: every app's dist/ in this repository (or below WEB_ROOT when set).
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { APPS, root } from './apps.mjs';

const require = createRequire(import.meta.url);
const { pruneBuilds } = require('../webpack/builds.js');

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    'keep-builds': { type: 'string', default: '3' },
    'retention-days': { type: 'string', default: '7' },
    'dry-run': { type: 'boolean', default: false },
  },
});
const keepBuilds = Number(values['keep-builds']);
const retentionDays = Number(values['retention-days']);
const refuse = (message) => {
  console.error(message);
  process.exit(2);
};
if (!Number.isInteger(keepBuilds) || keepBuilds < 1) refuse(`--keep-builds must be a whole number of at least 1, got "${values['keep-builds']}"`);
if (!(retentionDays >= 0)) refuse(`--retention-days must be a number of at least 0, got "${values['retention-days']}"`);

const webRoot = process.env.WEB_ROOT ? resolve(process.env.WEB_ROOT) : root;
const dists = positionals.length ? positionals.map((dir) => resolve(dir)) : APPS.map((app) => join(webRoot, app, 'dist'));
for (const dist of dists) {
  const { removed, kept, records } = pruneBuilds(dist, { keepBuilds, retentionMs: retentionDays * 24 * 3600 * 1000, dryRun: values['dry-run'] });
  if (records === 0) {
    console.log(`${dist}: no build records, nothing removed`);
    continue;
  }
  console.log(`${dist}: ${values['dry-run'] ? 'would remove' : 'removed'} ${removed.length} file(s), kept ${kept}`);
  for (const file of removed) console.log(`  ${file}`);
}
