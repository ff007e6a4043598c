// In the native app the API is at the base the app was built with, not on the page's origin (docs/product/native-app.md).
import { resolveApiBase } from './client';
import { isNativeApp, nativeApiBase } from './nativeApp';

type Globals = { Capacitor?: unknown; PADDOCK_NATIVE?: unknown };

afterEach(() => {
  delete (window as Globals).Capacitor;
  delete (window as Globals).PADDOCK_NATIVE;
});

test('a browser is no app and calls /api of its own origin', () => {
  expect(isNativeApp()).toBe(false);
  expect(nativeApiBase()).toBeNull();
  expect(resolveApiBase('app.paddock.farm')).toBe('/api');
});

test('the app calls the API base of native-config.js', () => {
  Object.assign(window as Globals, { Capacitor: { isNativePlatform: () => true }, PADDOCK_NATIVE: { apiBase: 'https://paddock.example.com/api/' } });
  expect(isNativeApp()).toBe(true);
  expect(resolveApiBase('localhost')).toBe('https://paddock.example.com/api');
});

test('a base that is not an absolute URL is ignored', () => {
  (window as Globals).PADDOCK_NATIVE = { apiBase: 'javascript:alert(1)' };
  expect(nativeApiBase()).toBeNull();
  expect(resolveApiBase('localhost')).toBe('/api');
});
