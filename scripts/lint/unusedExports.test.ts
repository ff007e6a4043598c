// `npm run lint` runs knip for exports nothing imports (knip.json at the root): it fails, naming the export, on the
// fixture beside this file, and passes on the repository.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const ROOT = path.join(__dirname, '..', '..');
const KNIP = path.join(ROOT, 'node_modules', '.bin', 'knip');
const knip = (directory: string) => spawnSync(KNIP, ['--include', 'exports,types', '--no-progress'], { cwd: directory, encoding: 'utf8' });

test('an export nothing imports fails the check, named with its file', () => {
  const result = knip(path.join(__dirname, 'fixtures-knip'));
  expect(result.status).toBe(1);
  expect(result.stdout).toMatch(/forgottenHelper\s+src\/helpers\.ts:3/);
  expect(result.stdout).not.toMatch(/usedHelper/);
}, 60_000);
