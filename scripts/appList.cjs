// The front-end apps, listed once: the build, start and bench (apps.mjs), jest's roots (jest.config.js), the import
// boundaries (lint/boundaries.mjs) and the i18n checks (shared/src/i18n/messageFiles.ts) all read this list.
// CommonJS, so jest.config.js can require it and the ES modules can import it.
const { existsSync, readdirSync } = require('node:fs');
const { join } = require('node:path');

/** The shell first, then the remotes it loads. */
const APPS = ['shell', 'mfe-account', 'mfe-devices', 'mfe-billing', 'mfe-admin'];

/** The packages that hold user-visible texts: @paddock/shared and every app. */
const TEXT_PACKAGES = ['shared', ...APPS];

/**
 * Folders of `root` built as an app (a webpack.config.js beside a src/) that APPS does not name: their tests, texts
 * and boundaries would go unchecked. eslint.config.mjs refuses to lint while there is one.
 */
function unlistedApps(root, apps = APPS) {
  return readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== 'node_modules' && !apps.includes(entry.name))
    .map((entry) => entry.name)
    .filter((name) => existsSync(join(root, name, 'webpack.config.js')) && existsSync(join(root, name, 'src')));
}

module.exports = { APPS, TEXT_PACKAGES, unlistedApps };
