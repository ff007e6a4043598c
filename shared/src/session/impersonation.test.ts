// Starting and stopping impersonation (docs/product/admin.md Impersonation, docs/product/states.md).
import { adminApi } from '../api/admin';
import { cachedPrices, loadPrices } from '../api/prices';
import { billingApi } from '../api/billing';
import { usersApi } from '../api/users';
import { apiError, resetSession, sampleAdmin, sampleUser, samplePrices, signInAs } from '../testing/fixtures';
import { clearSession, signIn, signOut, startImpersonating, startSession, stopImpersonating, stopSession } from './actions';
import { activeUserAtom, impersonatingAtom, impersonationAtom, paddockStore, signedOutOnPurposeAtom, STORAGE_KEYS } from './store';

const customer = { ...sampleUser, Id: 'customer-7', Email: 'owner@farm.se' };

beforeEach(() => {
  jest.restoreAllMocks();
  resetSession();
});
afterAll(() => stopSession());

test('starting makes the customer the active user, per browser session, and forgets the admin’s per-user state', async () => {
  signInAs(sampleAdmin);
  localStorage.setItem(STORAGE_KEYS.lastDeviceId, '"356938035643809"');
  jest.spyOn(billingApi, 'prices').mockResolvedValue(samplePrices);
  await loadPrices('admin1');
  startImpersonating(customer, '/admin/user/customer-7');
  expect(paddockStore.get(activeUserAtom)?.Id).toBe('customer-7');
  expect(paddockStore.get(impersonatingAtom)).toEqual({ User: customer, ReturnTo: '/admin/user/customer-7' });
  expect(JSON.parse(sessionStorage.getItem(STORAGE_KEYS.impersonation)!).User.Id).toBe('customer-7');
  expect(localStorage.getItem(STORAGE_KEYS.lastDeviceId)).toBeNull();
  expect(cachedPrices('admin1')).toBeNull();
});

test('stopping tells the server (as the admin), clears the impersonation and returns where it was started', async () => {
  signInAs(sampleAdmin);
  startImpersonating(customer, '/admin/user/customer-7');
  localStorage.setItem(STORAGE_KEYS.lastDeviceId, '"customer-device"');
  const stop = jest.spyOn(adminApi, 'stopImpersonating').mockResolvedValue(undefined);
  expect(await stopImpersonating()).toBe('/admin/user/customer-7');
  expect(stop).toHaveBeenCalledWith('customer-7', expect.objectContaining({ asSelf: true, silent: true }));
  expect(paddockStore.get(impersonationAtom)).toBeNull();
  expect(paddockStore.get(activeUserAtom)?.Id).toBe('admin1');
  // The customer's last device is not where the admin's next start-up goes.
  expect(localStorage.getItem(STORAGE_KEYS.lastDeviceId)).toBeNull();
});

test('a failed stop call never keeps the admin impersonating', async () => {
  signInAs(sampleAdmin);
  startImpersonating(customer, '');
  jest.spyOn(adminApi, 'stopImpersonating').mockRejectedValue(apiError(500, 'internal', 'boom'));
  expect(await stopImpersonating()).toBe('/admin');
  expect(paddockStore.get(impersonationAtom)).toBeNull();
});

test('stopping when nobody is impersonated calls nothing', async () => {
  signInAs(sampleAdmin);
  const stop = jest.spyOn(adminApi, 'stopImpersonating');
  expect(await stopImpersonating()).toBeNull();
  expect(stop).not.toHaveBeenCalled();
});

test('signing out ends impersonation', async () => {
  signInAs(sampleAdmin);
  startImpersonating(customer, '/admin/user/customer-7');
  jest.spyOn(usersApi, 'revokeToken').mockResolvedValue(undefined);
  await signOut();
  expect(paddockStore.get(impersonationAtom)).toBeNull();
  expect(sessionStorage.getItem(STORAGE_KEYS.impersonation)).toBe('null');
});

test('the start-up check of a stored session asks for the admin’s own account, not the customer’s', async () => {
  signInAs(sampleAdmin);
  startImpersonating(customer, '/admin/user/customer-7');
  const get = jest.spyOn(usersApi, 'get').mockResolvedValue(sampleAdmin);
  jest.spyOn(usersApi, 'refreshToken').mockResolvedValue({ String: 't2', ExpiresAt: new Date(Date.now() + 86_400_000).toISOString() });
  await startSession();
  expect(get).toHaveBeenCalledWith('admin1', expect.objectContaining({ asSelf: true }));
  expect(paddockStore.get(impersonatingAtom)?.User.Id).toBe('customer-7');
});

test('an impersonation left in the tab never makes someone who is not an admin act as the customer, and a sign-in drops it', () => {
  signInAs(sampleUser);
  paddockStore.set(impersonationAtom, { User: customer, ReturnTo: '/admin/user/customer-7' });
  expect(paddockStore.get(activeUserAtom)?.Id).toBe(sampleUser.Id);
  signIn({ Token: { String: 'token-2', ExpiresAt: new Date(Date.now() + 3_600_000).toISOString() }, User: sampleAdmin });
  expect(paddockStore.get(impersonationAtom)).toBeNull();
  expect(paddockStore.get(activeUserAtom)?.Id).toBe(sampleAdmin.Id);
});

test('signing out marks the end as on purpose; an expiry does not; the next sign-in clears it', async () => {
  signInAs(sampleUser);
  clearSession();
  expect(paddockStore.get(signedOutOnPurposeAtom)).toBe(false);
  signInAs(sampleUser);
  jest.spyOn(usersApi, 'revokeToken').mockResolvedValue(undefined);
  await signOut();
  expect(paddockStore.get(signedOutOnPurposeAtom)).toBe(true);
  signIn({ Token: { String: 'token-3', ExpiresAt: new Date(Date.now() + 3_600_000).toISOString() }, User: sampleUser });
  expect(paddockStore.get(signedOutOnPurposeAtom)).toBe(false);
});
