// `npm run build -w server`: the production server, compiled once (docs/operations/deploy.md). esbuild bundles
// server/src with the parts of @paddock/shared it imports (TypeScript source, not published) into server/dist/main.js;
// every npm package stays external, resolved from node_modules at run time with production dependencies only
// (OpenTelemetry's require hooks need them as real modules too). What the server reads from disk beside its own code
// is copied next to the bundle: the migrations (db/migrate.ts reads `${__dirname}/migrations`).
import { build } from 'esbuild';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const SERVER_DIR = join(dirname(fileURLToPath(import.meta.url)), '..');
export const DIST_DIR = join(SERVER_DIR, 'dist');
export const BUNDLE = join(DIST_DIR, 'main.js');
/** Written last: a bundle is complete (and up to date with its inputs) only with it. */
export const STAMP = join(DIST_DIR, 'build.json');
const ENTRY = join(SERVER_DIR, 'src', 'main.ts');
const SHARED_SRC = join(SERVER_DIR, '..', 'shared', 'src');

/** Bare imports (npm packages) stay external, but for the workspace's own source packages, which are bundled. */
const externalPackages = {
  name: 'external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@paddock/') ? undefined : { path: args.path, external: true }));
  },
};

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** Whether the bundle is missing, or older than the server's or the shared package's source or this script. */
export function serverNeedsBuild() {
  if (!existsSync(STAMP)) return true;
  const built = statSync(STAMP).mtimeMs;
  const inputs = [join(SERVER_DIR, 'src'), SHARED_SRC, fileURLToPath(import.meta.url), join(SERVER_DIR, 'package.json')];
  return inputs.some((input) => newestMtime(input) > built);
}

/**
 * Writes `file` whole or not at all (a temporary file renamed over it): a server starting, or another build running
 * at the same moment (tests, `npm start` beside `npm run build`), never reads half a file.
 */
function writeAtomically(file, contents) {
  mkdirSync(dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, contents);
  renameSync(temporary, file);
}

/** Builds server/dist; returns the npm packages the bundle imports (server/src/bundle.test.ts checks them). */
export async function buildServer() {
  const result = await build({
    entryPoints: [ENTRY],
    outfile: BUNDLE,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    sourcemap: true,
    // Not tsx's forced keepNames: it wraps every function, ~6 % CPU on the ingest path (issue 29).
    keepNames: false,
    metafile: true,
    // Stack traces name the TypeScript files and lines (the map beside the bundle), without a node flag.
    banner: { js: '"use strict";process.setSourceMapsEnabled(true);' },
    logLevel: 'warning',
    plugins: [externalPackages],
    write: false,
  });
  for (const output of result.outputFiles) writeAtomically(output.path, output.contents);
  const migrations = join(SERVER_DIR, 'src', 'db', 'migrations');
  const copied = join(DIST_DIR, 'migrations');
  const names = readdirSync(migrations).filter((name) => name.endsWith('.sql'));
  for (const name of names) writeAtomically(join(copied, name), readFileSync(join(migrations, name)));
  // A migration renamed or removed in the source goes from the copy too.
  for (const name of readdirSync(copied)) if (!names.includes(name)) rmSync(join(copied, name), { force: true });
  const packages = [
    ...new Set(
      Object.values(result.metafile.outputs)
        .flatMap((output) => output.imports)
        .filter((imported) => imported.external && !imported.path.startsWith('node:'))
        .map((imported) => packageName(imported.path)),
    ),
  ].sort();
  writeAtomically(STAMP, `${JSON.stringify({ builtAt: new Date().toISOString(), packages }, null, 2)}\n`);
  return packages;
}

/** `@scope/name/sub` → `@scope/name`, `name/sub` → `name`. */
export function packageName(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  const packages = await buildServer();
  console.log(`server/dist/main.js built in ${Math.round(performance.now() - started)} ms (${packages.length} npm packages external)`);
}
