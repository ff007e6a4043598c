// `npm test`: every check, in the order that fails fastest. PostgreSQL runs too when TEST_DATABASE_URL is set.
import { availableParallelism } from 'node:os';
import { buildApps, run } from './apps.mjs';

const step = (title) => console.log(`\n━━ ${title}`);
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
  step(`Server tests on PostgreSQL (${process.env.TEST_DATABASE_URL.replace(/\/\/[^@]*@/, '//…@')})`);
  run('npx', ['jest', '--ci', JEST_WORKERS, '--selectProjects', 'server'], { env: { ...process.env, PADDOCK_TEST_DB: 'postgres' } });
} else {
  console.log('\n(TEST_DATABASE_URL is not set: server tests ran on PGlite only)');
}

step('Production build');
buildApps({ force: Boolean(process.env.CI) });

// The Android and iOS projects from the built web app (no SDK needed), then what they declare (docs/product/native-app.md).
step('Native app projects (Capacitor sync and check)');
run('node', ['mobile/scripts/sync.mjs']);
run('node', ['mobile/scripts/check.mjs']);

step('End-to-end tests in Chromium');
run('npx', ['playwright', 'test', '--config', 'tests/playwright.config.ts']);

console.log(`\n✓ All checks passed in ${Math.round((Date.now() - started) / 1000)} s`);
