// `npm run sync -w mobile`: assembles the web app the native app carries (the shell and every remote, built
// already), generates the Android and iOS projects from Capacitor's templates when missing, writes the permissions
// into them and runs `cap sync`. No SDK, CocoaPods, Xcode or network needed (docs/product/native-app.md).
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONFIG, MOBILE, ROOT, withAndroidPermissions, withIosUsage } from './native.mjs';

const REMOTES = ['account', 'devices', 'billing', 'admin'];
/** Where the app calls the API: the server's /api, absolute (the app's own pages are on the phone). */
const apiBase = process.env.PADDOCK_API_BASE || 'https://paddock.example.com/api';
if (!/^https?:\/\/[^/]+/.test(apiBase)) throw new Error(`PADDOCK_API_BASE must be an absolute URL, got "${apiBase}"`);
if (!process.env.PADDOCK_API_BASE) console.warn(`PADDOCK_API_BASE is not set: the app will call ${apiBase} (fine for CI, not for a release)`);

function run(args) {
  const result = spawnSync('npx', ['cap', ...args], { cwd: MOBILE, stdio: 'inherit', env: { ...process.env, CAPACITOR_TELEMETRY: 'false' } });
  if (result.status !== 0) throw new Error(`cap ${args.join(' ')} failed (${result.status})`);
}

// 1. The web app: the shell at the root, each remote under /remotes/<name>/ as the server serves them.
const www = join(MOBILE, CONFIG.webDir);
rmSync(www, { recursive: true, force: true });
const shellDist = join(ROOT, 'shell', 'dist');
if (!existsSync(join(shellDist, 'index.html'))) throw new Error('shell/dist is missing: build the apps first (npm run build)');
cpSync(shellDist, www, { recursive: true, filter: (path) => !/\.(br|gz)$/.test(path) });
const remotes = {};
for (const name of REMOTES) {
  const dist = join(ROOT, `mfe-${name}`, 'dist');
  if (!existsSync(join(dist, 'mf-manifest.json'))) throw new Error(`mfe-${name}/dist is missing: build the apps first (npm run build)`);
  cpSync(dist, join(www, 'remotes', name), { recursive: true, filter: (path) => !/\.(br|gz)$/.test(path) });
  remotes[name] = `/remotes/${name}/mf-manifest.json`;
}
writeFileSync(join(www, 'remotes.json'), `${JSON.stringify(remotes, null, 2)}\n`);
writeFileSync(join(www, 'native-config.js'), `window.PADDOCK_NATIVE = ${JSON.stringify({ apiBase: apiBase.replace(/\/+$/, '') })};\n`);
const index = join(www, 'index.html');
// The app is the default brand: marked on the page as the server marks it (shell/src/startup/variant.ts), so the shell
// does not ask the phone's own origin for /api/variant.
writeFileSync(
  index,
  readFileSync(index, 'utf8')
    .replace(/<html([^>]*)>/, (tag, attributes) => (attributes.includes('data-variant') ? tag : `<html${attributes} data-variant="default">`))
    .replace('<head>', '<head>\n    <script src="/native-config.js"></script>'),
);

// 2. The native projects, from the templates in node_modules.
mkdirSync(MOBILE, { recursive: true });
if (!existsSync(join(MOBILE, 'android'))) run(['add', 'android']);
// iOS with CocoaPods: @capacitor-mlkit/barcode-scanning 7 has no Swift package. Without CocoaPods (Linux, CI) `cap`
// skips `pod install` and writes the Podfile; on a Mac, `npx cap sync ios` installs the pods.
if (!existsSync(join(MOBILE, 'ios'))) run(['add', 'ios']);

// 3. Permissions, then the web app and plugins into both projects.
const manifest = join(MOBILE, 'android', 'app', 'src', 'main', 'AndroidManifest.xml');
writeFileSync(manifest, withAndroidPermissions(readFileSync(manifest, 'utf8')));
const plist = join(MOBILE, 'ios', 'App', 'App', 'Info.plist');
writeFileSync(plist, withIosUsage(readFileSync(plist, 'utf8')));
run(['sync']);
