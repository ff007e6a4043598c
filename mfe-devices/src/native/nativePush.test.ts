// The app's push registration with Capacitor's plugin faked (it is the platform): permission, token, server call, 1 s delay.
import { pushApi, usersApi } from '@paddock/shared/api';
import { sampleUser } from '../common/testing';
import { registerNativePush, registerNativePushSoon } from './nativePush';

const listeners: Record<string, (value: unknown) => void> = {};
const plugin = {
  checkPermissions: jest.fn(),
  requestPermissions: jest.fn(),
  register: jest.fn(async () => listeners.registration?.({ value: 'fcm-token-of-this-phone-0123456789abcdef:APA91b' })),
  addListener: jest.fn(async (event: string, callback: (value: unknown) => void) => {
    listeners[event] = callback;
    return { remove: jest.fn(async () => void delete listeners[event]) };
  }),
};
jest.mock('@capacitor/push-notifications', () => ({ PushNotifications: plugin }));

beforeEach(() => {
  jest.restoreAllMocks();
  jest.clearAllMocks();
  plugin.checkPermissions.mockResolvedValue({ receive: 'prompt' });
  plugin.requestPermissions.mockResolvedValue({ receive: 'granted' });
});

test('asks for the permission and registers the FCM token with the server', async () => {
  const registered = { ...sampleUser, PushNotifications: { ...sampleUser.PushNotifications, Enabled: true } };
  const post = jest.spyOn(pushApi, 'registerDeviceToken').mockResolvedValue(registered);
  expect(await registerNativePush({ ...sampleUser, PushNotifications: { ...sampleUser.PushNotifications, Enabled: true } })).toBe(registered);
  expect(plugin.requestPermissions).toHaveBeenCalled();
  expect(post).toHaveBeenCalledWith(sampleUser.Id, 'fcm-token-of-this-phone-0123456789abcdef:APA91b', { silent: true, background: true });
  expect(Object.keys(listeners)).toEqual([]);
});

test('a denial raises "User denied permissions" and registers nothing', async () => {
  plugin.requestPermissions.mockResolvedValue({ receive: 'denied' });
  const post = jest.spyOn(pushApi, 'registerDeviceToken');
  const update = jest.spyOn(usersApi, 'update');
  await expect(registerNativePush(sampleUser)).rejects.toThrow('User denied permissions');
  expect(post).not.toHaveBeenCalled();
  expect(update).not.toHaveBeenCalled();
});

test('starts 1 s after the dashboard loads, and not at all when it is left before', async () => {
  jest.useFakeTimers();
  try {
    registerNativePushSoon(sampleUser)();
    jest.advanceTimersByTime(5000);
    expect(plugin.checkPermissions).not.toHaveBeenCalled();
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    plugin.requestPermissions.mockResolvedValue({ receive: 'denied' });
    registerNativePushSoon(sampleUser);
    jest.advanceTimersByTime(999);
    expect(plugin.checkPermissions).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1);
    await jest.runAllTimersAsync();
    expect(plugin.checkPermissions).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith('User denied permissions', expect.any(Error));
  } finally {
    jest.useRealTimers();
  }
});
