import { act } from '@testing-library/react';
import { currentLocation, renderInShell, resetShellState } from '../testing';
import { DEFAULT_REDIRECT_TARGET, REDIRECT_DELAY_MS, safeRedirectTarget } from './redirect';
import { RedirectPage } from './RedirectPage';

const ORIGIN = 'https://app.paddock.farm';

describe('safeRedirectTarget (no open redirect)', () => {
  test.each([
    ['/devices', '/devices'],
    ['/devices?id=123#card', '/devices?id=123#card'],
    ['/admin/user/7', '/admin/user/7'],
    ['/a/../account', '/account'],
  ])('follows the app path %s', (uri, expected) => {
    expect(safeRedirectTarget(uri, ORIGIN)).toBe(expected);
  });

  test.each([
    null,
    undefined,
    '',
    'devices',
    '//evil.example/x',
    '///evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    'https://evil.example/',
    'http:evil.example',
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    ' /devices',
    '/%2F%2Fevil.example',
    '/%2f%2fevil.example',
    '/%5Cevil.example',
    '/%252F%252Fevil.example',
    '/%09/evil.example',
    '/a/..//evil.example',
    '/%E0%A4%A',
  ])('refuses %p and goes to /devices', (uri) => {
    expect(safeRedirectTarget(uri as string | null | undefined, ORIGIN)).toBe(DEFAULT_REDIRECT_TARGET);
  });
});

describe('/redirect', () => {
  beforeEach(() => {
    resetShellState();
    jest.useFakeTimers();
  });
  afterEach(() => jest.useRealTimers());

  test(`navigates to uri after ${REDIRECT_DELAY_MS} ms, not before`, () => {
    renderInShell(<RedirectPage />, { path: '/redirect?uri=%2Faccount%3Ftab%3D1' });
    expect(currentLocation()).toBe('/redirect?uri=%2Faccount%3Ftab%3D1');
    act(() => jest.advanceTimersByTime(REDIRECT_DELAY_MS - 1));
    expect(currentLocation()).toBe('/redirect?uri=%2Faccount%3Ftab%3D1');
    act(() => jest.advanceTimersByTime(1));
    expect(currentLocation()).toBe('/account?tab=1');
  });

  test('goes to /devices without uri', () => {
    renderInShell(<RedirectPage />, { path: '/redirect' });
    act(() => jest.advanceTimersByTime(REDIRECT_DELAY_MS));
    expect(currentLocation()).toBe('/devices');
  });

  test('goes to /devices instead of another site', () => {
    renderInShell(<RedirectPage />, { path: `/redirect?uri=${encodeURIComponent('//evil.example/steal')}` });
    act(() => jest.advanceTimersByTime(REDIRECT_DELAY_MS));
    expect(currentLocation()).toBe('/devices');
  });
});
