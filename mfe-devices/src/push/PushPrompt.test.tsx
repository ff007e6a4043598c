import { act, screen, waitFor } from '@testing-library/react';
import { devicesApi, pushApi, usersApi } from '@paddock/shared/api';
import type { User } from '@paddock/shared/contract';
import { PUSH_PROMPT_DELAY_MS } from '@paddock/shared/domain';
import { impersonationAtom, paddockStore, userAtom } from '@paddock/shared/session';
import { deviceList, fencealarm, renderDevices as renderDevicesNow, resetSession, sampleUser, toastTexts } from '../common/testing';

// jsdom has no push: this browser's side is played here — permission, service worker, push manager.
const PUBLIC_KEY = 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM';
const subscriptionJson = { endpoint: 'https://fcm.googleapis.com/fcm/send/abc', expirationTime: null, keys: { p256dh: PUBLIC_KEY, auth: 'tBHItJI5svbpez7KI4CCXg' } };

function fakeBrowser({ permission = 'default' as NotificationPermission, answer = 'granted' as NotificationPermission } = {}) {
  let subscription: object | null = null;
  const subscribe = jest.fn(async () => {
    subscription = { toJSON: () => subscriptionJson, options: { applicationServerKey: null }, unsubscribe: jest.fn() };
    return subscription;
  });
  const registration = { pushManager: { getSubscription: jest.fn(async () => subscription), subscribe } };
  const requestPermission = jest.fn(async () => {
    notification.permission = answer;
    return answer;
  });
  const notification = { permission, requestPermission };
  const register = jest.fn(async () => registration);
  Object.assign(window, { Notification: notification, PushManager: function PushManager() {}, isSecureContext: true });
  // Paddock's own page (the server marks it), not a partner's page embedding the dashboard.
  document.documentElement.dataset.variant = 'default';
  const getRegistration = jest.fn(async () => registration);
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { register, getRegistration, ready: Promise.resolve(registration) } });
  return { subscribe, requestPermission, register, getRegistration };
}

function removeBrowserPush() {
  for (const name of ['Notification', 'PushManager'] as const) delete (window as unknown as Record<string, unknown>)[name];
  delete (navigator as unknown as Record<string, unknown>).serviceWorker;
  delete document.documentElement.dataset.variant;
}

/** The account as the server answers: it keeps a token as endpoint and keys only. */
const registeredToken = JSON.stringify({ endpoint: subscriptionJson.endpoint, keys: subscriptionJson.keys });
const withPush = (enabled: boolean): User => ({ ...sampleUser, PushNotifications: { Enabled: enabled, Tokens: enabled ? [registeredToken] : [] } });

function serveServer() {
  jest.spyOn(devicesApi, 'poll').mockResolvedValue({ list: deviceList({ Fencealarms: [fencealarm('North fence')] }), etag: '"v1"' });
  const key = jest.spyOn(pushApi, 'vapidPublicKey').mockResolvedValue({ PublicKey: PUBLIC_KEY });
  const register = jest.spyOn(pushApi, 'registerDeviceToken').mockResolvedValue(withPush(false));
  const update = jest.spyOn(usersApi, 'update').mockResolvedValue(withPush(true));
  return { key, register, update };
}

const offer = () => screen.findByRole('region', { name: 'Alarms in this browser' });

// The offer comes PUSH_PROMPT_DELAY_MS after the dashboard loads (docs/product/limits.md): on jest's fake timers,
// which Testing Library's waits move on, so no test waits for that second in real time.
const renderDevices: typeof renderDevicesNow = (path, options) => renderDevicesNow(path, { ...options, fakeTimers: true });

// What a check that nothing is offered waits for: the lazily loaded prompt has decided. Its decision is taken in its
// own effect, which runs before this wrapper's (children first), so the wrapper tells each `offer` it was given.
const mockPromptDecided = jest.fn();
jest.mock('./PushPrompt', () => {
  const { createElement, useEffect } = jest.requireActual<typeof import('react')>('react');
  const Prompt = jest.requireActual<typeof import('./PushPrompt')>('./PushPrompt').default;
  return {
    __esModule: true,
    default: function DecisionSignal(props: { offer?: boolean }) {
      useEffect(() => () => void mockPromptDecided.mockClear(), []);
      useEffect(() => void mockPromptDecided(props.offer), [props.offer]);
      return createElement(Prompt, props);
    },
  };
});

