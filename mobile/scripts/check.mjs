// `npm run check -w mobile`, after sync.mjs: the generated Android and iOS projects carry the app id, the name, the
// permissions, both plugins and the web app with its API base (docs/product/native-app.md). Fails naming what is wrong.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ANDROID_PERMISSIONS, ANDROID_SCANNER_META, CONFIG, MOBILE } from './native.mjs';

const problems = [];
const read = (...parts) => {
  const file = join(MOBILE, ...parts);
  if (!existsSync(file)) {
    problems.push(`${parts.join('/')} is missing`);
    return '';
  }
  return readFileSync(file, 'utf8');
};
const expect = (ok, what) => ok || problems.push(what);

expect(/^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)+$/.test(CONFIG.appId), `appId "${CONFIG.appId}" is not a reverse-domain id`);

// Android
const gradle = read('android', 'app', 'build.gradle');
expect(gradle.includes(`applicationId "${CONFIG.appId}"`), `android/app/build.gradle: applicationId is not ${CONFIG.appId}`);
const strings = read('android', 'app', 'src', 'main', 'res', 'values', 'strings.xml');
expect(strings.includes(`<string name="app_name">${CONFIG.appName}</string>`), `Android app_name is not ${CONFIG.appName}`);
const manifest = read('android', 'app', 'src', 'main', 'AndroidManifest.xml');
expect(/<application[\s\S]*barcode_ui[\s\S]*<\/application>/.test(manifest) && manifest.includes(ANDROID_SCANNER_META), 'AndroidManifest.xml lacks the scanner module meta-data');
for (const permission of ANDROID_PERMISSIONS) expect(manifest.includes(`<uses-permission android:name="${permission}" />`), `AndroidManifest.xml lacks ${permission}`);
const androidPlugins = read('android', 'capacitor.settings.gradle');
for (const plugin of ['capacitor-mlkit-barcode-scanning', 'capacitor-push-notifications']) expect(androidPlugins.includes(`include ':${plugin}'`), `Android project lacks the plugin ${plugin}`);
const androidWeb = read('android', 'app', 'src', 'main', 'assets', 'capacitor.config.json');
expect(androidWeb.includes(`"appId": "${CONFIG.appId}"`), 'the Android app carries another capacitor.config.json');

// iOS
const plist = read('ios', 'App', 'App', 'Info.plist');
expect(/<key>CFBundleDisplayName<\/key>\s*<string>Paddock<\/string>/.test(plist), `Info.plist: CFBundleDisplayName is not ${CONFIG.appName}`);
expect(/<key>NSCameraUsageDescription<\/key>\s*<string>[^<]{10,}<\/string>/.test(plist), 'Info.plist lacks NSCameraUsageDescription (the scanner would crash the app)');
expect(/<key>UIBackgroundModes<\/key>\s*<array>\s*<string>remote-notification<\/string>/.test(plist), 'Info.plist lacks the remote-notification background mode');
const project = read('ios', 'App', 'App.xcodeproj', 'project.pbxproj');
expect(project.includes(`PRODUCT_BUNDLE_IDENTIFIER = ${CONFIG.appId};`), `iOS bundle id is not ${CONFIG.appId}`);
const podfile = read('ios', 'App', 'Podfile');
for (const pod of ['CapacitorMlkitBarcodeScanning', 'CapacitorPushNotifications']) expect(podfile.includes(`pod '${pod}'`), `Podfile lacks ${pod}`);

// The web app in both
for (const www of [['android', 'app', 'src', 'main', 'assets', 'public'], ['ios', 'App', 'App', 'public']]) {
  const page = read(...www, 'index.html');
  expect(page.includes('<script src="/native-config.js"></script>'), `${www.join('/')}/index.html does not load native-config.js`);
  expect(/<html[^>]* data-variant="default"/.test(page), `${www.join('/')}/index.html is not marked with its variant`);
  expect(/window\.PADDOCK_NATIVE = \{"apiBase":"https?:\/\/[^"]+"\}/.test(read(...www, 'native-config.js')), `${www.join('/')}/native-config.js has no API base`);
  const remotes = JSON.parse(read(...www, 'remotes.json') || '{}');
  for (const name of ['account', 'devices', 'billing', 'admin']) expect(existsSync(join(MOBILE, ...www, remotes[name] ?? '-')), `${www.join('/')}: remote ${name} is not bundled`);
}

if (problems.length) {
  console.error(`✖ native projects:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(`✔ native projects: ${CONFIG.appId} "${CONFIG.appName}", Android and iOS, permissions and plugins in place`);
