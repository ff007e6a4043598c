import { act, screen, waitFor, within } from '@testing-library/react';
import { ApiError, devicesApi } from '@paddock/shared/api';
import { SCANNER_CAMERA_STORAGE_KEY } from '@paddock/shared/domain';
import { apiError, currentLocation, fencealarm, renderDevices, resetSession, toastTexts } from '../common/testing';
import { registerTexts } from './messages';
import { registrationFailure } from './RegisterDevice';

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
    // Its own support site (docs/product/overview.md#branded-variants).
    expect(screen.getByRole('link', { name: 'Help with registering (opens in a new tab)' })).toHaveAttribute('href', 'https://support.partner.example/register');
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

  test.each([
    ['fencealarm', 'For example “North paddock fence”'],
    ['fencealarm2', 'For example “North paddock fence”'],
    ['smartplug', 'For example “Brooder heater”'],
    ['smartplug2', 'For example “Brooder heater”'],
    ['farmcam-sim', 'For example “Barn camera”'],
  ])('%s suggests an example name of its own kind: %s', async (product, example) => {
    await openPage(product);
    expect(screen.getByLabelText('Device name')).toHaveAccessibleDescription(example);
  });

  test('in French, registering is “Ajouter”, never “Enregistrer” (which is Save)', async () => {
    renderDevices('/devices/register/smartplug', { locale: 'fr-FR' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Ajouter un appareil SmartPlug' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ajouter l’appareil' })).toBeInTheDocument();
    expect(screen.getByLabelText('Nom de l’appareil')).toHaveAccessibleDescription('Par exemple « Chauffage de la poussinière »');
    expect(screen.queryByRole('button', { name: /Enregistrer/ })).not.toBeInTheDocument();
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
    expect(register).toHaveBeenCalledWith('u1', 'fencealarm', { Imei: IMEI, Name: 'North fence' }, { silent: true });
    expect(toastTexts()).toEqual(['{name} is registered.']);
  });

  test('a server refusal is said once, in words, under the field it names; no toast; what was typed stays', async () => {
    const register = jest
      .spyOn(devicesApi, 'register')
      .mockRejectedValue(apiError(404, 'device_unknown', `No FenceAlarm with IMEI ${IMEI} is known.`, 'Imei'));
    const { user } = await openPage('fencealarm');
    await user.type(screen.getByLabelText('IMEI'), IMEI);
    await user.type(screen.getByLabelText('Device name'), 'North fence');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(`No FenceAlarm with IMEI ${IMEI} is known.`);
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.getByLabelText('IMEI')).toHaveAccessibleDescription(`No FenceAlarm with IMEI ${IMEI} is known.`);
    await waitFor(() => expect(screen.getByLabelText('IMEI')).toHaveFocus());
    expect(register.mock.calls[0][3]).toEqual({ silent: true });
    expect(toastTexts()).toEqual([]);
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
    expect(register).toHaveBeenCalledWith('u1', 'smartplug2', { Imei: IMEI, Name: 'Pump', Owner: 'olle@example.com' }, { silent: true });
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
    await waitFor(() => expect(register).toHaveBeenCalledWith('u1', 'fencealarm', { Imei: IMEI, Name: 'Fence' }, { silent: true }));
  });
});

describe('registrationFailure: one message in words per refusal', () => {
  const field = 'IMEI';
  test.each([
    ['a 404 without a reply body', new ApiError(404, 'Not Found', ''), 'key', 'keyUnknown'],
    ['a 409 without a reply body', new ApiError(409, 'Conflict', ''), 'key', 'keyTaken'],
    ['a 429', new ApiError(429, 'Too Many Requests', ''), null, 'tooMany'],
    ['a 502', new ApiError(502, 'Bad Gateway', '<html>'), null, 'failedLater'],
  ] as const)('%s gets this page’s own text, never the raw status line', (_name, error, at, key) => {
    const { field: target, message } = registrationFailure(error, field);
    expect(target).toBe(at);
    expect(message).toEqual(expect.objectContaining({ message: registerTexts.messages[key] }));
  });

  test('the server’s localized message goes under the field it names', () => {
    const error = new ApiError(400, 'Bad Request', JSON.stringify({ Error: 'too_long', Message: 'Name is too long.', Field: 'Name' }), 'too_long', 'Name');
    expect(registrationFailure(error, field)).toEqual({ field: 'name', message: 'Name is too long.' });
  });
});
