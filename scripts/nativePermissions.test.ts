// The permissions sync.mjs writes into the generated native projects (docs/product/native-app.md), on files shaped
// like Capacitor 7's templates: all of them once, however often sync runs. check.mjs reads the real ones in `npm test`.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ANDROID_PERMISSIONS, ANDROID_SCANNER_META, IOS_CAMERA_REASON, withAndroidPermissions, withIosUsage } from '../mobile/scripts/permissions.mjs';

const MANIFEST = `<?xml version="1.0" encoding="utf-8"?>
<manifest xmlns:android="http://schemas.android.com/apk/res/android">
    <application android:label="@string/app_name">
    </application>

    <!-- Permissions -->

    <uses-permission android:name="android.permission.INTERNET" />
</manifest>
`;
const PLIST = `<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
\t<key>CFBundleDisplayName</key>
\t<string>Paddock</string>
</dict>
</plist>
`;

test('Android: INTERNET, CAMERA and POST_NOTIFICATIONS, and the scanner module, each once', () => {
  const once = withAndroidPermissions(MANIFEST);
  for (const permission of ANDROID_PERMISSIONS) expect(once.split(`<uses-permission android:name="${permission}" />`)).toHaveLength(2);
  expect(ANDROID_PERMISSIONS).toEqual(expect.arrayContaining(['android.permission.CAMERA', 'android.permission.POST_NOTIFICATIONS']));
  expect(once).toMatch(new RegExp(`<application [^>]*>\\s*${ANDROID_SCANNER_META}\\s*</application>`));
  expect(withAndroidPermissions(once)).toBe(once);
  expect(once.trimEnd().endsWith('</manifest>')).toBe(true);
});

test('iOS: the camera reason and remote notifications in the background, each once', () => {
  const once = withIosUsage(PLIST);
  expect(once).toContain(`<key>NSCameraUsageDescription</key>\n\t<string>${IOS_CAMERA_REASON}</string>`);
  expect(once).toMatch(/<key>UIBackgroundModes<\/key>\s*<array>\s*<string>remote-notification<\/string>/);
  expect(withIosUsage(once)).toBe(once);
});

test('the app id and name the stores know it by', () => {
  const config = JSON.parse(readFileSync(path.join(__dirname, '..', 'mobile', 'capacitor.config.json'), 'utf8'));
  expect(config).toMatchObject({ appId: 'farm.paddock.app', appName: 'Paddock', webDir: 'www', server: { androidScheme: 'https' } });
});
