import { usersApi } from '@paddock/shared/api';
import { impersonationAtom, paddockStore } from '@paddock/shared/session';
import { resetSession, sampleAdmin, sampleUser, signInAs } from '@paddock/shared/testing/fixtures';
import { askForDeviceListAhead } from './deviceListAhead';

beforeEach(() => {
  resetSession();
  jest.restoreAllMocks();
});

test('a page load that shows the dashboard asks for the user’s device list ahead', () => {
  const devices = jest.spyOn(usersApi, 'devices').mockResolvedValue(undefined as never);
  signInAs(sampleUser);
  expect(askForDeviceListAhead('/devices')).toBe(true);
  expect(devices).toHaveBeenCalledWith('u1', { ahead: true });
});

test('…as the user an admin acts for, the dashboard’s own user', () => {
  const devices = jest.spyOn(usersApi, 'devices').mockResolvedValue(undefined as never);
  signInAs(sampleAdmin);
  paddockStore.set(impersonationAtom, { User: { ...sampleUser, Id: 'customer-7' }, ReturnTo: '/admin/user/customer-7' });
  askForDeviceListAhead('/devices');
  expect(devices).toHaveBeenCalledWith('customer-7', { ahead: true });
});

test('nothing for another page, or with no one signed in', () => {
  const devices = jest.spyOn(usersApi, 'devices').mockResolvedValue(undefined as never);
  signInAs(sampleUser);
  expect(askForDeviceListAhead('/billing')).toBe(false);
  expect(askForDeviceListAhead('/smartplug/356938035643809/settings')).toBe(false);
  resetSession();
  expect(askForDeviceListAhead('/devices')).toBe(false);
  expect(devices).not.toHaveBeenCalled();
});
