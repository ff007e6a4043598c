import { act, screen, waitFor, within } from '@testing-library/react';
import { devicesApi } from '@paddock/shared/api';
import { SCANNER_CAMERA_STORAGE_KEY } from '@paddock/shared/domain';
import { apiError, currentLocation, fencealarm, renderDevices, resetSession, toastTexts } from '../common/testing';

// The real scanner is exercised in the browser; here @zxing/library is a stand-in that hands us the decode callback.
const zxing = { onDecode: null as null | ((result: { getText(): string } | null) => void), reset: jest.fn(), created: 0 };
jest.mock('@zxing/library', () => ({
  DecodeHintType: { POSSIBLE_FORMATS: 2 },
  BarcodeFormat: { CODE_128: 4, CODE_39: 2, EAN_13: 7, QR_CODE: 11, DATA_MATRIX: 5 },
  BrowserMultiFormatReader: class {
    constructor(_hints: unknown, readonly interval: number) {
      zxing.created += 1;
      expect(interval).toBe(500);
    }
    decodeFromStream(_stream: unknown, _video: unknown, callback: (result: { getText(): string } | null) => void) {
      zxing.onDecode = callback;
      return Promise.resolve();
    }
    reset() {
      zxing.reset();
    }
  },
}));

const IMEI = '356938035643809';
const track = { stop: jest.fn(), getSettings: () => ({ deviceId: 'back-camera' }) };
const stream = { getVideoTracks: () => [track], getTracks: () => [track] };
let getUserMedia: jest.Mock;

function camera(available: boolean) {
  getUserMedia = jest.fn();
  Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
  Object.defineProperty(navigator, 'mediaDevices', { value: available ? { getUserMedia } : undefined, configurable: true });
}

beforeEach(() => {
  resetSession();
  jest.restoreAllMocks();
  zxing.onDecode = null;
  zxing.reset.mockReset();
  track.stop.mockReset();
  camera(true);
  delete document.documentElement.dataset.variant;
});

async function openPage(product: string) {
  const rendered = renderDevices(`/devices/register/${product}`);
  await screen.findByRole('heading', { level: 1 });
  return rendered;
}

