import {
  SCANNER_DECODE_INTERVAL_MS,
  SCANNER_DEFAULT_WIDTH,
  SCANNER_FPS,
  SCANNER_MIN_SCAN_BOX,
  cameraTransition,
  isFileScanHighEnough,
  keyFromScan,
  scanBoxSize,
} from './scanner';

test('docs/product/limits.md scanner constants', () => {
  expect(SCANNER_FPS).toBe(2);
  expect(SCANNER_DECODE_INTERVAL_MS).toBe(500);
  expect(SCANNER_DEFAULT_WIDTH).toBe(300);
  expect(SCANNER_MIN_SCAN_BOX).toBe(50);
});

test('docs/product/states.md camera states: paused cannot be entered from not started', () => {
  expect(cameraTransition('notStarted', 'pause')).toBe('notStarted');
  expect(cameraTransition('notStarted', 'start')).toBe('scanning');
  expect(cameraTransition('scanning', 'pause')).toBe('paused');
  expect(cameraTransition('paused', 'resume')).toBe('scanning');
  expect(cameraTransition('notStarted', 'resume')).toBe('notStarted');
  expect(cameraTransition('paused', 'stop')).toBe('notStarted');
});

test('scan box: 300 px by default, smaller views get 70 %, below 50 px is invalid', () => {
  expect(scanBoxSize(1280, 720)).toBe(300);
  expect(scanBoxSize(360, 300)).toBe(210);
  expect(scanBoxSize(72, 72)).toBe(50);
  expect(scanBoxSize(71, 200)).toBeNull();
});

test('file scan needs a photo at least 300 px high', () => {
  expect(isFileScanHighEnough(300)).toBe(true);
  expect(isFileScanHighEnough(299)).toBe(false);
});

test('the key in a scanned code', () => {
  expect(keyFromScan('356938035643809')).toBe('356938035643809');
  expect(keyFromScan('3569 3803 5643 809')).toBe('356938035643809');
  expect(keyFromScan('IMEI: 356938035643809')).toBe('356938035643809');
  expect(keyFromScan('SN=1;IMSI=240071234567890;X')).toBe('240071234567890');
  expect(keyFromScan('1234567890123456')).toBeNull();
  expect(keyFromScan('hello')).toBeNull();
});
