// The register pages in the native app scan with the phone's scanner, with Capacitor's plugin faked (it is the
// platform): the key goes into the form, and a denied camera is explained with a way to the phone's settings.
import { screen, waitFor } from '@testing-library/react';
import { renderDevices, resetSession } from '../common/testing';

const IMEI = '356938035643809';
const scanner = {
  isSupported: jest.fn(async () => ({ supported: true })),
  checkPermissions: jest.fn(async () => ({ camera: 'prompt' })),
  requestPermissions: jest.fn(async () => ({ camera: 'granted' })),
  isGoogleBarcodeScannerModuleAvailable: jest.fn(async () => ({ available: true })),
  installGoogleBarcodeScannerModule: jest.fn(async () => {}),
  scan: jest.fn(async () => ({ barcodes: [{ rawValue: `IMEI:${IMEI}` }] })),
  openSettings: jest.fn(async () => {}),
};
jest.mock('@capacitor-mlkit/barcode-scanning', () => ({
  BarcodeScanner: scanner,
  BarcodeFormat: { Code128: 'CODE_128', Code39: 'CODE_39', Ean13: 'EAN_13', QrCode: 'QR_CODE', DataMatrix: 'DATA_MATRIX' },
}));
// The web scanner must not start in the app.
jest.mock('@zxing/library', () => {
  throw new Error('zxing loaded in the native app');
});

let platform = 'ios';
beforeEach(() => {
  resetSession();
  jest.clearAllMocks();
  platform = 'ios';
  (window as { Capacitor?: unknown }).Capacitor = { isNativePlatform: () => true, getPlatform: () => platform };
});
afterEach(() => {
  delete (window as { Capacitor?: unknown }).Capacitor;
});

async function startScanning(locale?: 'de-DE') {
  const { user } = renderDevices('/devices/register/fencealarm', { locale });
  await user.click(await screen.findByRole('button', { name: locale === 'de-DE' ? 'Barcode scannen' : 'Scan barcode' }));
  return user;
}

test('asks for the camera, scans natively and fills the form with the key', async () => {
  await startScanning();
  expect(await screen.findByText(`Barcode read: ${IMEI}`)).toBeInTheDocument();
  expect(scanner.requestPermissions).toHaveBeenCalled();
  expect(scanner.scan).toHaveBeenCalledWith({ formats: ['CODE_128', 'CODE_39', 'EAN_13', 'QR_CODE', 'DATA_MATRIX'] });
  expect(screen.getByDisplayValue(IMEI)).toBeInTheDocument();
});

test('a denied camera is explained in words, with the phone settings one tap away', async () => {
  scanner.requestPermissions.mockResolvedValueOnce({ camera: 'denied' });
  const user = await startScanning('de-DE');
  expect(await screen.findByText(/Paddock darf die Kamera nicht verwenden/)).toBeInTheDocument();
  expect(scanner.scan).not.toHaveBeenCalled();
  await user.click(screen.getByRole('button', { name: 'Telefoneinstellungen öffnen' }));
  await waitFor(() => expect(scanner.openSettings).toHaveBeenCalled());
});

test('on Android without Google’s scanner module yet, it is installed and the user told to try again', async () => {
  platform = 'android';
  scanner.isGoogleBarcodeScannerModuleAvailable.mockResolvedValueOnce({ available: false });
  await startScanning();
  expect(await screen.findByText(/installing its barcode scanner/)).toBeInTheDocument();
  expect(scanner.installGoogleBarcodeScannerModule).toHaveBeenCalled();
  expect(scanner.scan).not.toHaveBeenCalled();
});