describe('chooser', () => {
  test('one card per offered product, each to its page', async () => {
    const { user } = renderDevices('/devices/register');
    await screen.findByRole('heading', { level: 1, name: 'Register a device' });
    const links = screen.getAllByRole('link').filter((a) => a.getAttribute('href')?.startsWith('/devices/register/'));
    expect(links.map((a) => a.getAttribute('href'))).toEqual(
      ['farmcam-sim', 'fencealarm', 'fencealarm2', 'smartplug', 'smartplug2'].map((p) => `/devices/register/${p}`),
    );
    for (const name of ['FarmCam SIM', 'FenceAlarm', 'FenceAlarm2', 'SmartPlug', 'SmartPlug2']) expect(screen.getByRole('link', { name })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Help with registering (opens in a new tab)' })).toHaveAttribute('target', '_blank');
    await user.click(screen.getByRole('link', { name: 'SmartPlug2' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Register SmartPlug2' })).toBeInTheDocument();
    expect(currentLocation()).toBe('/devices/register/smartplug2');
  });

  test('the partner variant offers no FarmCam SIM', async () => {
    document.documentElement.dataset.variant = 'partner';
    renderDevices('/devices/register');
    await screen.findByRole('heading', { level: 1, name: 'Register a device' });
    expect(screen.queryByRole('link', { name: 'FarmCam SIM' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'FenceAlarm' })).toBeInTheDocument();
  });
});

describe('registration form', () => {
  test('checks the key and the name in the browser, in the user’s language', async () => {
    const register = jest.spyOn(devicesApi, 'register');
    const { user } = await openPage('fencealarm');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(screen.getByText('Enter the IMEI.')).toBeInTheDocument();
    expect(screen.getByText('Enter a name for the device.')).toBeInTheDocument();
    expect(screen.getByLabelText('IMEI')).toHaveFocus();
    await user.type(screen.getByLabelText('IMEI'), '12345');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(screen.getByText('The IMEI is exactly 15 digits.')).toBeInTheDocument();
    expect(register).not.toHaveBeenCalled();
  });

  test('FarmCam SIM asks for the IMSI', async () => {
    const { user } = await openPage('farmcam-sim');
    expect(screen.getByRole('heading', { level: 1, name: 'Register FarmCam SIM' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(screen.getByText('Enter the IMSI.')).toBeInTheDocument();
  });

  test('typed key and name register the device, toast, and show it on the dashboard', async () => {
    const register = jest.spyOn(devicesApi, 'register').mockResolvedValue(fencealarm('North fence', { Imei: IMEI }));
    jest.spyOn(devicesApi, 'poll').mockResolvedValue({ list: null, etag: null });
    const { user } = await openPage('fencealarm');
    await user.type(screen.getByLabelText('IMEI'), '3569 3803 5643 809');
    await user.type(screen.getByLabelText('Device name'), '  North fence ');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(currentLocation()).toBe(`/devices?id=${IMEI}`));
    expect(register).toHaveBeenCalledWith('u1', 'fencealarm', { Imei: IMEI, Name: 'North fence' });
    expect(toastTexts()).toEqual(['{name} is registered.']);
  });

  test('a server refusal is shown and what was typed stays', async () => {
    jest.spyOn(devicesApi, 'register').mockRejectedValue(apiError(404, 'unknown_device', `No FenceAlarm with IMEI ${IMEI} is known.`));
    const { user } = await openPage('fencealarm');
    await user.type(screen.getByLabelText('IMEI'), IMEI);
    await user.type(screen.getByLabelText('Device name'), 'North fence');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(`The device was not registered: No FenceAlarm with IMEI ${IMEI} is known.`);
    expect(screen.getByLabelText('IMEI')).toHaveValue(IMEI);
    expect(screen.getByLabelText('Device name')).toHaveValue('North fence');
    expect(currentLocation()).toBe('/devices/register/fencealarm');
  });

  test('SmartPlug2 takes an optional owner e-mail', async () => {
    const register = jest.spyOn(devicesApi, 'register').mockRejectedValue(apiError(409, 'taken', 'Registered to someone else.'));
    const { user } = await openPage('smartplug2');
    await user.type(screen.getByLabelText('IMEI'), IMEI);
    await user.type(screen.getByLabelText('Device name'), 'Pump');
    await user.type(screen.getByLabelText('Owner e-mail (optional)'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(register).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Owner e-mail (optional)')).toHaveFocus();
    await user.clear(screen.getByLabelText('Owner e-mail (optional)'));
    await user.type(screen.getByLabelText('Owner e-mail (optional)'), ' Olle@Example.com ');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(register).toHaveBeenCalledWith('u1', 'smartplug2', { Imei: IMEI, Name: 'Pump', Owner: 'olle@example.com' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Registered to someone else.');
  });
});

describe('barcode scanner', () => {
  test('asks for the camera, scans, and fills the key when a barcode is read', async () => {
    let grant!: (value: unknown) => void;
    getUserMedia.mockImplementation(() => new Promise((resolve) => (grant = resolve)));
    const { user } = await openPage('smartplug');
    await user.click(screen.getByRole('button', { name: 'Scan barcode' }));
    expect(await screen.findByText('Asking for permission to use the camera…')).toBeInTheDocument();
    await act(async () => grant(stream));
    expect(await screen.findByText('Point the camera at the barcode on the device or its box.')).toBeInTheDocument();
    expect(getUserMedia).toHaveBeenCalledWith({ video: { facingMode: 'environment' } });
    expect(localStorage.getItem(SCANNER_CAMERA_STORAGE_KEY)).toBe('back-camera');

    act(() => zxing.onDecode!({ getText: () => 'hello' }));
    expect(screen.getByText(/holds no 15-digit number/)).toBeInTheDocument();
    act(() => zxing.onDecode!({ getText: () => `IMEI:${IMEI}` }));
    expect(screen.getByText(`Barcode read: ${IMEI}`)).toBeInTheDocument();
    expect(screen.getByLabelText('IMEI')).toHaveValue(IMEI);
    expect(zxing.reset).toHaveBeenCalled();
    expect(track.stop).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Scan again' })).toBeInTheDocument();
  });

  test('uses the remembered camera next time', async () => {
    localStorage.setItem(SCANNER_CAMERA_STORAGE_KEY, 'usb-camera');
    getUserMedia.mockResolvedValue(stream);
    const { user } = await openPage('smartplug');
    await user.click(screen.getByRole('button', { name: 'Scan barcode' }));
    await screen.findByText('Point the camera at the barcode on the device or its box.');
    expect(getUserMedia).toHaveBeenCalledWith({ video: { deviceId: { exact: 'usb-camera' } } });
  });

  test('denied: says how to allow the camera, and typing still works', async () => {
    getUserMedia.mockRejectedValue(new DOMException('denied', 'NotAllowedError'));
    const { user } = await openPage('fencealarm2');
    await user.click(screen.getByRole('button', { name: 'Scan barcode' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Camera access was denied.');
    await user.click(screen.getByRole('button', { name: 'Type the number instead' }));
    await waitFor(() => expect(screen.getByLabelText('IMEI')).toHaveFocus());
    expect(screen.queryByText(/Camera access was denied/)).not.toBeInTheDocument();
  });

  test.each([
    ['no camera', () => getUserMedia.mockRejectedValue(new DOMException('none', 'NotFoundError'))],
    ['no camera support', () => camera(false)],
  ])('unavailable (%s): says so and offers the photo scan', async (_case, setUp) => {
    setUp();
    const { user } = await openPage('smartplug');
    await user.click(screen.getByRole('button', { name: 'Scan barcode' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No camera can be used here.');
    const section = screen.getByRole('region', { name: 'Barcode scanner' });
    expect(within(section).getByLabelText('Scan a photo of the barcode')).toHaveAttribute('type', 'file');
  });

  test('manual entry: the scanner closes and the key field takes the typing', async () => {
    getUserMedia.mockResolvedValue(stream);
    const register = jest.spyOn(devicesApi, 'register').mockResolvedValue(fencealarm('Fence', { Imei: IMEI }));
    jest.spyOn(devicesApi, 'poll').mockResolvedValue({ list: null, etag: null });
    const { user } = await openPage('fencealarm');
    await user.click(screen.getByRole('button', { name: 'Scan barcode' }));
    await screen.findByText('Point the camera at the barcode on the device or its box.');
    await user.click(screen.getByRole('button', { name: 'Type the number instead' }));
    expect(track.stop).toHaveBeenCalled();
    await waitFor(() => expect(screen.getByLabelText('IMEI')).toHaveFocus());
    await user.keyboard(IMEI);
    await user.type(screen.getByLabelText('Device name'), 'Fence');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(register).toHaveBeenCalledWith('u1', 'fencealarm', { Imei: IMEI, Name: 'Fence' }));
  });
});
