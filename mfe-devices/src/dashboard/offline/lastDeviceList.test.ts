import { usersApi } from '@paddock/shared/api';
import { clearSession, paddockStore, signOut, STORAGE_KEYS } from '@paddock/shared/session';
import { signInAs } from '@paddock/shared/testing/fixtures';
import { deviceList, fencealarm, resetSession, sampleUser } from '../../common/testing';
import { CONFIRM_WRITE_EVERY_MS, confirmDeviceList, readDeviceList, saveDeviceList } from './lastDeviceList';

const list = deviceList({ Fencealarms: [fencealarm('North fence')] });

beforeEach(() => resetSession());

test('keeps the last list for its user only', () => {
  saveDeviceList(sampleUser.Id, list, 1_000);
  expect(readDeviceList(sampleUser.Id)).toEqual({ UserId: sampleUser.Id, SavedAt: 1_000, List: list });
  expect(readDeviceList('someone-else')).toBeNull();
  // The next user's list replaces it: one copy at a time.
  signInAs({ ...sampleUser, Id: 'someone-else' });
  saveDeviceList('someone-else', deviceList(), 2_000);
  expect(readDeviceList(sampleUser.Id)).toBeNull();
  expect(readDeviceList('someone-else')?.List).toEqual(deviceList());
});

test('a confirmed list (304) moves its time on at most once a minute, and only for its user', () => {
  saveDeviceList(sampleUser.Id, list, 1_000);
  confirmDeviceList(sampleUser.Id, 1_000 + CONFIRM_WRITE_EVERY_MS - 1);
  expect(readDeviceList(sampleUser.Id)?.SavedAt).toBe(1_000);
  confirmDeviceList('someone-else', 1_000 + CONFIRM_WRITE_EVERY_MS);
  expect(readDeviceList(sampleUser.Id)?.SavedAt).toBe(1_000);
  confirmDeviceList(sampleUser.Id, 1_000 + CONFIRM_WRITE_EVERY_MS);
  expect(readDeviceList(sampleUser.Id)?.SavedAt).toBe(1_000 + CONFIRM_WRITE_EVERY_MS);
});

test('is forgotten when the user signs out', async () => {
  jest.spyOn(usersApi, 'revokeToken').mockResolvedValue(undefined);
  saveDeviceList(sampleUser.Id, list);
  await signOut(paddockStore);
  expect(localStorage.getItem(STORAGE_KEYS.lastDeviceList)).toBeNull();
  expect(readDeviceList(sampleUser.Id)).toBeNull();
});

test('is forgotten when the session ends otherwise (expiry)', () => {
  saveDeviceList(sampleUser.Id, list);
  clearSession(paddockStore);
  expect(readDeviceList(sampleUser.Id)).toBeNull();
});

test('a reply that comes after the session ended keeps nothing (a poll in flight at sign-out)', () => {
  clearSession(paddockStore);
  saveDeviceList(sampleUser.Id, list, 1_000);
  expect(localStorage.getItem(STORAGE_KEYS.lastDeviceList)).toBeNull();
  // Nor for anyone but the user signed in now.
  signInAs({ ...sampleUser, Id: 'next-user' });
  saveDeviceList(sampleUser.Id, list, 1_000);
  expect(localStorage.getItem(STORAGE_KEYS.lastDeviceList)).toBeNull();
});

test('ignores a damaged copy', () => {
  localStorage.setItem(STORAGE_KEYS.lastDeviceList, '{"UserId":"x"');
  expect(readDeviceList('x')).toBeNull();
  localStorage.setItem(STORAGE_KEYS.lastDeviceList, JSON.stringify({ UserId: 'x', SavedAt: 1, List: { Fencealarms: [] } }));
  expect(readDeviceList('x')).toBeNull();
});
