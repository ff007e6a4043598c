// `npm test`: every check, in the order that fails fastest. PostgreSQL runs too when TEST_DATABASE_URL is set.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { buildApps, root, run } from './apps.mjs';

// Each stage's time, printed as it ends and in a table at the end (a failed run too: up to the stage that failed), so
// a slow stage shows in any CI log.
const stages = [];
let current = null;
function endStage() {
  if (!current) return;
  const seconds = Math.round((Date.now() - current.started) / 1000);
  stages.push({ title: current.title, seconds });
  console.log(`━━ ${current.title}: took ${seconds} s`);
  current = null;
}
function step(title) {
  endStage();
  console.log(`\n━━ ${title}`);
  current = { title, started: Date.now() };
}
let summarized = false;
function summary() {
  endStage();
  if (summarized || stages.length === 0) return;
  summarized = true;
  const width = Math.max(...stages.map(({ title }) => title.length), 'Total'.length);
  const line = (title, seconds) => `  ${title.padEnd(width)}  ${String(seconds).padStart(5)} s`;
  console.log('\nStage times:');
  for (const { title, seconds } of stages) console.log(line(title, seconds));
  console.log(line('Total', Math.round((Date.now() - started) / 1000)));
}
process.on('exit', summary); // run() exits on a failed step

/** PgBouncer in front of `directUrl` (server/src/testing/pgbouncer.ts as a script) while the tests run, or null when not installed. */
async function startPgBouncer(directUrl) {
  if (!existsSync('/usr/sbin/pgbouncer')) return null;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/testing/pgbouncer.ts'], {
    cwd: root,
    env: { ...process.env, TEST_DATABASE_URL: directUrl },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const stop = () => child.stdin.end();
  process.on('exit', stop); // run() exits on a failed step: the pooler goes with it
  const pooledUrl = await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      if (out.includes('\n')) resolve(out.split('\n')[0]);
    });
    child.once('exit', (code) => reject(new Error(`pgbouncer did not start (exit ${code})`)));
  });
  return { env: { TEST_DATABASE_URL: pooledUrl, TEST_DATABASE_DIRECT_URL: directUrl }, stop };
}

const started = Date.now();

step('Typecheck');
run('npx', ['tsc', '-b']); // every workspace, each with its own tsconfig.json (see the root one)

step('Lint');
run('npx', ['eslint', '--max-warnings=0', '.']);

// A worker per core: jest's default (cores - 1) leaves one of a 2-core machine's two idle, and the suite has a
// 25-minute budget (docs/architecture/README.md#running-it).
const JEST_WORKERS = `--maxWorkers=${Math.max(2, availableParallelism())}`;

step('Unit, component and server tests (PGlite)');
run('npx', ['jest', '--ci', JEST_WORKERS]);

if (process.env.TEST_DATABASE_URL) {
  // Through Debian's PgBouncer in transaction mode when it is installed (.ci/run installs it), so the suite proves
  // Paddock works behind one: each test file's database is made, listened to and migrated on PostgreSQL itself
  // (TEST_DATABASE_DIRECT_URL, testing/testApp.ts; docs/architecture/scale-out.md#database-connections).
  const bouncer = await startPgBouncer(process.env.TEST_DATABASE_URL);
  step(`Server tests on PostgreSQL (${process.env.TEST_DATABASE_URL.replace(/\/\/[^@]*@/, '//…@')}${bouncer ? ', through PgBouncer' : ''})`);
  run('npx', ['jest', '--ci', JEST_WORKERS, '--selectProjects', 'server'], { env: { ...process.env, PADDOCK_TEST_DB: 'postgres', ...bouncer?.env } });
  bouncer?.stop();
  // One file at a time, nothing beside them: three server processes, a RabbitMQ node and timing bounds (server/src/scaleout).
  step('Scale-out tests on PostgreSQL and RabbitMQ (instance killed, broker restarted)');
  run('npx', ['jest', 'server/src/scaleout', '--ci', '--runInBand', '--selectProjects', 'server'], {
    env: { ...process.env, PADDOCK_TEST_DB: 'postgres', PADDOCK_SCALEOUT: '1' },
  });
} else {
  console.log('\n(TEST_DATABASE_URL is not set: server tests ran on PGlite only)');
}

step('Production build');
buildApps({ force: Boolean(process.env.CI) });
// The server's bundle (server/dist/main.js, docs/operations/deploy.md): the end-to-end tests run it.
run('npm', ['run', 'build', '--silent', '-w', 'server']);

// The release as its image runs it (`node server/dist/main.js serve`), two instances on PostgreSQL and RabbitMQ behind
// HAProxy: sign-in, a reading, a remote redeployed, a rolling restart with no failed request (docs/operations/deploy.md).
if (process.env.TEST_DATABASE_URL) {
  step('Deployment rehearsal (two instances of the build behind HAProxy, rolling restart)');
  run('npx', ['jest', 'server/src/production/rehearsal', '--ci', '--runInBand', '--selectProjects', 'server'], {
    env: { ...process.env, PADDOCK_REHEARSAL: '1' },
  });
}

// The Android and iOS projects from the built web app (no SDK needed), then what they declare (docs/product/native-app.md).
step('Native app projects (Capacitor sync and check)');
run('node', ['mobile/scripts/sync.mjs']);
run('node', ['mobile/scripts/check.mjs']);

step('End-to-end tests in Chromium');
// On the compiled server, as production runs (tests/support/server.ts).
run('npx', ['playwright', 'test', '--config', 'tests/playwright.config.ts'], { env: { ...process.env, PADDOCK_COMPILED_SERVER: '1' } });

summary();
console.log(`\n✓ All checks passed in ${Math.round((Date.now() - started) / 1000)} s`);
