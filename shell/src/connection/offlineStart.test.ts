import { ApiError } from '@paddock/shared/api';
import { checkSessionTolerantly, mayWaitForNetwork } from './offlineStart';

const unreachable = () => new ApiError(408, 'Request Timeout', '', undefined, undefined, true);

test('only a check that got no answer, on the dashboard, waits for the network', () => {
  expect(mayWaitForNetwork(unreachable(), '/devices')).toBe(true);
  expect(mayWaitForNetwork(unreachable(), '/')).toBe(true);
  expect(mayWaitForNetwork(unreachable(), '/account')).toBe(false);
  expect(mayWaitForNetwork(unreachable(), '/smartplug/356938035643803')).toBe(false);
  expect(mayWaitForNetwork(new ApiError(408, 'Request Timeout', ''), '/devices')).toBe(false);
  expect(mayWaitForNetwork(new ApiError(500, 'Internal Server Error', ''), '/devices')).toBe(false);
});

test('on the dashboard without a network the check runs again when the browser is back online', async () => {
  window.history.replaceState(null, '', '/devices');
  const check = jest.fn<Promise<void>, []>().mockRejectedValueOnce(unreachable()).mockResolvedValueOnce(undefined);
  const onFailed = jest.fn();
  checkSessionTolerantly(check, onFailed);
  await Promise.resolve();
  await Promise.resolve();
  expect(check).toHaveBeenCalledTimes(1);
  window.dispatchEvent(new Event('online'));
  await Promise.resolve();
  expect(check).toHaveBeenCalledTimes(2);
  expect(onFailed).not.toHaveBeenCalled();
  window.history.replaceState(null, '', '/');
});

test('elsewhere start-up fails as before', async () => {
  window.history.replaceState(null, '', '/account');
  const onFailed = jest.fn();
  checkSessionTolerantly(() => Promise.reject(unreachable()), onFailed);
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(onFailed).toHaveBeenCalledWith(expect.any(ApiError));
  window.history.replaceState(null, '', '/');
});
