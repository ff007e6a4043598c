import { api } from './client';
import { usersApi } from './users';

beforeEach(() => jest.restoreAllMocks());

test('buying SMS posts to the account, without a body, with the action’s idempotency key, and returns the account', async () => {
  const user = { Id: 'u 1', SmsNotifications: { Enabled: false, Balance: 100 } };
  const post = jest.spyOn(api, 'post').mockResolvedValue(user);
  expect(await usersApi.buySms('u 1', 'key-1')).toBe(user);
  expect(post).toHaveBeenLastCalledWith('users/u%201/sms', undefined, { headers: { 'idempotency-key': 'key-1' } });
  await usersApi.buySms('u1', 'key-2', { background: true });
  expect(post).toHaveBeenLastCalledWith('users/u1/sms', undefined, { background: true, headers: { 'idempotency-key': 'key-2' } });
});

test('deleting an account sends the holder’s password in the body (staff send an empty one); the summary is its own GET', async () => {
  const remove = jest.spyOn(api, 'delete').mockResolvedValue(undefined);
  await usersApi.remove('u 1', 'correct-horse', { silent: true });
  expect(remove).toHaveBeenLastCalledWith('users/u%201', { silent: true, json: { Password: 'correct-horse' } });
  await usersApi.remove('u2', undefined);
  expect(remove).toHaveBeenLastCalledWith('users/u2', { json: {} });
  const get = jest.spyOn(api, 'get').mockResolvedValue({ Devices: [], Plans: [], SmsBalance: 0, SharedWith: [] });
  await usersApi.deletionSummary('u 1');
  expect(get).toHaveBeenLastCalledWith('users/u%201/deletion-summary', undefined);
});
