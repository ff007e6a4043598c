import { guardRedirect, landingPage, normalizePath, readLastDeviceId, resolveRoute, type GuardSession } from './guards';

const signedOut: GuardSession = { signedIn: false, isAdmin: false };
const user: GuardSession = { signedIn: true, isAdmin: false };
const admin: GuardSession = { signedIn: true, isAdmin: true };

describe('guardRedirect (docs/product/screens.md Startup and navigation)', () => {
  test.each(['/', '/sign-in', '/create-account', '/reset-password', '/verify-account', '/sign-in/'])(
    'a signed-in user on %s goes to /devices, an admin to /admin',
    (path) => {
      expect(guardRedirect(path, '', user)).toBe('/devices');
      expect(guardRedirect(path, '', admin)).toBe('/admin');
      expect(guardRedirect(path, '', { ...admin, lastDeviceId: '356938035643809' })).toBe('/admin');
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

  test('a signed-out user on / goes to /sign-in', () => {
    expect(guardRedirect('/', '', signedOut)).toBe('/sign-in');
    expect(guardRedirect('/', '?x=1', signedOut)).toBe('/sign-in');
  });

  test.each([
    ['/devices', '', '/sign-in?next=%2Fdevices'],
    ['/devices', '?id=1', '/sign-in?next=%2Fdevices%3Fid%3D1'],
    ['/account', '', '/sign-in?next=%2Faccount'],
    ['/admin', '', '/sign-in?next=%2Fadmin'],
    ['/smartplug/356938035643809/logs', '?x=1', '/sign-in?next=%2Fsmartplug%2F356938035643809%2Flogs%3Fx%3D1'],
    ['/no/such/page', '', '/sign-in?next=%2Fno%2Fsuch%2Fpage'],
  ])('a signed-out user on %s%s goes to sign-in, which comes back there: %s', (pathname, search, expected) => {
    expect(guardRedirect(pathname, search, signedOut)).toBe(expected);
  });

  test('right after signing out on purpose, sign-in is plain: Sign out is not a link to come back to', () => {
    expect(guardRedirect('/devices', '', { ...signedOut, signedOutOnPurpose: true })).toBe('/sign-in');
    expect(guardRedirect('/account', '', { ...signedOut, signedOutOnPurpose: true })).toBe('/sign-in');
    expect(guardRedirect('/sign-in', '', { ...signedOut, signedOutOnPurpose: true })).toBeNull();
  });

  test.each(['//evil.example', '/\\evil.example', '/%2F%2Fevil.example', '/%5Cevil.example', '/%252F%252Fevil.example'])(
    'a path that could leave the site (%s) is not carried to sign-in',
    (pathname) => expect(guardRedirect(pathname, '', signedOut)).toBe('/sign-in'),
  );

  test('signed in on /sign-in?next= goes to that path when it is ours, else home', () => {
    expect(guardRedirect('/sign-in', '?next=%2Fsmartplug%2F1%2Flogs%3Fx%3D1', user)).toBe('/smartplug/1/logs?x=1');
    expect(guardRedirect('/sign-in', '?next=/account', { ...user, lastDeviceId: '9' })).toBe('/account');
    for (const next of ['//evil.example', 'https://evil.example/', '/\\evil.example', '%2F%2Fevil.example', '/%2F%2Fevil.example', 'javascript:alert(1)', '/a/..//evil.example']) {
      expect(guardRedirect('/sign-in', `?${new URLSearchParams({ next }).toString()}`, { ...user, lastDeviceId: '9' })).toBe('/devices?id=9');
    }
    // Only /sign-in honours it: the other landing pages keep docs/product/screens.md's rule.
    expect(guardRedirect('/', '?next=/account', user)).toBe('/devices');
    expect(guardRedirect('/create-account', '?next=/account', user)).toBe('/devices');
  });

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
    expect(resolveRoute('/admin', '', signedOut)).toEqual({ kind: 'redirect', to: '/sign-in?next=%2Fadmin' });
  });

  test('an unknown path is "Page not found" for a signed-in user', () => {
    expect(resolveRoute('/nothing/here', '', user)).toEqual({ kind: 'notFound' });
    expect(resolveRoute('/devicesx', '', user)).toEqual({ kind: 'notFound' });
  });

  test('the shell renders /redirect and /connection-error itself', () => {
    expect(resolveRoute('/redirect', '?uri=/x', signedOut)).toEqual({ kind: 'shell', page: 'redirect' });
    expect(resolveRoute('/connection-error', '', user)).toEqual({ kind: 'shell', page: 'connectionError' });
  });

  test('/farm-cam-sim/… (the product id as spelled elsewhere) is the FarmCam SIM\'s own /farmcam-sim/…', () => {
    expect(resolveRoute('/farm-cam-sim/240071234567890', '', user)).toEqual({ kind: 'redirect', to: '/farmcam-sim/240071234567890' });
    expect(resolveRoute('/farm-cam-sim/240071234567890/logs/', '?x=1', user)).toEqual({
      kind: 'redirect',
      to: '/farmcam-sim/240071234567890/logs?x=1',
    });
    expect(resolveRoute('/farm-cam-simx/1', '', user)).toEqual({ kind: 'notFound' });
    expect(landingPage('/farm-cam-sim/240071234567890', '', user)).toEqual({ remote: 'devices', pathname: '/farmcam-sim/240071234567890' });
    expect(landingPage('/farm-cam-sim/240071234567890', '', signedOut)).toEqual({ remote: 'account', pathname: '/sign-in' });
    expect(resolveRoute('/farmcam-sim/240071234567890', '', signedOut)).toEqual({
      kind: 'redirect',
      to: '/sign-in?next=%2Ffarmcam-sim%2F240071234567890',
    });
  });

  test('redirects come first', () => {
    expect(resolveRoute('/sign-in', '', { ...user, lastDeviceId: '9' })).toEqual({ kind: 'redirect', to: '/devices?id=9' });
  });
});

describe('landingPage', () => {
  test('the remote whose section the page load shows, and its path, after the guard\'s redirects', () => {
    expect(landingPage('/devices', '', user)).toEqual({ remote: 'devices', pathname: '/devices' });
    expect(landingPage('/', '', user)).toEqual({ remote: 'devices', pathname: '/devices' });
    expect(landingPage('/devices/', '?id=356938035643809', user)).toEqual({ remote: 'devices', pathname: '/devices' });
    expect(landingPage('/smartplug/356938035643809/settings', '', user)).toEqual({
      remote: 'devices',
      pathname: '/smartplug/356938035643809/settings',
    });
    expect(landingPage('/sign-in', '?next=%2Fbilling%2Finvoices', user)).toEqual({ remote: 'billing', pathname: '/billing/invoices' });
    expect(landingPage('/devices', '', signedOut)).toEqual({ remote: 'account', pathname: '/sign-in' });
    expect(landingPage('/', '', signedOut)).toEqual({ remote: 'account', pathname: '/sign-in' });
    expect(landingPage('/admin', '', admin)).toEqual({ remote: 'admin', pathname: '/admin' });
  });

  test('none for the shell\'s own pages and pages not found', () => {
    expect(landingPage('/connection-error', '', user)).toBeNull();
    expect(landingPage('/redirect', '?uri=/x', signedOut)).toBeNull();
    expect(landingPage('/admin', '', user)).toBeNull();
    expect(landingPage('/nothing/here', '', user)).toBeNull();
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
