// The impersonation header (docs/product/admin.md Impersonation): sent on every call while an admin acts as a user,
// never on the admin's own session calls, never for anyone who is not a signed-in admin.
import { IMPERSONATION_HEADER } from '../contract';
import { impersonationAtom, paddockStore, STORAGE_KEYS, tokenAtom, userAtom } from '../session/store';
import { apiStandIn, resetSession, sampleAdmin, sampleUser, signInAs } from '../testing/fixtures';
import { api } from './client';
import { connectionFailedAtom, toastsAtom } from './feedback';
import { noticesApi } from './notices';
import { usersApi } from './users';

const customer = { ...sampleUser, Id: 'customer-7', Email: 'owner@farm.se' };
const server = apiStandIn(() => new Response('{}', { status: 200 }));
const requests = server.requests;

beforeEach(() => resetSession());
afterEach(() => paddockStore.set(connectionFailedAtom, false));

const sent = (index = requests.length - 1) => requests[index].headers.get(IMPERSONATION_HEADER);
const impersonate = () => paddockStore.set(impersonationAtom, { User: customer, ReturnTo: '/admin/user/customer-7' });

test('an admin impersonating sends the header with the user’s id on every call', async () => {
  signInAs(sampleAdmin);
  impersonate();
  await api.get('users/customer-7/devices');
  expect(sent()).toBe('customer-7');
  await api.patch('users/customer-7', { Name: 'x' });
  expect(sent()).toBe('customer-7');
  expect(requests[1].headers.get('Authorization')).toBe('Bearer token-1');
});

test('calls made on the admin pages are the admin’s own, even while impersonating', async () => {
  signInAs(sampleAdmin);
  impersonate();
  window.history.pushState({}, '', '/admin/user/customer-9');
  try {
    await api.get('users/customer-9');
    expect(sent()).toBeNull();
  } finally {
    window.history.pushState({}, '', '/devices');
  }
  await api.get('users/customer-7/devices');
  expect(sent()).toBe('customer-7');
});

test('no header while not impersonating', async () => {
  signInAs(sampleAdmin);
  await api.get('users/admin1');
  expect(sent()).toBeNull();
});

test('no header for a user who is not an admin, or when signed out, even with an impersonation stored', async () => {
  signInAs(sampleUser);
  impersonate();
  await api.get('users/u1');
  expect(sent()).toBeNull();
  paddockStore.set(tokenAtom, null);
  paddockStore.set(userAtom, null);
  await api.get('prices');
  expect(sent()).toBeNull();
});

test('the admin’s own session calls never carry it: sign-in, token refresh and revoke, asSelf calls', async () => {
  signInAs(sampleAdmin);
  impersonate();
  await usersApi.refreshToken();
  await usersApi.revokeToken();
  await usersApi.get('admin1', { asSelf: true });
  await api.get('users/customer-7');
  expect(requests.map((request) => [new URL(request.url).pathname, request.headers.get(IMPERSONATION_HEADER)])).toEqual([
    ['/api/token', null],
    ['/api/token', null],
    ['/api/users/admin1', null],
    ['/api/users/customer-7', 'customer-7'],
  ]);
});

test('a 401 while impersonating signs out and forgets the impersonation too', async () => {
  signInAs(sampleAdmin);
  impersonate();
  server.reply = () => new Response('{"Error":"unauthorized"}', { status: 401, statusText: 'Unauthorized' });
  await expect(api.get('users/customer-7')).rejects.toMatchObject({ status: 401 });
  expect(paddockStore.get(impersonationAtom)).toBeNull();
  expect(paddockStore.get(userAtom)).toBeNull();
});

test('a 401 forgets the offline copy of the devices too: a revoked session leaves nothing of them here', async () => {
  signInAs(sampleUser);
  localStorage.setItem(STORAGE_KEYS.lastDeviceList, JSON.stringify({ UserId: sampleUser.Id, SavedAt: 1, List: {} }));
  server.reply = () => new Response('{"Error":"unauthorized"}', { status: 401, statusText: 'Unauthorized' });
  await expect(api.get(`users/${sampleUser.Id}/devices`)).rejects.toMatchObject({ status: 401 });
  expect(paddockStore.get(userAtom)).toBeNull();
  expect(localStorage.getItem(STORAGE_KEYS.lastDeviceList)).toBeNull();
});

test('an optional call that cannot connect neither replaces the page nor shows a toast', async () => {
  signInAs(sampleUser);
  server.reply = () => Promise.reject(new TypeError('Failed to fetch'));
  await expect(noticesApi.listPublic({ silent: true, background: true, optional: true })).rejects.toMatchObject({ status: 408 });
  expect(paddockStore.get(connectionFailedAtom)).toBe(false);
  expect(paddockStore.get(toastsAtom)).toEqual([]);
  // The same failure on an ordinary call does (docs/product/errors.md)…
  window.history.replaceState(null, '', '/account');
  await expect(api.get('prices')).rejects.toMatchObject({ status: 408, unreachable: true });
  expect(paddockStore.get(connectionFailedAtom)).toBe(true);
  window.history.replaceState(null, '', '/');
});

test('on the dashboard a call that cannot connect leaves the page: it shows its last list offline (docs/product/installable-app.md)', async () => {
  signInAs(sampleUser);
  server.reply = () => Promise.reject(new TypeError('Failed to fetch'));
  window.history.replaceState(null, '', '/devices');
  await expect(api.get('prices')).rejects.toMatchObject({ status: 408, unreachable: true });
  expect(paddockStore.get(connectionFailedAtom)).toBe(false);
  window.history.replaceState(null, '', '/');
  // An answer with an error is no lost connection.
  server.reply = () => new Response('{"Error":"x"}', { status: 500, statusText: 'Internal Server Error' });
  await expect(api.get('prices', { silent: true })).rejects.toMatchObject({ status: 500, unreachable: false });
});

test('the public notices are asked for as GET notices?public', async () => {
  signInAs(sampleUser);
  server.reply = () => new Response('[]', { status: 200 });
  expect(await noticesApi.listPublic()).toEqual([]);
  expect(requests[0].method).toBe('GET');
  expect(requests[0].url).toBe('http://localhost/api/notices?public');
});