/** Waits until the dashboard shows its cards (or its empty page), the delay is over and the prompt has decided. */
async function dashboardShown(withDevices = true) {
  await (withDevices ? screen.findByRole('article', { name: 'North fence' }) : screen.findByText(/No devices yet/));
  await act(() => jest.advanceTimersByTimeAsync(PUSH_PROMPT_DELAY_MS));
  await waitFor(() => expect(mockPromptDecided).toHaveBeenLastCalledWith(withDevices));
}

/** Lets a chain of already-settled promises (the fakes above) run to its end. */
const settle = () => act(() => jest.advanceTimersByTimeAsync(0));

beforeEach(() => {
  jest.useFakeTimers();
  resetSession();
  jest.restoreAllMocks();
  Element.prototype.scrollIntoView = jest.fn();
});
afterEach(() => {
  removeBrowserPush();
  jest.useRealTimers();
});

test('offers alarm notifications after the dashboard loads; turning them on registers this browser and switches push on', async () => {
  const browser = fakeBrowser();
  const server = serveServer();
  const { user } = renderDevices('/devices');
  await user.click(await screen.findByRole('button', { name: 'Turn on' }));

  await waitFor(() => expect(toastTexts()).toContain('Alarms will now reach this browser.'));
  // Its new subscription is on the account now: the check that follows finds it, and it is not registered again.
  await waitFor(() => expect(browser.getRegistration).toHaveBeenCalled());
  await settle();
  expect(server.register).toHaveBeenCalledTimes(1);
  expect(browser.requestPermission).toHaveBeenCalledTimes(1);
  expect(browser.register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
  const [{ applicationServerKey, userVisibleOnly }] = browser.subscribe.mock.calls[0] as unknown as [{ applicationServerKey: Uint8Array; userVisibleOnly: boolean }];
  expect(userVisibleOnly).toBe(true);
  expect(Buffer.from(applicationServerKey).toString('base64url')).toBe(PUBLIC_KEY);
  expect(server.register).toHaveBeenCalledWith(sampleUser.Id, JSON.stringify(subscriptionJson), expect.anything());
  expect(server.update).toHaveBeenCalledWith(sampleUser.Id, { PushNotifications: { Enabled: true } }, expect.anything());
  expect(paddockStore.get(userAtom)?.PushNotifications.Enabled).toBe(true);
  expect(screen.queryByRole('region', { name: 'Alarms in this browser' })).not.toBeInTheDocument();
});

test("a denial raises 'User denied permissions', says so, and is remembered: the offer does not come again", async () => {
  const browser = fakeBrowser({ answer: 'denied' });
  const server = serveServer();
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  const first = renderDevices('/devices');
  await first.user.click(await screen.findByRole('button', { name: 'Turn on' }));
  await waitFor(() => expect(toastTexts()).toContain('Notifications are blocked for Paddock. You can allow them later in your browser’s site settings.'));
  expect(warn).toHaveBeenCalledWith('User denied permissions', expect.objectContaining({ message: 'User denied permissions' }));
  expect(server.register).not.toHaveBeenCalled();
  first.unmount();

  // The browser would say "default" again after a dismissal; our memory still keeps the offer away.
  Object.assign(window.Notification, { permission: 'default' });
  renderDevices('/devices');
  await dashboardShown();
  expect(screen.queryByRole('region', { name: 'Alarms in this browser' })).not.toBeInTheDocument();
  expect(browser.requestPermission).toHaveBeenCalledTimes(1);
});

test('"Not now" hides the offer and keeps it away', async () => {
  const browser = fakeBrowser();
  serveServer();
  const first = renderDevices('/devices');
  await first.user.click(await screen.findByRole('button', { name: 'Not now' }));
  expect(screen.queryByRole('region', { name: 'Alarms in this browser' })).not.toBeInTheDocument();
  first.unmount();
  renderDevices('/devices');
  await dashboardShown();
  expect(screen.queryByRole('region', { name: 'Alarms in this browser' })).not.toBeInTheDocument();
  expect(browser.requestPermission).not.toHaveBeenCalled();
});

test('a failure other than a denial says the notifications could not be turned on, and the prompt goes', async () => {
  const browser = fakeBrowser();
  browser.subscribe.mockRejectedValueOnce(new Error('Registration failed - push service error'));
  const server = serveServer();
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  const { user } = renderDevices('/devices', { locale: 'de-DE' });
  await user.click(await screen.findByRole('button', { name: 'Einschalten' }));
  await waitFor(() => expect(toastTexts()).toContain('Benachrichtigungen konnten in diesem Browser nicht eingeschaltet werden. Bitte versuchen Sie es später erneut.'));
  expect(server.register).not.toHaveBeenCalled();
  await waitFor(() => expect(screen.queryByRole('region', { name: 'Alarme in diesem Browser' })).not.toBeInTheDocument());
});

test('no offer while an admin impersonates, nor where the browser has no push', async () => {
  fakeBrowser();
  serveServer();
  paddockStore.set(impersonationAtom, { User: sampleUser, ReturnTo: '/admin' } as never);
  const impersonating = renderDevices('/devices');
  await dashboardShown();
  expect(screen.queryByRole('region', { name: 'Alarms in this browser' })).not.toBeInTheDocument();
  impersonating.unmount();

  paddockStore.set(impersonationAtom, null);
  removeBrowserPush();
  renderDevices('/devices');
  await dashboardShown();
  expect(screen.queryByRole('region', { name: 'Alarms in this browser' })).not.toBeInTheDocument();
});

test('a browser that allowed notifications before is registered again quietly when the account lacks its subscription', async () => {
  const browser = fakeBrowser({ permission: 'granted' });
  const server = serveServer();
  paddockStore.set(userAtom, { ...withPush(true), PushNotifications: { Enabled: true, Tokens: [] } });
  server.register.mockResolvedValue(withPush(true));
  const first = renderDevices('/devices');
  await waitFor(() => expect(server.register).toHaveBeenCalledTimes(1));
  expect(browser.requestPermission).not.toHaveBeenCalled();
  expect(server.update).not.toHaveBeenCalled();
  expect(screen.queryByRole('region', { name: 'Alarms in this browser' })).not.toBeInTheDocument();
  first.unmount();

  // Now the account has it: checked, and nothing to do.
  const checks = browser.getRegistration.mock.calls.length;
  renderDevices('/devices');
  await dashboardShown();
  await waitFor(() => expect(browser.getRegistration.mock.calls.length).toBeGreaterThan(checks));
  await settle();
  expect(server.register).toHaveBeenCalledTimes(1);
});

test('the offer is there when the dashboard shows, not before', async () => {
  fakeBrowser();
  serveServer();
  renderDevices('/devices');
  await screen.findByRole('article', { name: 'North fence' });
  expect(screen.queryByRole('region', { name: 'Alarms in this browser' })).not.toBeInTheDocument();
  expect(await offer()).toBeInTheDocument();
});

describe('docs/product/screens.md: the offer moves nothing, needs a device, and helps when notifications are blocked', () => {
  test('with no device, nothing is offered', async () => {
    fakeBrowser();
    serveServer();
    jest.spyOn(devicesApi, 'poll').mockResolvedValue({ list: deviceList(), etag: '"v0"' });
    renderDevices('/devices');
    await dashboardShown(false);
    expect(screen.queryByRole('region', { name: 'Alarms in this browser' })).not.toBeInTheDocument();
  });

  test('it comes after the cards in the page, not above them', async () => {
    fakeBrowser();
    serveServer();
    renderDevices('/devices');
    const region = await offer();
    const cardShown = screen.getByRole('article', { name: 'North fence' });
    expect(cardShown.compareDocumentPosition(region) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  test('blocked in the browser: it says how to allow them, once', async () => {
    const browser = fakeBrowser({ permission: 'denied' });
    serveServer();
    const first = renderDevices('/devices');
    const region = await offer();
    expect(region).toHaveTextContent('Notifications are blocked for Paddock in this browser');
    expect(screen.queryByRole('button', { name: 'Turn on' })).not.toBeInTheDocument();
    await first.user.click(screen.getByRole('button', { name: 'Got it' }));
    expect(screen.queryByRole('region', { name: 'Alarms in this browser' })).not.toBeInTheDocument();
    first.unmount();
    renderDevices('/devices');
    await dashboardShown();
    expect(screen.queryByRole('region', { name: 'Alarms in this browser' })).not.toBeInTheDocument();
    expect(browser.requestPermission).not.toHaveBeenCalled();
  });
});
