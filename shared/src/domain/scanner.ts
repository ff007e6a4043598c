// Barcode scanner rules (docs/product/states.md Scanner camera, §5, §8, §9): constants, the camera state machine, the scan box
// and the key read from a scanned code.
import { normalizeDeviceKey } from './deviceKeys';

/** docs/product/limits.md: 2 frames per second, 500 ms between decodes. */
export const SCANNER_FPS = 2;
export const SCANNER_DECODE_INTERVAL_MS = 500;
/** docs/product/limits.md: default scan box width 300 px; docs/product/validation.md: at least 50 px. */
export const SCANNER_DEFAULT_WIDTH = 300;
export const SCANNER_MIN_SCAN_BOX = 50;
/** docs/product/limits.md: a photo (file scan) must be at least 300 px high. */
export const SCANNER_FILE_MIN_HEIGHT = 300;
/** docs/product/limits.md: the scanner remembers the last camera (its device id, in local storage under this key). */
export const SCANNER_CAMERA_STORAGE_KEY = 'paddock.scanner.camera';
/** docs/product/limits.md: camera and file scan types. */
export const SCAN_TYPES = ['camera', 'file'] as const;
export type ScanType = (typeof SCAN_TYPES)[number];

/** docs/product/states.md: the camera is not started, scanning or paused. */
export type CameraState = 'notStarted' | 'scanning' | 'paused';
export type CameraAction = 'start' | 'pause' | 'resume' | 'stop';

/** docs/product/states.md: the camera's transitions; paused cannot be entered from not started (the state stays as it was). */
export function cameraTransition(state: CameraState, action: CameraAction): CameraState {
  switch (action) {
    case 'start':
      return 'scanning';
    case 'pause':
      return state === 'scanning' ? 'paused' : state;
    case 'resume':
      return state === 'paused' ? 'scanning' : state;
    case 'stop':
      return 'notStarted';
  }
}

/**
 * docs/product/validation.md, docs/product/limits.md: the side of the square scan box for a view of `width` × `height` px: the default 300 px, or 70 % of
 * the shorter side when the view is smaller; null when that is below the 50 px minimum (an invalid scan box).
 */
export function scanBoxSize(width: number, height: number): number | null {
  const side = Math.floor(Math.min(SCANNER_DEFAULT_WIDTH, 0.7 * Math.min(width, height)));
  return side >= SCANNER_MIN_SCAN_BOX ? side : null;
}

/** docs/product/limits.md: a photo for the file scan must be at least 300 px high. */
export function isFileScanHighEnough(height: number): boolean {
  return height >= SCANNER_FILE_MIN_HEIGHT;
}

/**
 * The IMEI or IMSI in a scanned code: the code itself when it is 15 digits (spaces dropped), else the first run
 * of exactly 15 digits in it (labels such as 'IMEI: 356938035643809' or '…;IMSI=240071234567890;…'); null when none.
 */
export function keyFromScan(text: string): string | null {
  const whole = normalizeDeviceKey(text);
  if (/^\d{15}$/.test(whole)) return whole;
  const match = /(?:^|\D)(\d{15})(?!\d)/.exec(text);
  return match ? match[1] : null;
}
