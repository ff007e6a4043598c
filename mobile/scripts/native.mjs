// Where the mobile project is and its Capacitor config, for sync.mjs and check.mjs; the permissions are in permissions.mjs.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const MOBILE = join(dirname(fileURLToPath(import.meta.url)), '..');
export const ROOT = join(MOBILE, '..');
export const CONFIG = JSON.parse(readFileSync(join(MOBILE, 'capacitor.config.json'), 'utf8'));

export { ANDROID_PERMISSIONS, ANDROID_SCANNER_META, IOS_CAMERA_REASON, withAndroidPermissions, withIosUsage } from './permissions.mjs';
