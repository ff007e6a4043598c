import { guardRedirect, normalizePath, readLastDeviceId, resolveRoute, type GuardSession } from './guards';

const signedOut: GuardSession = { signedIn: false, isAdmin: false };
const user: GuardSession = { signedIn: true, isAdmin: false };
const admin: GuardSession = { signedIn: true, isAdmin: true };

describe('guardRedirect (docs/product/screens.md Startup and navigation)', () => {
  test.each(['/', '/sign-in', '/create-account', '/reset-password', '/verify-account', '/sign-in/'])(
    'a signed-in user on %s goes to /devices',
    (path) => {
      expect(guardRedirect(path, '', user)).toBe('/devices');
      expect(guardRedirect(path, '', admin)).toBe('/devices');
    },
  );

  test('…or to /devices?id={stored id} when a last device id is stored', () => {
    expect(guardRedirect('/sign-in', '', { ...user, lastDeviceId: '356938035643809' })).toBe('/devices?id=356938035643809');
    expect(guardRedirect('/', '?x=1', { ...user, lastDeviceId: 'a b/c' })).toBe('/devices?id=a%20b%2Fc');
    expect(guardRedirect('/', '', { ...user, lastDeviceId: '  ' })).toBe('/devices');
  });

  test.each(['/devices', '/devices/register/fencealarm', '/account', '/warranties', '/billing', '/admin/user/1', '/smartplug/1/logs'])(
    'a signed-in user may open %s',
    (path) => expect(guardRedirect(path, '', user)).toBeNull(),
  );

  test.each(['/sign-in', '/create-account', '/reset-password', '/verify-account'])('a signed-out user may open %s', (path) => {
    expect(guardRedirect(path, '?email=a%40b.c', signedOut)).toBeNull();
  });

  test.each(['/', '/devices', '/devices?id=1', '/account', '/admin', '/warranties', '/no/such/page'])(
    'a signed-out user on %s goes to /sign-in',
    (path) => {
      const [pathname, search = ''] = path.split('?');
      expect(guardRedirect(pathname, search ? `?${search}` : '', signedOut)).toBe('/sign-in');
    },
  );

  test.each(['/redirect', '/connection-error'])('%s is open to everyone', (path) => {
    for (const session of [signedOut, user, admin]) expect(guardRedirect(path, '?uri=/account', session)).toBeNull();
  });
});

describe('resolveRoute', () => {
  test('hands a path to the remote that owns it', () => {
    expect(resolveRoute('/sign-in', '', signedOut)).toEqual({ kind: 'remote', remote: 'account' });
    expect(resolveRoute('/account', '', user)).toEqual({ kind: 'remote', remote: 'account' });
    expect(resolveRoute('/devices', '', user)).toEqual({ kind: 'remote', remote: 'devices' });
    expect(resolveRoute('/fencealarm2/123/logs', '', user)).toEqual({ kind: 'remote', remote: 'devices' });
    expect(resolveRoute('/warranties', '', user)).toEqual({ kind: 'remote', remote: 'billing' });
    expect(resolveRoute('/billing/invoices', '', user)).toEqual({ kind: 'remote', remote: 'billing' });
    expect(resolveRoute('/admin/notices', '', admin)).toEqual({ kind: 'remote', remote: 'admin' });
  });

  test('admin pages are "Page not found" for anyone but admins', () => {
    expect(resolveRoute('/admin', '', user)).toEqual({ kind: 'notFound' });
    expect(resolveRoute('/admin/user/7', '', user)).toEqual({ kind: 'notFound' });
    expect(resolveRoute('/admin', '', signedOut)).toEqual({ kind: 'redirect', to: '/sign-in' });
  });

  test('an unknown path is "Page not found" for a signed-in user', () => {
    expect(resolveRoute('/nothing/here', '', user)).toEqual({ kind: 'notFound' });
    expect(resolveRoute('/devicesx', '', user)).toEqual({ kind: 'notFound' });
  });

  test('the shell renders /redirect and /connection-error itself', () => {
    expect(resolveRoute('/redirect', '?uri=/x', signedOut)).toEqual({ kind: 'shell', page: 'redirect' });
    expect(resolveRoute('/connection-error', '', user)).toEqual({ kind: 'shell', page: 'connectionError' });
  });

  test('redirects come first', () => {
    expect(resolveRoute('/sign-in', '', { ...user, lastDeviceId: '9' })).toEqual({ kind: 'redirect', to: '/devices?id=9' });
  });
});

test('normalizePath drops trailing slashes', () => {
  expect(normalizePath('/devices/')).toBe('/devices');
  expect(normalizePath('/')).toBe('/');
  expect(normalizePath('')).toBe('/');
  expect(normalizePath('//')).toBe('/');
});

describe('readLastDeviceId', () => {
  const storage = (value: string | null) => ({ getItem: () => value });
  test('reads a plain or JSON-encoded id', () => {
    expect(readLastDeviceId(storage('123'), 'k')).toBe('123');
    expect(readLastDeviceId(storage('"456"'), 'k')).toBe('456');
  });
  test('nothing stored, broken JSON or no storage → null', () => {
    expect(readLastDeviceId(storage(null), 'k')).toBeNull();
    expect(readLastDeviceId(storage('"'), 'k')).toBeNull();
    expect(readLastDeviceId(undefined, 'k')).toBeNull();
    expect(
      readLastDeviceId(
        {
          getItem: () => {
            throw new Error('denied');
          },
        },
        'k',
      ),
    ).toBeNull();
  });
});
