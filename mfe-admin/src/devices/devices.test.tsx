// /admin/{product}, /admin/{product}/{key}, /add-trial and /fota (docs/product/admin.md).
import { act, screen, waitFor, within } from '@testing-library/react';
import { adminApi, billingApi, devicesApi } from '@paddock/shared/api';
import type { AdminDeviceSummary, User } from '@paddock/shared/contract';
import { impersonationAtom, paddockStore } from '@paddock/shared/session';
import { apiError, resetSession, sampleAdmin, samplePrices, sampleUser, signInAs, toastTexts } from '@paddock/shared/testing/fixtures';
import { currentLocation, renderRemote } from '@paddock/shared/testing/renderRemote';
import App from '../App';
import { FIRMWARE_POLL_MS } from './useAdminDevice';

const IMSI = '240071234567890';
const IMEI = '356938035643801';
const owner: User = { ...sampleUser, Id: 'u7', Email: 'greta@example.com' };
const metadata = { Name: 'Gate', Tags: [], OwnerEmail: owner.Email, Access: [owner.Email], Notify: [], Owner: owner.Id };
const subscription = { Trialing: false, ExpiresAt: '2099-01-01T00:00:00.000Z', PriceIds: { Current: 'p', Next: 'p' } };
const sim = { Product: 'farmcam-sim', Imsi: IMSI, RemainingData: 5, Subscription: subscription, Metadata: metadata };
const fence2 = (firmware: unknown) => ({
  Product: 'fencealarm2',
  Imei: IMEI,
  Firmware: firmware,
  Subscription: subscription,
  Metadata: metadata,
});
const plug = { Product: 'smartplug', Imei: IMEI, Subscription: subscription, Metadata: metadata };
const summary = (key: string): AdminDeviceSummary => ({
  Key: key,
  Product: 'fencealarm',
  Name: `Fence ${key}`,
  OwnerEmail: owner.Email,
  Owner: owner.Id,
  RegisteredAt: '2026-01-02T10:00:00.000Z',
  Online: true,
});

beforeEach(() => {
  resetSession();
  signInAs(sampleAdmin);
  // The device page names plans from the catalogue and takes the registration time from the search.
  jest.spyOn(billingApi, 'prices').mockResolvedValue(samplePrices);
  jest.spyOn(adminApi, 'searchDevices').mockResolvedValue({ Devices: [], Next: null });
});

/**
 * The browser's own time zone, as a staff member's machine has it: every date format that names no zone uses
 * `zone` (the page must format in the reader's zone, not UTC and not as ISO text).
 */
function inTimeZone(zone: string) {
  const Original = Intl.DateTimeFormat;
  const zoned = jest
    .spyOn(Intl, 'DateTimeFormat')
    .mockImplementation(
      (locales?: Intl.LocalesArgument, options?: Intl.DateTimeFormatOptions) => new Original(locales, { timeZone: zone, ...options }),
    );
  Object.assign(zoned, { supportedLocalesOf: Original.supportedLocalesOf.bind(Original) });
}

/** The value beside a label in a region's description lists. */
function valueIn(region: string, label: string): HTMLElement {
  const term = within(screen.getByRole('region', { name: region })).getByText(label, { selector: 'dt' });
  return term.nextElementSibling as HTMLElement;
}
afterEach(() => {
  jest.restoreAllMocks();
  jest.useRealTimers();
});

