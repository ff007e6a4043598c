// The frame every settings page shares, exercised through the FenceAlarm2 and FarmCam SIM pages and the route.
import { act, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { ApiError, devicesApi } from '@paddock/shared/api';
import { paddockStore, userAtom } from '@paddock/shared/session';
import { renderRemote } from '@paddock/shared/testing/renderRemote';
import {
  apiError,
  currentLocation,
  deviceList,
  farmcamSim,
  fencealarm,
  fencealarm2,
  renderDevices,
  resetSession,
  sampleUser,
  toastTexts,
} from '../common/testing';
import SettingsRoute from './SettingsRoute';
import { expectedMetadata, mockSettingsApi, openSettings } from './testing';

const IMEI = '356938035643802';
const PATH = `/fencealarm2/${IMEI}`;
const TITLE = 'FenceAlarm2 East fence';
const shared = (patch = {}) =>
  fencealarm2('East fence', {
    Metadata: {
      Name: 'East fence',
      Tags: ['FenceAlarm2', 'greta@example.com', 'East'],
      OwnerEmail: 'greta@example.com',
      Access: ['greta@example.com', 'olle@example.com'],
      Notify: ['greta@example.com'],
      Owner: 'u1',
    },
    ...patch,
  });

beforeEach(() => {
  resetSession();
  jest.restoreAllMocks();
});

afterEach(() => {
  jest.useRealTimers();
});

const save = async (user: { click: (el: Element) => Promise<void> }) => user.click(screen.getByRole('button', { name: 'Save' }));
const sentBody = (update: jest.SpyInstance) => update.mock.calls[0][2] as { Metadata: Record<string, unknown> };
const sharingTable = () => screen.getByRole('table', { name: 'People with access to this device' });

describe('route', () => {
  test('loading, then a device the server does not know: a clear message and a way back', async () => {
    let reject!: (error: unknown) => void;
    jest.spyOn(devicesApi, 'get').mockImplementation(() => new Promise((_resolve, fail) => (reject = fail)));
    jest.spyOn(devicesApi, 'poll').mockResolvedValue({ list: null, etag: null });
    const { user } = renderDevices(PATH);
    expect(await screen.findByText('Loading the device…')).toBeInTheDocument();
    await act(async () => reject(apiError(404, 'not_found', 'Not found.')));
    expect(await screen.findByRole('heading', { level: 1, name: 'Device not found' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(`None of your devices is a FenceAlarm2 with IMEI ${IMEI}.`);
    await user.click(screen.getByRole('button', { name: 'Back to devices' }));
    expect(currentLocation()).toBe('/devices');
  });

  test('another failure offers Try again, which loads the device', async () => {
    const get = jest
      .spyOn(devicesApi, 'get')
      .mockRejectedValueOnce(apiError(500, 'internal', 'Boom'))
      .mockResolvedValue(fencealarm2('East fence') as never);
    jest.spyOn(devicesApi, 'list').mockResolvedValue(deviceList());
    const { user } = renderDevices(PATH);
    expect(await screen.findByRole('alert')).toHaveTextContent('The device could not be loaded. Check your connection and try again. (500: Internal Server Error)');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: TITLE })).toBeInTheDocument();
    expect(get).toHaveBeenCalledTimes(2);
  });

  test.each([
    ['/fencealarm', 'missing ctx.data.imei'],
    ['/farmcam-sim', 'missing ctx.data.imsi'],
  ])('%s without a key fails with “%s”, shown as an error state', async (path, error) => {
    const get = jest.spyOn(devicesApi, 'get');
    function KeylessRoutes() {
      return (
        <Routes>
          <Route path="fencealarm" element={<SettingsRoute />} />
          <Route path="farmcam-sim" element={<SettingsRoute />} />
        </Routes>
      );
    }
    renderRemote(KeylessRoutes, path);
    expect(await screen.findByRole('alert')).toHaveTextContent(`This link does not name a device. Open the device from your device list. (${error})`);
    expect(get).not.toHaveBeenCalled();
  });
});

describe('sharing table', () => {
  test('rows of Access: the owner starred and not removable, bells show Notify', async () => {
    mockSettingsApi(shared());
    await openSettings(PATH, TITLE);
    const rows = within(sharingTable()).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getAllByRole('cell')[0]).toHaveTextContent('greta@example.com');
    expect(within(rows[0]).getByText('Owner')).toBeInTheDocument();
    expect(rows[0].querySelector('[data-icon="star"]')).not.toBeNull();
    expect(within(rows[1]).getAllByRole('cell')[0]).toHaveTextContent(/^olle@example\.com$/);
    expect(rows[1].querySelector('[data-icon="star"]')).toBeNull();
    expect(within(rows[0]).queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
    expect(within(rows[1]).getByRole('button', { name: 'Remove olle@example.com' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Notify greta@example.com of alarms' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Notify olle@example.com of alarms' })).toHaveAttribute('aria-pressed', 'false');
  });

  test('invite (trimmed, lowercased, duplicates ignored), bell and remove end up in the saved body', async () => {
    const api = mockSettingsApi(shared());
    const { user } = await openSettings(PATH, TITLE);
    await user.type(screen.getByLabelText('Invite by e-mail'), '  Anna@Example.COM {Enter}');
    expect(screen.getByLabelText('Invite by e-mail')).toHaveValue('');
    await user.type(screen.getByLabelText('Invite by e-mail'), 'OLLE@example.com');
    await user.click(screen.getByRole('button', { name: 'Invite' }));
    expect(screen.getByText('olle@example.com already has access.')).toBeInTheDocument();
    expect(within(sharingTable()).getAllByRole('row')).toHaveLength(4);

    await user.click(screen.getByRole('button', { name: 'Notify anna@example.com of alarms' }));
    expect(screen.getByRole('button', { name: 'Notify anna@example.com of alarms' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Notify greta@example.com of alarms' }));
    await user.click(screen.getByRole('button', { name: 'Remove olle@example.com' }));
    expect(within(sharingTable()).queryByText('olle@example.com')).not.toBeInTheDocument();
    // The focus moves to the close icon now in that place, not to the top of the page.
    expect(screen.getByRole('button', { name: 'Remove anna@example.com' })).toHaveFocus();

    await save(user);
    await waitFor(() => expect(api.update).toHaveBeenCalledTimes(1));
    expect(sentBody(api.update).Metadata).toMatchObject({ Access: ['greta@example.com', 'anna@example.com'], Notify: ['anna@example.com'] });
  });
});

describe('the invite’s notification choice', () => {
  const notifyBox = () => screen.getByRole('checkbox', { name: 'Also notify them of alarms' });

  test('is off by default and says so; ticked, the person invited is notified too, and it is off again for the next', async () => {
    const api = mockSettingsApi(shared());
    const { user } = await openSettings(PATH, TITLE);
    expect(notifyBox()).not.toBeChecked();
    expect(notifyBox()).toHaveAccessibleDescription('Off unless you tick it. They can also turn it on later with their bell.');
    expect(screen.getByText('They can see and edit this device once you save, and get an e-mail saying so.')).toBeInTheDocument();
    await user.click(notifyBox());
    await user.type(screen.getByLabelText('Invite by e-mail'), 'anna@example.com{Enter}');
    expect(screen.getByRole('button', { name: 'Notify anna@example.com of alarms' })).toHaveAttribute('aria-pressed', 'true');
    expect(notifyBox()).not.toBeChecked();
    await user.type(screen.getByLabelText('Invite by e-mail'), 'bo@example.com{Enter}');
    expect(screen.getByRole('button', { name: 'Notify bo@example.com of alarms' })).toHaveAttribute('aria-pressed', 'false');
    await save(user);
    await waitFor(() => expect(api.update).toHaveBeenCalledTimes(1));
    expect(sentBody(api.update).Metadata).toMatchObject({
      Access: ['greta@example.com', 'olle@example.com', 'anna@example.com', 'bo@example.com'],
      Notify: ['greta@example.com', 'anna@example.com'],
    });
  });

  test('is not offered to someone the device is shared with', async () => {
    mockSettingsApi(shared());
    paddockStore.set(userAtom, { ...sampleUser, Email: 'olle@example.com' });
    await openSettings(PATH, TITLE);
    expect(screen.queryByRole('checkbox', { name: 'Also notify them of alarms' })).not.toBeInTheDocument();
  });
});

describe('an invite that is not an e-mail address', () => {
  test('is warned about first; Add anyway adds it; it is never offered as owner', async () => {
    const api = mockSettingsApi(shared());
    const { user } = await openSettings(PATH, TITLE);
    await user.type(screen.getByLabelText('Invite by e-mail'), 'not an email{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent(
      '“not an email” does not look like an e-mail address. Invitations and alarms only reach e-mail addresses.',
    );
    expect(within(sharingTable()).getAllByRole('row')).toHaveLength(3);
    await user.click(screen.getByRole('button', { name: 'Add anyway' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(within(sharingTable()).getByText('not an email')).toBeInTheDocument();
    await save(user);
    await waitFor(() => expect(api.update).toHaveBeenCalledTimes(1));
    expect(sentBody(api.update).Metadata).toMatchObject({ Access: ['greta@example.com', 'olle@example.com', 'not an email'] });
  });

  test('typing again takes the warning away; a real address needs no confirming', async () => {
    mockSettingsApi(shared());
    const { user } = await openSettings(PATH, TITLE);
    await user.type(screen.getByLabelText('Invite by e-mail'), 'anna{Enter}');
    expect(screen.getByRole('alert')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Invite by e-mail'), '@example.com');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Invite' }));
    expect(within(sharingTable()).getByText('anna@example.com')).toBeInTheDocument();
  });
});

describe('tags', () => {
  test('device tags are pressed chips; the user’s other tags can be switched on; system tags are hidden', async () => {
    const api = mockSettingsApi(shared(), { list: deviceList({ Fencealarms: [fencealarm('North fence', {}, ['North', 'Cattle'])] }) });
    const { user } = await openSettings(PATH, TITLE);
    const chips = within(await screen.findByRole('group', { name: 'Tags: choose those this device carries' }));
    await waitFor(() => expect(chips.getAllByRole('button').map((b) => b.textContent)).toEqual(['East', 'Cattle', 'North']));
    expect(chips.queryByText('FenceAlarm2')).not.toBeInTheDocument();
    expect(chips.queryByText('greta@example.com')).not.toBeInTheDocument();
    expect(chips.getByRole('button', { name: 'East' })).toHaveAttribute('aria-pressed', 'true');
    expect(chips.getByRole('button', { name: 'North' })).toHaveAttribute('aria-pressed', 'false');

    await user.click(chips.getByRole('button', { name: 'North' }));
    await user.click(chips.getByRole('button', { name: 'East' }));
    expect(chips.getByRole('button', { name: 'East' })).toHaveAttribute('aria-pressed', 'false');
    await user.type(screen.getByLabelText('New tag'), '  Pump house {Enter}');
    expect(chips.getByRole('button', { name: 'Pump house' })).toHaveAttribute('aria-pressed', 'true');
    await user.type(screen.getByLabelText('New tag'), 'pump HOUSE');
    await user.click(screen.getByRole('button', { name: 'Add tag' }));
    expect(screen.getByText('The tag “pump HOUSE” is already there.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('New tag'), 'SmartPlug{Enter}');
    expect(screen.getByText('“SmartPlug” is added by Paddock itself and cannot be used as a tag.')).toBeInTheDocument();

    await save(user);
    await waitFor(() => expect(api.update).toHaveBeenCalledTimes(1));
    expect(sentBody(api.update).Metadata.Tags).toEqual(['FenceAlarm2', 'greta@example.com', 'North', 'Pump house']);
  });
});

describe('name and owner', () => {
  test('the name is required: a localized error, the focus, nothing sent', async () => {
    const api = mockSettingsApi(shared());
    const { user } = await openSettings(PATH, TITLE);
    await user.clear(screen.getByLabelText('Device name'));
    await user.type(screen.getByLabelText('Device name'), '   ');
    await save(user);
    expect(screen.getByText('Enter a name for the device.')).toBeInTheDocument();
    expect(screen.getByLabelText('Device name')).toHaveFocus();
    expect(screen.getByLabelText('Device name')).toHaveAttribute('maxLength', '64');
    expect(api.update).not.toHaveBeenCalled();
  });

  test('a user it is shared with: no transfer offer and Unregister disabled; sharing, tags and name still saved', async () => {
    paddockStore.set(userAtom, { ...sampleUser, Id: 'u2', Email: 'olle@example.com' });
    const api = mockSettingsApi(shared());
    const { user } = await openSettings(PATH, TITLE);
    expect(screen.queryByLabelText('E-mail address of the farmer')).not.toBeInTheDocument();
    expect(screen.getByText('Owner: greta@example.com. Only the owner can offer this device to another farmer.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Unregister' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Unregister' })).toHaveAccessibleDescription('Only the owner can unregister this device.');
    await user.clear(screen.getByLabelText('Device name'));
    await user.type(screen.getByLabelText('Device name'), 'East gate');
    await save(user);
    await waitFor(() => expect(currentLocation()).toBe(`/devices?id=${IMEI}`));
    expect(sentBody(api.update).Metadata).toMatchObject({ Name: 'East gate', Owner: 'greta@example.com' });
  });
});

describe('save', () => {
  test('a failed save keeps what was typed and says why; Save can be pressed again', async () => {
    const api = mockSettingsApi(shared(), { update: apiError(400, 'invalid_field', 'Name is not valid.') });
    const { user } = await openSettings(PATH, TITLE);
    await user.clear(screen.getByLabelText('Device name'));
    await user.type(screen.getByLabelText('Device name'), 'East gate');
    await user.type(screen.getByLabelText('Invite by e-mail'), 'anna@example.com{Enter}');
    await save(user);
    expect(await screen.findByText('The settings were not saved: Name is not valid.')).toBeInTheDocument();
    expect(currentLocation()).toBe(PATH);
    expect(screen.getByLabelText('Device name')).toHaveValue('East gate');
    expect(within(sharingTable()).getByText('anna@example.com')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
    api.update.mockResolvedValue(shared() as never);
    await save(user);
    await waitFor(() => expect(currentLocation()).toBe(`/devices?id=${IMEI}`));
    expect(api.update).toHaveBeenCalledTimes(2);
  });

  test('Save is busy while the call runs', async () => {
    const api = mockSettingsApi(shared());
    let finish!: (value: unknown) => void;
    api.update.mockImplementation(() => new Promise((resolve) => (finish = resolve as (value: unknown) => void)));
    const { user } = await openSettings(PATH, TITLE);
    await save(user);
    const button = screen.getByRole('button', { name: /Save/ });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    await act(async () => finish(shared()));
    await waitFor(() => expect(currentLocation()).toBe(`/devices?id=${IMEI}`));
  });
});

describe('unregister', () => {
  test('confirm, DELETE, then the dashboard', async () => {
    const api = mockSettingsApi(farmcamSim('Gate camera'));
    const { user } = await openSettings('/farmcam-sim/240071234567890', 'FarmCam SIM Gate camera');
    await user.click(screen.getByRole('button', { name: 'Unregister' }));
    const dialog = screen.getByRole('dialog', { name: 'Unregister Gate camera?' });
    expect(dialog).toHaveTextContent('It can be registered again later.');
    // docs/product/states.md#trial: the time left stays with the device.
    expect(dialog).toHaveTextContent('A trial or paid time left stays with the device: it does not start again.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.unregister).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Unregister' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Unregister' }));
    await waitFor(() => expect(currentLocation()).toBe('/devices'));
    expect(api.unregister).toHaveBeenCalledWith('farmcam-sim', '240071234567890', { silent: true });
    expect(toastTexts()).toContain('{name} is unregistered.');
  });

  test('a failed DELETE keeps the device page and says why inside the dialog (docs/product/errors.md Dialogs)', async () => {
    const api = mockSettingsApi(shared());
    api.unregister.mockRejectedValue(apiError(403, 'device_owner_only', 'Only the owner can do that.'));
    const { user } = await openSettings(PATH, TITLE);
    await user.click(screen.getByRole('button', { name: 'Unregister' }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Unregister' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Only the owner can do that.');
    expect(toastTexts()).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(currentLocation()).toBe(PATH);
    expect(screen.getByRole('button', { name: 'Unregister' })).toBeEnabled();
  });
});

describe('config sync', () => {
  const pending = { Pending: true, AppliedAt: '2026-11-20T08:00:00.000Z' };
  const applied = { Pending: false, AppliedAt: '2026-11-22T10:15:00.000Z' };

  test('waiting while pending; the page asks again every 3 s until the device applied the settings', async () => {
    jest.useFakeTimers();
    const api = mockSettingsApi(shared({ ConfigSync: pending }));
    api.get.mockResolvedValueOnce(shared({ ConfigSync: pending }) as never).mockResolvedValueOnce(shared({ ConfigSync: pending }) as never).mockResolvedValue(shared({ ConfigSync: applied }) as never);
    const { user } = renderDevices(PATH, { fakeTimers: true });
    expect(await screen.findByText('Waiting for the device to apply these settings…')).toBeInTheDocument();
    // What the user types meanwhile stays while the device is asked again.
    await user.clear(screen.getByLabelText('Device name'));
    await user.type(screen.getByLabelText('Device name'), 'Typed');
    await act(() => jest.advanceTimersByTimeAsync(3000));
    expect(api.get).toHaveBeenCalledTimes(2);
    expect(api.get).toHaveBeenLastCalledWith('fencealarm2', IMEI, { background: true, silent: true });
    expect(screen.getByText('Waiting for the device to apply these settings…')).toBeInTheDocument();
    await act(() => jest.advanceTimersByTimeAsync(3000));
    expect(await screen.findByText(/^Applied by the device 22 Nov 2026/)).toBeInTheDocument();
    expect(screen.getByLabelText('Device name')).toHaveValue('Typed');
    await act(() => jest.advanceTimersByTimeAsync(30_000));
    expect(api.get).toHaveBeenCalledTimes(3);
  });

  test('polling stops when the page is left', async () => {
    jest.useFakeTimers();
    const api = mockSettingsApi(shared({ ConfigSync: pending }));
    const { user } = renderDevices(PATH, { fakeTimers: true });
    await screen.findByText('Waiting for the device to apply these settings…');
    await user.click(screen.getAllByRole('button', { name: 'Back' })[1]);
    expect(currentLocation()).toBe(`/devices?id=${IMEI}`);
    await act(() => jest.advanceTimersByTimeAsync(20_000));
    expect(api.get).toHaveBeenCalledTimes(1);
  });

  test('no line without sync information', async () => {
    mockSettingsApi(shared());
    await openSettings(PATH, TITLE);
    expect(screen.queryByText(/Waiting for the device|Applied by the device/)).not.toBeInTheDocument();
    expect(expectedMetadata(shared()).Tags).toEqual(['FenceAlarm2', 'greta@example.com', 'East']);
  });
});

describe('unsaved changes (docs/product/screens.md Unsaved changes)', () => {
  const nameField = () => screen.getByLabelText('Device name');
  const barBack = () => screen.getAllByRole('button', { name: 'Back' }).at(-1)!;

  test('an unchanged page leaves at once; nothing says unsaved', async () => {
    mockSettingsApi(shared());
    const { user } = await openSettings(PATH, TITLE);
    expect(screen.queryByText('Unsaved changes')).not.toBeInTheDocument();
    await user.click(barBack());
    expect(currentLocation()).toBe(`/devices?id=${IMEI}`);
  });

  test('a change says so in the Save bar; Back asks, Keep editing keeps what was typed, Discard changes leaves', async () => {
    mockSettingsApi(shared());
    const { user } = await openSettings(PATH, TITLE);
    await user.type(nameField(), ' 2');
    expect(await screen.findByText('Unsaved changes')).toBeInTheDocument();
    await user.click(barBack());
    const dialog = screen.getByRole('dialog', { name: 'Leave without saving?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    expect(currentLocation()).toBe(PATH);
    expect(nameField()).toHaveValue('East fence 2');
    // The back arrow of the page header asks too.
    await user.click(screen.getAllByRole('button', { name: 'Back' })[0]);
    await user.click(within(screen.getByRole('dialog', { name: 'Leave without saving?' })).getByRole('button', { name: 'Discard changes' }));
    expect(currentLocation()).toBe(`/devices?id=${IMEI}`);
  });

  test('changing a value and changing it back is no change; closing the tab asks only while something is unsaved', async () => {
    mockSettingsApi(shared());
    const { user } = await openSettings(PATH, TITLE);
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(unload()).toBe(false);
    await user.type(nameField(), 'x');
    await screen.findByText('Unsaved changes');
    expect(unload()).toBe(true);
    await user.type(nameField(), '{Backspace}');
    await waitFor(() => expect(screen.queryByText('Unsaved changes')).not.toBeInTheDocument());
    expect(unload()).toBe(false);
  });

  test('a change in the sharing (no text field) counts; saving clears it and leaves without asking', async () => {
    const api = mockSettingsApi(shared());
    const { user } = await openSettings(PATH, TITLE);
    await user.click(within(sharingTable()).getByRole('button', { name: 'Notify olle@example.com of alarms' }));
    expect(await screen.findByText('Unsaved changes')).toBeInTheDocument();
    await save(user);
    await waitFor(() => expect(currentLocation()).toBe(`/devices?id=${IMEI}`));
    expect(api.update).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog', { name: 'Leave without saving?' })).not.toBeInTheDocument();
  });

  test('a failed save is said once, on the page (the call is silent), and what was typed stays', async () => {
    const api = mockSettingsApi(shared(), { update: apiError(403, 'device_owner_only', 'Only the owner can change this.') });
    const { user } = await openSettings(PATH, TITLE);
    await user.type(nameField(), ' 2');
    await save(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Only the owner can change this.');
    expect(api.update.mock.calls[0][3]).toEqual({ silent: true });
    expect(nameField()).toHaveValue('East fence 2');
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
  });

  test('a reply without a reason (a proxy page) is said in words, never as a status line', async () => {
    mockSettingsApi(shared(), { update: new ApiError(502, 'Bad Gateway', '<html>bad gateway</html>') });
    const { user } = await openSettings(PATH, TITLE);
    await save(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The settings were not saved: something went wrong on our side. Please try again in a moment.',
    );
    expect(screen.queryByText(/502/)).not.toBeInTheDocument();
  });

  test('sections fold under their headings, open at first', async () => {
    mockSettingsApi(shared());
    const { user } = await openSettings(PATH, TITLE);
    const sharing = screen.getByRole('region', { name: 'Sharing' });
    const details = sharing.querySelector('details')!;
    expect(details.open).toBe(true);
    await user.click(within(sharing).getByText('Sharing'));
    expect(details.open).toBe(false);
  });
});
