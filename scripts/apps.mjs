// The front-end apps and what "built and up to date" means for them; used by start, test and bench.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnSync } from 'node:child_process';
import appList from './appList.cjs';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const { APPS } = appList;

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

/** An app needs a build when it has none, or when its sources, the shared package or the build config changed. */
export function needsBuild(app) {
  const stamp = join(root, app, 'dist', app === 'shell' ? 'index.html' : 'mf-manifest.json');
  if (!existsSync(stamp)) return true;
  const built = statSync(stamp).mtimeMs;
  const inputs = [join(root, app), join(root, 'shared', 'src'), join(root, 'webpack'), join(root, 'package-lock.json')];
  return inputs.some((input) => newestMtime(input) > built);
}

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', cwd: root, ...options });
  if (result.status !== 0) {
    console.error(`\n✗ ${command} ${args.join(' ')} failed (exit ${result.status ?? result.signal})`);
    process.exit(result.status || 1);
  }
}

export function buildApps({ force = false } = {}) {
  for (const app of APPS) {
    if (!force && !needsBuild(app)) continue;
    console.log(`Building ${app}…`);
    run('npm', ['run', 'build', '--silent', '-w', app]);
  }
}
