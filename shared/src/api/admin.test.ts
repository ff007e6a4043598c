import { adminApi } from './admin';
import { api, configureApi, paymentCustomerUrl } from './client';
import { POWER_TOGGLE_CLIENT_TIMEOUT_MS } from './devices';
import { usersApi } from './users';

beforeEach(() => jest.restoreAllMocks());
afterEach(() => configureApi({ testHostPrefix: 'test.' }));

test('the admin calls go to the paths of docs/product/api.md', async () => {
  const get = jest.spyOn(api, 'get').mockResolvedValue(undefined);
  const put = jest.spyOn(api, 'put').mockResolvedValue(undefined);
  const post = jest.spyOn(api, 'post').mockResolvedValue(undefined);
  const del = jest.spyOn(api, 'delete').mockResolvedValue(undefined);

  await adminApi.impersonate('farmcamsim', '240071234567890');
  expect(get).toHaveBeenLastCalledWith('admin/impersonate', { asSelf: true, query: { key: 'farmcamsim', value: '240071234567890' } });
  await adminApi.stopImpersonating('u7');
  expect(post).toHaveBeenLastCalledWith('admin/impersonate/stop', { UserId: 'u7' }, undefined);
  await adminApi.searchDevices('smartplug2', { key: '35', limit: 25 });
  expect(get).toHaveBeenLastCalledWith('admin/devices/smartplug2', { query: { key: '35', limit: 25 } });
  await adminApi.addTrial('farmcam-sim', '240071234567890', { Bytes: 1_000_000, Days: 3 });
  expect(put).toHaveBeenLastCalledWith('farmcam-sims/240071234567890/trial', { Bytes: 1_000_000, Days: 3 }, undefined);
  await adminApi.cancelSubscription('fencealarm', '356938035643801');
  expect(del).toHaveBeenLastCalledWith('fencealarms/356938035643801/subscription', undefined);
  await adminApi.configureFota('356938035643801', { Url: 'coap://h/x', Checksum: 'deadbeef' });
  expect(put).toHaveBeenLastCalledWith('fencealarm2s/356938035643801/fota', { Url: 'coap://h/x', Checksum: 'deadbeef' }, undefined);
  await adminApi.resetConsumption('356938035643801', { silent: true });
  expect(post).toHaveBeenLastCalledWith('smartplugs/356938035643801/consumption/reset', undefined, {
    timeout: POWER_TOGGLE_CLIENT_TIMEOUT_MS,
    silent: true,
  });
  await adminApi.saveNotice({ Id: 'n1', Public: true, English: 'Hi' });
  expect(post).toHaveBeenLastCalledWith('notices', { Id: 'n1', Public: true, English: 'Hi' }, undefined);
  await adminApi.deleteNotice('n 1');
  expect(del).toHaveBeenLastCalledWith('notices/n%201', undefined);
  await adminApi.audit({ staff: 'a@', before: 'e9' });
  expect(get).toHaveBeenLastCalledWith('admin/audit', { query: { staff: 'a@', before: 'e9' } });
  await adminApi.stats();
  expect(get).toHaveBeenLastCalledWith('admin/stats', undefined);
  await usersApi.smsOutbox('+46');
  expect(get).toHaveBeenLastCalledWith('admin/sms-outbox', { query: { to: '+46' } });
});

test('the payment provider’s customer page: the test dashboard on a test host', () => {
  expect(paymentCustomerUrl('cus_1', 'paddock.farm')).toBe('https://dashboard.stripe.com/customers/cus_1');
  expect(paymentCustomerUrl('cus_1', 'test.paddock.farm')).toBe('https://dashboard.stripe.com/test/customers/cus_1');
  configureApi({ paymentDashboardBase: 'https://pay.example/c/{CustomerId}/view' });
  expect(paymentCustomerUrl('a/b', 'paddock.farm')).toBe('https://pay.example/c/a%2Fb/view');
  configureApi({ paymentDashboardBase: 'https://dashboard.stripe.com/customers/{CustomerId}' });
});
