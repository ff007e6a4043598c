import { safeAppPath } from './paths';

describe('safeAppPath (docs/product/screens.md: the way back after sign-in)', () => {
  test.each(['/devices', '/smartplug/356938035643809/logs?from=2026-01-01', '/devices?id=1#card', '/a/../devices'])('keeps %s', (path) => {
    expect(safeAppPath(path)).toBe(path === '/a/../devices' ? '/devices' : path);
  });

  test.each([
    '',
    'devices',
    '//evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
    '/\\evil.example',
    '/\t/evil.example',
    '/%2F%2Fevil.example',
    '/%5Cevil.example',
    '/%252F%252Fevil.example',
    '/%25252F%25252Fevil.example',
    '/a/..//evil.example',
    // Dots resolved first, then the result decodes to a second slash.
    '/./%2Fevil.example',
    '/%2e/%2fevil',
    '/%E0%A4%A',
  ])('refuses %j', (path) => {
    expect(safeAppPath(path)).toBeNull();
  });

  test('refuses a path still encoded after several decodings', () => {
    let path = '/devices';
    for (let i = 0; i < 6; i++) path = `/${encodeURIComponent(path.slice(1))}%25`;
    expect(safeAppPath(path)).toBeNull();
  });
});
