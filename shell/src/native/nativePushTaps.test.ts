// A tapped notification opens its page, with Capacitor's push plugin faked (it is the platform).
import { renderHook, waitFor } from '@testing-library/react';
import { useNativePushTaps } from './nativePushTaps';
import { tappedPath } from './pushTapListener';

let tapped: ((action: unknown) => void) | null = null;
jest.mock('@capacitor/push-notifications', () => ({
  PushNotifications: {
    addListener: jest.fn(async (_event: string, callback: (action: unknown) => void) => {
      tapped = callback;
      return { remove: jest.fn(async () => (tapped = null)) };
    }),
  },
}));

afterEach(() => {
  delete (window as { Capacitor?: unknown }).Capacitor;
});

test('only paths of the app are opened', () => {
  expect(tappedPath({ Url: '/devices?id=350000100000001' })).toBe('/devices?id=350000100000001');
  expect(tappedPath({ Url: 'https://evil.example/' })).toBe('/devices');
  expect(tappedPath({ Url: '//evil.example/' })).toBe('/devices');
  expect(tappedPath(undefined)).toBe('/devices');
});

test('in the app, a tap navigates to the message Url; in a browser nothing listens', async () => {
  const navigate = jest.fn();
  renderHook(() => useNativePushTaps(navigate));
  await new Promise((resolve) => setTimeout(resolve, 10));
  expect(tapped).toBeNull();

  (window as { Capacitor?: unknown }).Capacitor = { isNativePlatform: () => true };
  const { unmount } = renderHook(() => useNativePushTaps(navigate));
  await waitFor(() => expect(tapped).not.toBeNull());
  tapped!({
    actionId: 'tap',
    notification: { data: { Device: 'fencealarm', Imei: '350000100000001', Url: '/devices?id=350000100000001' } },
  });
  expect(navigate).toHaveBeenCalledWith('/devices?id=350000100000001');
  unmount();
  await waitFor(() => expect(tapped).toBeNull());
});
