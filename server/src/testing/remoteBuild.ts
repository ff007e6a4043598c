// The redeploy fixture's production build (tests/fixtures/federation/redeploy-app), for the tests and the rehearsal
// that redeploy a remote while a page is open (docs/operations/upgrade.md, webpack/builds.js).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/* eslint-disable @typescript-eslint/no-require-imports -- webpack/ is CommonJS without types */
const factory = require('../../../webpack') as {
  createConfig: (options: object) => (env: object, argv: object) => Record<string, any>;
};
const { HASHED_ASSET } = require('../../../webpack/builds') as { HASHED_ASSET: RegExp };
const webpack = require('webpack') as (config: object) => {
  run: (callback: (error: Error | null, stats: { hasErrors(): boolean; compilation: { errors: Error[] } }) => void) => void;
  close: (callback: () => void) => void;
};
/* eslint-enable @typescript-eslint/no-require-imports */

/** A production build of the remote in `appDir` into `dist` (not minified, not pre-compressed: quicker, and bytes are not the point). */
export async function buildRemoteFixture(appDir: string, dist: string): Promise<void> {
  const config = factory.createConfig({ name: 'account', dir: appDir })({}, { mode: 'production' });
  config.output.path = dist;
  config.plugins = config.plugins.filter((plugin: object) => plugin.constructor.name !== 'CompressionPlugin');
  config.optimization.minimize = false;
  config.stats = 'none';
  const compiler = webpack(config);
  const stats = await new Promise<{ hasErrors(): boolean; compilation: { errors: Error[] } }>((resolve, reject) =>
    compiler.run((error, result) => compiler.close(() => (error ? reject(error) : resolve(result)))),
  );
  if (stats.hasErrors()) throw new Error(`the remote's build failed:\n${stats.compilation.errors.map((error) => error.message).join('\n')}`);
}

/** The built chunks (hashed .js) of `dist` whose text holds `text`. */
export function chunksWith(dist: string, text: string): string[] {
  return readdirSync(dist).filter((file) => /\.js$/.test(file) && HASHED_ASSET.test(file) && readFileSync(path.join(dist, file), 'utf8').includes(text));
}