describe('/admin/{product} search', () => {
  test('lists the first page, searches by key and owner prefix, and Load more appends the next', async () => {
    const search = jest
      .spyOn(adminApi, 'searchDevices')
      .mockResolvedValueOnce({ Devices: [summary('111')], Next: null })
      .mockResolvedValueOnce({ Devices: [summary('356938035643801')], Next: '356938035643801' })
      .mockResolvedValueOnce({ Devices: [summary('356938035643802')], Next: null });
    const { user } = renderRemote(App, '/admin/fencealarm');
    expect(await screen.findByRole('link', { name: '111' })).toHaveAttribute('href', '/admin/fencealarm/111');
    expect(search).toHaveBeenLastCalledWith('fencealarm', { key: '', owner: '', limit: 25 }, { silent: true });

    await user.type(screen.getByLabelText('IMEI starts with'), '3569 38');
    await user.type(screen.getByLabelText('Owner’s e-mail starts with'), 'greta');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    const table = await screen.findByRole('table', { name: 'FenceAlarm devices' });
    expect(search).toHaveBeenLastCalledWith('fencealarm', { key: '356938', owner: 'greta', limit: 25 }, { silent: true });
    expect(within(table).getByRole('link', { name: IMEI })).toBeInTheDocument();
    await waitFor(() => expect(currentLocation()).toBe('/admin/fencealarm?key=356938&owner=greta'));

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: '356938035643802' })).toBeInTheDocument();
    expect(search).toHaveBeenLastCalledWith('fencealarm', { key: '356938', owner: 'greta', after: IMEI, limit: 25 });
    expect(screen.getByRole('link', { name: IMEI })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  test('a key with letters is refused under the field', async () => {
    const search = jest.spyOn(adminApi, 'searchDevices').mockResolvedValue({ Devices: [], Next: null });
    const { user } = renderRemote(App, '/admin/farmcam-sim');
    expect(await screen.findByText('Nothing found.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('IMSI starts with'), '24007x');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByLabelText('IMSI starts with')).toHaveAccessibleDescription('Use digits only.');
    expect(search).toHaveBeenCalledTimes(1);
  });

  test('a failed search says why, and Try again', async () => {
    jest
      .spyOn(adminApi, 'searchDevices')
      .mockRejectedValueOnce(apiError(400, 'invalid_field', 'owner is too long', 'owner'))
      .mockResolvedValue({ Devices: [], Next: null });
    const { user } = renderRemote(App, '/admin/smartplug2');
    expect(await screen.findByRole('alert')).toHaveTextContent('This could not be loaded: owner is too long');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Nothing found.')).toBeInTheDocument();
  });
});

describe('/admin/{product}/{key}', () => {
  test('the device as labelled values, its JSON behind Show raw data; Impersonate owner uses the product’s key type, sets the session and opens /devices', async () => {
    jest.spyOn(devicesApi, 'get').mockResolvedValue({ ...sim, RemainingData: 1_234_000_000, UsedData: 250_000_000 } as never);
    const impersonate = jest.spyOn(adminApi, 'impersonate').mockResolvedValue(owner);
    const { user } = renderRemote(App, `/admin/farmcam-sim/${IMSI}`);
    expect(await screen.findByRole('heading', { level: 1, name: `FarmCam SIM ${IMSI}` })).toBeInTheDocument();
    expect(screen.getByText('Owner: greta@example.com')).toBeInTheDocument();
    expect(valueIn('Device record', 'Product')).toHaveTextContent('FarmCam SIM');
    expect(valueIn('Device record', 'IMSI')).toHaveTextContent(IMSI);
    expect(valueIn('Device record', 'Name')).toHaveTextContent('Gate');
    expect(within(valueIn('Device record', 'Owner')).getByRole('link', { name: 'greta@example.com' })).toHaveAttribute(
      'href',
      '/admin/user/u7',
    );
    expect(valueIn('Device record', 'People with access')).toHaveTextContent('greta@example.com');
    // The search had nothing to say: missing, not made up.
    expect(valueIn('Device record', 'Registered')).toHaveTextContent('—');
    expect(valueIn('Live values', 'Data left')).toHaveTextContent('1.2 GB');
    expect(valueIn('Live values', 'Data used since activation')).toHaveTextContent('250 MB');
    expect(await screen.findByText('1 January 2099', { exact: false, selector: 'dd' })).toHaveTextContent('Renews 1 January 2099');
    expect(screen.queryByLabelText(`FarmCam SIM ${IMSI} as JSON`)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Show raw data' }));
    expect(screen.getByLabelText(`FarmCam SIM ${IMSI} as JSON`).textContent).toBe(
      JSON.stringify({ ...sim, RemainingData: 1_234_000_000, UsedData: 250_000_000 }, null, 2),
    );
    expect(screen.getByRole('button', { name: 'Hide raw data' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.queryByRole('link', { name: 'Configure FOTA' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reset consumption' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Impersonate owner' }));
    await waitFor(() => expect(currentLocation()).toBe('/devices'));
    expect(impersonate).toHaveBeenCalledWith('farmcamsim', IMSI);
    expect(paddockStore.get(impersonationAtom)).toEqual({ User: owner, ReturnTo: '/admin/user/u7' });
  });

  test('a device that cannot be loaded: the reason and Try again', async () => {
    const get = jest
      .spyOn(devicesApi, 'get')
      .mockRejectedValueOnce(apiError(404, 'not_found', 'No such device'))
      .mockResolvedValue(plug as never);
    const { user } = renderRemote(App, `/admin/smartplug/${IMEI}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('This could not be loaded: No such device');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Reset consumption' })).toBeInTheDocument();
    expect(get).toHaveBeenCalledTimes(2);
  });

  test('Cancel subscription asks first (Keep it does nothing), then cancels and shows the answer', async () => {
    jest.spyOn(devicesApi, 'get').mockResolvedValue(sim as never);
    const ended = { ...sim, Subscription: { ...subscription, PriceIds: { Current: '', Next: '' } } };
    const cancel = jest.spyOn(adminApi, 'cancelSubscription').mockResolvedValue(ended as never);
    const { user } = renderRemote(App, `/admin/farmcam-sim/${IMSI}`);
    await user.click(await screen.findByRole('button', { name: 'Show raw data' }));
    await user.click(screen.getByRole('button', { name: 'Cancel subscription' }));
    const dialog = screen.getByRole('dialog', { name: `Cancel the subscription of FarmCam SIM ${IMSI}?` });
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(cancel).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Cancel subscription' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'End subscription' }));
    await waitFor(() => expect(screen.getByLabelText(`FarmCam SIM ${IMSI} as JSON`).textContent).toBe(JSON.stringify(ended, null, 2)));
    expect(valueIn('Device record', 'Next plan')).toHaveTextContent('None');
    expect(valueIn('Device record', 'Plan period')).toHaveTextContent('Ends 1 January 2099');
    expect(cancel).toHaveBeenCalledWith('farmcam-sim', IMSI, { silent: true });
    expect(toastTexts()).toContain('Subscription cancelled');
  });

  test('a cancellation that fails stays in its dialog with the reason; Keep it closes it', async () => {
    jest.spyOn(devicesApi, 'get').mockResolvedValue(sim as never);
    jest.spyOn(adminApi, 'cancelSubscription').mockRejectedValue(apiError(503, 'unavailable', 'The payment provider is not answering.'));
    const { user } = renderRemote(App, `/admin/farmcam-sim/${IMSI}`);
    await user.click(await screen.findByRole('button', { name: 'Cancel subscription' }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'End subscription' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The payment provider is not answering.');
    expect(toastTexts()).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    // Opened again, it starts without the old failure.
    await user.click(screen.getByRole('button', { name: 'Cancel subscription' }));
    expect(within(screen.getByRole('dialog')).queryByRole('alert')).toBeNull();
  });

  test('SmartPlug: Reset consumption after a confirmation shows the plug’s answer', async () => {
    jest.spyOn(devicesApi, 'get').mockResolvedValue(plug as never);
    const reset = jest.spyOn(adminApi, 'resetConsumption').mockResolvedValue({ Consumption: 0 });
    const { user } = renderRemote(App, `/admin/smartplug/${IMEI}`);
    await user.click(await screen.findByRole('button', { name: 'Reset consumption' }));
    await user.click(
      within(screen.getByRole('dialog', { name: `Reset the consumption of ${IMEI}?` })).getByRole('button', { name: 'Reset' }),
    );
    const answer = await screen.findByRole('region', { name: 'The plug answered' });
    expect(within(answer).getByText('Consumption', { selector: 'dt' }).nextElementSibling).toHaveTextContent('0 Wh');
    expect(within(answer).queryByLabelText('The plug answered as JSON')).toBeNull();
    await user.click(within(answer).getByRole('button', { name: 'Show raw data' }));
    expect(within(answer).getByLabelText('The plug answered as JSON')).toHaveTextContent('"Consumption": 0');
    expect(reset).toHaveBeenCalledWith(IMEI, { silent: true });
  });

  test.each([
    [408, 'timeout', 'The plug did not answer in time', 'The reset failed: 408: The plug did not answer in time'],
    [502, 'device_error', 'The plug refused', 'The reset failed: 502: The plug refused'],
  ])('SmartPlug: a %s is shown in the dialog, which stays open', async (status, code, message, shown) => {
    jest.spyOn(devicesApi, 'get').mockResolvedValue(plug as never);
    jest.spyOn(adminApi, 'resetConsumption').mockRejectedValue(apiError(status, code, message));
    const { user } = renderRemote(App, `/admin/smartplug/${IMEI}`);
    await user.click(await screen.findByRole('button', { name: 'Reset consumption' }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Reset' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(shown);
    expect(screen.getByRole('dialog')).toBe(dialog);
  });
});

describe('/admin/{product}/{key} labelled values', () => {
  const smartplug = {
    ...plug,
    Load: 1234.56,
    Consumption: 5678,
    Temperature: 21.5,
    SignalStrength: 87,
    LastUplinkAt: '2026-03-01T22:30:00.000Z',
    PowerEnabled: true,
    Connection: { Offline: false, LastSeenAt: '2026-03-01T22:31:00.000Z' },
    Subscription: {
      Trialing: false,
      ExpiresAt: '2099-01-01T00:00:00.000Z',
      PriceIds: { Current: 'price_sp_month', Next: 'price_sp_year' },
    },
    Metadata: { ...metadata, Name: 'Pump', Access: [owner.Email, 'hans@example.com'], Notify: ['hans@example.com'] },
  };

  test('times in the reader’s time zone, the plan by name, live values with units', async () => {
    inTimeZone('Pacific/Auckland');
    jest.spyOn(devicesApi, 'get').mockResolvedValue(smartplug as never);
    const search = jest
      .spyOn(adminApi, 'searchDevices')
      .mockResolvedValue({ Devices: [{ ...summary(IMEI), Product: 'smartplug', RegisteredAt: '2026-01-02T10:00:00.000Z' }], Next: null });
    renderRemote(App, `/admin/smartplug/${IMEI}`);
    await screen.findByRole('heading', { level: 1, name: `SmartPlug ${IMEI}` });
    // 22:30 UTC on 1 March is 11:30 on 2 March in New Zealand (UTC+13); 10:00 UTC on 2 January is 23:00 there.
    expect(valueIn('Device record', 'Last reading')).toHaveTextContent('2 Mar 2026, 11:30');
    expect(within(valueIn('Device record', 'Last reading')).getByText('2 Mar 2026, 11:30')).toHaveAttribute(
      'datetime',
      '2026-03-01T22:30:00.000Z',
    );
    expect(valueIn('Device record', 'Last heard from')).toHaveTextContent('2 Mar 2026, 11:31');
    expect(await within(screen.getByRole('region', { name: 'Device record' })).findByText('2 Jan 2026, 23:00')).toBeInTheDocument();
    expect(search).toHaveBeenCalledWith('smartplug', { key: IMEI, limit: 1 }, { silent: true });
    expect(valueIn('Device record', 'Connection')).toHaveTextContent('Online');
    expect(valueIn('Device record', 'IMEI')).toHaveTextContent(IMEI);
    expect(await screen.findByText('Monthly', { selector: 'dd' })).toBeInTheDocument();
    expect(valueIn('Device record', 'Next plan')).toHaveTextContent('Yearly');
    expect(valueIn('Device record', 'People with access')).toHaveTextContent('greta@example.comhans@example.com');
    expect(valueIn('Device record', 'Told about alarms')).toHaveTextContent('hans@example.com');
    expect(valueIn('Live values', 'Load')).toHaveTextContent('1,234.6 W');
    expect(valueIn('Live values', 'Consumption')).toHaveTextContent('5,678 Wh');
    expect(valueIn('Live values', 'Temperature')).toHaveTextContent('21.5°C');
    expect(valueIn('Live values', 'Signal')).toHaveTextContent('87%');
    expect(valueIn('Live values', 'Power')).toHaveTextContent('On');
    expect(screen.queryByText(/2026-03-01T22:30/)).toBeNull();
  });

  test('an offline device, and values it has not reported shown as a dash', async () => {
    jest.spyOn(devicesApi, 'get').mockResolvedValue({
      ...smartplug,
      Load: null,
      Temperature: null,
      Connection: { Offline: true, LastSeenAt: '2026-03-01T22:31:00.000Z' },
    } as never);
    renderRemote(App, `/admin/smartplug/${IMEI}`);
    await screen.findByRole('heading', { level: 1, name: `SmartPlug ${IMEI}` });
    expect(valueIn('Device record', 'Connection')).toHaveTextContent('Offline');
    expect(valueIn('Live values', 'Load')).toHaveTextContent('—not given');
    expect(valueIn('Live values', 'Temperature')).toHaveTextContent('—');
  });

  test('FenceAlarm2: its voltage and firmware version, in French', async () => {
    jest.spyOn(devicesApi, 'get').mockResolvedValue({ ...fence2({ Version: '1.2.0', Pending: null }), Voltage: 6543 } as never);
    renderRemote(App, `/admin/fencealarm2/${IMEI}`, { locale: 'fr-FR' });
    await screen.findByRole('heading', { level: 1, name: `FenceAlarm2 ${IMEI}` });
    // French groups digits with a narrow no-break space; the unit is held to its number by a no-break space.
    expect(valueIn('Valeurs actuelles', 'Tension de la clôture').textContent).toBe('6\u202f543\u00a0V');
    expect(valueIn('Fiche de l’appareil', 'Version du micrologiciel')).toHaveTextContent('1.2.0');
    expect(screen.getByRole('button', { name: 'Afficher les données brutes' })).toBeInTheDocument();
  });
});

describe('/admin/{product}/{key}/add-trial', () => {
  test('FarmCam SIM: Data (MB) × 1,000,000 = Bytes, and Days', async () => {
    const extended = { ...sim, Subscription: { ...subscription, ExpiresAt: '2027-01-12T12:00:00.000Z' } };
    const addTrial = jest.spyOn(adminApi, 'addTrial').mockResolvedValue(extended as never);
    jest.spyOn(devicesApi, 'get').mockResolvedValue(extended as never);
    const { user } = renderRemote(App, `/admin/farmcam-sim/${IMSI}/add-trial`);
    await user.type(screen.getByLabelText('Data (MB)'), '2500');
    await user.type(screen.getByLabelText('Days'), '30');
    await user.click(screen.getByRole('button', { name: 'Add trial' }));
    await waitFor(() => expect(currentLocation()).toBe(`/admin/farmcam-sim/${IMSI}`));
    expect(addTrial).toHaveBeenCalledWith('farmcam-sim', IMSI, { Bytes: 2_500_000_000, Days: 30 });
    // The device page says what was added and the new expiry.
    expect(await screen.findByText('Trial added: 30 days and 2,500 MB, ends 12 Jan 2027.')).toBeInTheDocument();
  });

  test('FenceAlarm: the device page says the days added and the new expiry', async () => {
    const extended = { ...plug, Product: 'fencealarm', Subscription: { ...subscription, ExpiresAt: '2027-01-12T12:00:00.000Z' } };
    jest.spyOn(adminApi, 'addTrial').mockResolvedValue(extended as never);
    jest.spyOn(devicesApi, 'get').mockResolvedValue(extended as never);
    const { user } = renderRemote(App, `/admin/fencealarm/${IMEI}/add-trial`);
    await user.type(screen.getByLabelText('Days'), '1');
    await user.click(screen.getByRole('button', { name: 'Add trial' }));
    expect(await screen.findByText('Trial added: 1 day, ends 12 Jan 2027.')).toBeInTheDocument();
    expect(currentLocation()).toBe(`/admin/fencealarm/${IMEI}`);
  });

  test('the device page says nothing of a trial when it was not just added', async () => {
    jest.spyOn(devicesApi, 'get').mockResolvedValue(sim as never);
    renderRemote(App, `/admin/farmcam-sim/${IMSI}`);
    expect(await screen.findByRole('button', { name: 'Impersonate owner' })).toBeInTheDocument();
    expect(screen.queryByText(/Trial added/)).toBeNull();
  });

  test('FenceAlarm: Days only', async () => {
    const addTrial = jest.spyOn(adminApi, 'addTrial').mockResolvedValue({} as never);
    jest.spyOn(devicesApi, 'get').mockResolvedValue({} as never);
    const { user } = renderRemote(App, `/admin/fencealarm/${IMEI}/add-trial`);
    expect(screen.queryByLabelText('Data (MB)')).toBeNull();
    await user.type(screen.getByLabelText('Days'), '14');
    await user.click(screen.getByRole('button', { name: 'Add trial' }));
    await waitFor(() => expect(addTrial).toHaveBeenCalledWith('fencealarm', IMEI, { Days: 14 }));
  });

  test('out-of-range values are refused in words, nothing sent', async () => {
    const addTrial = jest.spyOn(adminApi, 'addTrial');
    const { user } = renderRemote(App, `/admin/farmcam-sim/${IMSI}/add-trial`);
    await user.type(screen.getByLabelText('Data (MB)'), '2.5');
    await user.type(screen.getByLabelText('Days'), '400');
    await user.click(screen.getByRole('button', { name: 'Add trial' }));
    expect(screen.getByLabelText('Data (MB)')).toHaveAccessibleDescription('Enter a whole number of MB from 0 to 1,000,000.');
    expect(screen.getByLabelText('Days')).toHaveAccessibleDescription('Enter a whole number of days from 1 to 365.');
    expect(screen.getByLabelText('Data (MB)')).toHaveFocus();
    expect(addTrial).not.toHaveBeenCalled();
  });

  test('in German', async () => {
    const { user } = renderRemote(App, `/admin/smartplug/${IMEI}/add-trial`, { locale: 'de-DE' });
    await user.click(screen.getByRole('button', { name: 'Testzeitraum hinzufügen' }));
    expect(screen.getByLabelText('Tage')).toHaveAccessibleDescription('Geben Sie eine ganze Zahl von Tagen von 1 bis 365 ein.');
  });

  test('a refused trial keeps what was typed', async () => {
    jest.spyOn(adminApi, 'addTrial').mockRejectedValue(apiError(403, 'forbidden', 'Admins only'));
    const { user } = renderRemote(App, `/admin/smartplug/${IMEI}/add-trial`);
    await user.type(screen.getByLabelText('Days'), '7');
    await user.click(screen.getByRole('button', { name: 'Add trial' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add trial' })).toBeEnabled());
    expect(screen.getByLabelText('Days')).toHaveValue('7');
    expect(currentLocation()).toBe(`/admin/smartplug/${IMEI}/add-trial`);
  });
});

describe('/admin/fencealarm2/{imei}/fota', () => {
  test('the URL starts with the coap:// placeholder; both fields are checked before Update firmware', async () => {
    jest.spyOn(devicesApi, 'get').mockResolvedValue(fence2({ Version: '1.2.0', Pending: null }) as never);
    const fota = jest.spyOn(adminApi, 'configureFota');
    const { user } = renderRemote(App, `/admin/fencealarm2/${IMEI}/fota`);
    expect(screen.getByLabelText('URL')).toHaveValue('coap://');
    expect(await screen.findByText('Version: 1.2.0')).toBeInTheDocument();
    expect(screen.getByText('No update under way.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Update firmware' }));
    expect(screen.getByLabelText('URL')).toHaveAccessibleDescription('Please fill in this field.');
    await user.type(screen.getByLabelText('URL'), 'fw host/x');
    // Issue 26: a CRC-32's 8 digits are no SHA-256.
    await user.type(screen.getByLabelText('SHA-256 checksum'), 'deadbeef');
    await user.click(screen.getByRole('button', { name: 'Update firmware' }));
    expect(screen.getByLabelText('URL')).toHaveAccessibleDescription('Enter a coap://, coaps:// or https:// address with a host.');
    expect(screen.getByLabelText('SHA-256 checksum')).toHaveAccessibleDescription('Enter the SHA-256: 64 hexadecimal digits (0–9, a–f).');
    expect(fota).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  test('Update firmware asks first, naming the device, the image and the version it runs; Cancel sends nothing', async () => {
    jest.spyOn(devicesApi, 'get').mockResolvedValue(fence2({ Version: '1.2.0', Pending: null }) as never);
    const fota = jest.spyOn(adminApi, 'configureFota');
    const { user } = renderRemote(App, `/admin/fencealarm2/${IMEI}/fota`);
    await screen.findByText('Version: 1.2.0');
    await user.clear(screen.getByLabelText('URL'));
    await user.type(screen.getByLabelText('URL'), 'coap://fw.example/fencealarm2-1.3.0.bin');
    await user.type(screen.getByLabelText('SHA-256 checksum'), 'deadbeef'.repeat(8));
    await user.click(screen.getByRole('button', { name: 'Update firmware' }));
    const dialog = await screen.findByRole('dialog', { name: `Update the firmware of FenceAlarm2 ${IMEI}?` });
    expect(dialog).toHaveTextContent('New firmware: fencealarm2-1.3.0.bin');
    expect(dialog).toHaveTextContent('It now runs version 1.2.0.');
    expect(dialog).toHaveTextContent('coap://fw.example/fencealarm2-1.3.0.bin');
    expect(fota).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fota).not.toHaveBeenCalled();
  });

  test('a refused update is said in the dialog, which stays open', async () => {
    jest.spyOn(devicesApi, 'get').mockResolvedValue(fence2({ Version: '1.2.0', Pending: null }) as never);
    jest.spyOn(adminApi, 'configureFota').mockRejectedValue(apiError(409, 'device_offline', 'The device is offline.'));
    const { user } = renderRemote(App, `/admin/fencealarm2/${IMEI}/fota`);
    await screen.findByText('Version: 1.2.0');
    await user.type(screen.getByLabelText('URL'), 'fw.example/a.bin');
    await user.type(screen.getByLabelText('SHA-256 checksum'), 'deadbeef'.repeat(8));
    await user.click(screen.getByRole('button', { name: 'Update firmware' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Update firmware' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The device is offline.');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  test('Update firmware, once confirmed, sends URL and checksum, then follows the update while it is pending', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    const pending = (Status: string, Progress: number) =>
      fence2({
        Version: '1.2.0',
        Pending: { Url: 'coap://fw.example/1.3.bin', Checksum: 'deadbeef', RequestedAt: '2026-01-01T00:00:00Z', Status, Progress },
      });
    const get = jest
      .spyOn(devicesApi, 'get')
      .mockResolvedValueOnce(fence2({ Version: '1.2.0', Pending: null }) as never)
      .mockResolvedValueOnce(pending('requested', 0) as never)
      .mockResolvedValueOnce(pending('downloading', 40) as never)
      .mockResolvedValue(fence2({ Version: '1.3.0', Pending: null }) as never);
    const fota = jest.spyOn(adminApi, 'configureFota').mockResolvedValue(undefined);
    const { user } = renderRemote(App, `/admin/fencealarm2/${IMEI}/fota`, { fakeTimers: true });
    await screen.findByText('Version: 1.2.0');
    await user.clear(screen.getByLabelText('URL'));
    await user.type(screen.getByLabelText('URL'), 'coap://fw.example/1.3.bin');
    await user.type(screen.getByLabelText('SHA-256 checksum'), 'DEADBEEF'.repeat(8));
    await user.click(screen.getByRole('button', { name: 'Update firmware' }));
    const dialog = await screen.findByRole('dialog');
    expect(fota).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Update firmware' }));
    expect(fota).toHaveBeenCalledWith(IMEI, { Url: 'coap://fw.example/1.3.bin', Checksum: 'DEADBEEF'.repeat(8) }, { silent: true });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('Update: requested')).toBeInTheDocument();
    await act(async () => {
      jest.advanceTimersByTime(FIRMWARE_POLL_MS);
    });
    expect(await screen.findByText('Update: downloading')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Update progress' })).toHaveAttribute('value', '40');
    await act(async () => {
      jest.advanceTimersByTime(FIRMWARE_POLL_MS);
    });
    expect(await screen.findByText('Version: 1.3.0')).toBeInTheDocument();
    const calls = get.mock.calls.length;
    await act(async () => {
      jest.advanceTimersByTime(FIRMWARE_POLL_MS * 3);
    });
    // Nothing pending: no more polling.
    expect(get).toHaveBeenCalledTimes(calls);
  });

  test('the device page of a FenceAlarm2 links to FOTA and shows its firmware', async () => {
    jest.spyOn(devicesApi, 'get').mockResolvedValue(fence2({ Version: '1.2.0', Pending: null, LastError: 'checksum mismatch' }) as never);
    renderRemote(App, `/admin/fencealarm2/${IMEI}`);
    expect(await screen.findByRole('link', { name: 'Configure FOTA' })).toHaveAttribute('href', `/admin/fencealarm2/${IMEI}/fota`);
    expect(screen.getByText('Version: 1.2.0')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Last update failed: checksum mismatch');
  });
});
