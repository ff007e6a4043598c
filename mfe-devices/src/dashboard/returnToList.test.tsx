// Issue 30: after Save on a settings page the dashboard reloaded from scratch ("Loading…", then every card) and the
// device's card landed half off-screen. Coming back now shows the list at once, the saved device as saved, and brings
// its card into view.
import { act, screen, waitFor, within } from '@testing-library/react';
import { deviceList, fencealarm, renderDevices, resetSession, smartplug, currentLocation } from '../common/testing';
import { mockSettingsApi } from '../settings/testing';

const KEY = '356938035643801';

beforeEach(() => {
  resetSession();
  jest.restoreAllMocks();
  Element.prototype.scrollIntoView = jest.fn();
});

test('after Save the dashboard shows its list at once, with the saved name, and brings the card into view', async () => {
  // Loaded before, so the waits below are for the pages, not for modules compiling.
  await Promise.all([import('../settings/SettingsRoute'), import('../products/fencealarm/Settings')]);
  const north = fencealarm('North fence');
  const list = deviceList({ Fencealarms: [north], Smartplugs: [smartplug('Barn plug')] });
  const api = mockSettingsApi(north, { list, update: fencealarm('North fence east') });
  // The dashboard's first poll brings the list; every later one answers 304.
  api.poll.mockReset().mockResolvedValueOnce({ list, etag: '"v1"' }).mockResolvedValue({ list: null, etag: '"v1"' });

  const { user } = renderDevices('/devices');
  const card = await screen.findByRole('article', { name: 'North fence' });
  await user.click(within(card).getByRole('link', { name: 'Settings' }));
  await screen.findByRole('heading', { level: 1, name: 'FenceAlarm North fence' });
  const pollsBefore = api.poll.mock.calls.length;

  await user.clear(screen.getByLabelText('Device name'));
  await user.type(screen.getByLabelText('Device name'), 'North fence east');
  await user.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(currentLocation()).toBe(`/devices?id=${KEY}`));

  // At once: the list as it was, with the device as the server saved it; no "Loading…" in between.
  const saved = screen.getByRole('article', { name: 'North fence east' });
  expect(screen.getByRole('article', { name: 'Barn plug' })).toBeInTheDocument();
  expect(screen.queryByText('Loading your devices…')).not.toBeInTheDocument();
  // The card is brought into view, centred, without an animation racing the page.
  await waitFor(() => expect(jest.mocked(Element.prototype.scrollIntoView).mock.contexts).toContain(saved));
  const call = jest.mocked(Element.prototype.scrollIntoView).mock.calls.at(-1);
  expect(call?.[0]).toEqual({ block: 'center', behavior: 'auto' });
  expect(saved).toHaveClass('pd-device--highlighted');

  // The first poll back is a quiet one (no overlay over the cards) and, the list having changed here, without the ETag.
  await waitFor(() => expect(api.poll.mock.calls.length).toBeGreaterThan(pollsBefore));
  expect(api.poll.mock.calls[pollsBefore]).toEqual(['u1', null, { background: true, silent: true, optional: true }]);
});

test('another user signed in on this page does not see the list kept in memory', async () => {
  const list = deviceList({ Fencealarms: [fencealarm('North fence')] });
  const api = mockSettingsApi(fencealarm('North fence'), { list });
  api.poll.mockReset().mockResolvedValueOnce({ list, etag: '"v1"' }).mockResolvedValue({ list: null, etag: '"v1"' });
  const first = renderDevices('/devices');
  await screen.findByRole('article', { name: 'North fence' });
  first.unmount();

  // Same page, someone else (no resetSession: the module keeps what it kept).
  const { paddockStore, userAtom } = await import('@paddock/shared/session');
  const { sampleUser } = await import('../common/testing');
  paddockStore.set(userAtom, { ...sampleUser, Id: 'u2', Email: 'olle@example.com' });
  let answer!: (reply: { list: null; etag: null }) => void;
  api.poll.mockReset().mockImplementation(() => new Promise((resolve) => (answer = resolve)));
  renderDevices('/devices');
  expect(await screen.findByText('Loading your devices…')).toBeInTheDocument();
  expect(screen.queryByRole('article', { name: 'North fence' })).not.toBeInTheDocument();
  await act(async () => answer({ list: null, etag: null }));
});
