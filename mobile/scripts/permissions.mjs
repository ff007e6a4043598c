// What the native projects must declare (docs/product/native-app.md): sync.mjs writes it into the generated projects,
// check.mjs reads it back. Pure text edits, so scripts/nativePermissions.test.ts runs them on the templates' shape.

/** Android: the camera for the scanner, notifications (Android 13+) for alarms, the network for the API. */
export const ANDROID_PERMISSIONS = ['android.permission.INTERNET', 'android.permission.CAMERA', 'android.permission.POST_NOTIFICATIONS'];

/** iOS: why the camera is asked for (shown in the system's question), and push in the background. */
export const IOS_CAMERA_REASON = 'Paddock scans the barcode on your device to register it.';

/** In <application>: Google's scanner module comes with the app instead of on the first scan (the plugin's README). */
export const ANDROID_SCANNER_META = '<meta-data android:name="com.google.mlkit.vision.DEPENDENCIES" android:value="barcode_ui" />';

/** Adds the permissions and the scanner's meta-data the app manifest lacks (idempotent). */
export function withAndroidPermissions(manifest) {
  let text = manifest;
  if (!text.includes(ANDROID_SCANNER_META)) text = text.replace(/\n(\s*)<\/application>/, `\n$1    ${ANDROID_SCANNER_META}\n$1</application>`);
  const missing = ANDROID_PERMISSIONS.filter((name) => !text.includes(`android:name="${name}"`));
  if (!missing.length) return text;
  const lines = missing.map((name) => `    <uses-permission android:name="${name}" />`).join('\n');
  return text.replace(/\n<\/manifest>\s*$/, `\n${lines}\n</manifest>\n`);
}

/** Adds the camera reason and the remote-notification background mode to Info.plist (idempotent). */
export function withIosUsage(plist) {
  let text = plist;
  if (!text.includes('<key>NSCameraUsageDescription</key>')) {
    text = text.replace(/<dict>\n/, `<dict>\n\t<key>NSCameraUsageDescription</key>\n\t<string>${IOS_CAMERA_REASON}</string>\n`);
  }
  if (!text.includes('<key>UIBackgroundModes</key>')) {
    text = text.replace(/<dict>\n/, '<dict>\n\t<key>UIBackgroundModes</key>\n\t<array>\n\t\t<string>remote-notification</string>\n\t</array>\n');
  }
  return text;
}
