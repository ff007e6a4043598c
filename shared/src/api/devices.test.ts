import { emptyDeviceList } from '../products';
import { api, configureApi } from './client';
import { POWER_TOGGLE_CLIENT_TIMEOUT_MS, POWER_TOGGLE_TIMEOUT_MS, collectionOf, devicesApi } from './devices';

beforeEach(() => jest.restoreAllMocks());

test('collections per product (docs/product/api.md)', () => {
  expect(collectionOf('farmcam-sim')).toBe('farmcam-sims');
  expect(collectionOf('fencealarm')).toBe('fencealarms');
  expect(collectionOf('fencealarm2')).toBe('fencealarm2s');
  expect(collectionOf('smartplug')).toBe('smartplugs');
  expect(collectionOf('smartplug2')).toBe('smartplug2s');
});

test('list, register, get, update, unregister', async () => {
  const get = jest.spyOn(api, 'get').mockResolvedValue(undefined);
  const post = jest.spyOn(api, 'post').mockResolvedValue(undefined);
  const patch = jest.spyOn(api, 'patch').mockResolvedValue(undefined);
  const remove = jest.spyOn(api, 'delete').mockResolvedValue(undefined);
  await devicesApi.list('u 1');
  expect(get).toHaveBeenLastCalledWith('users/u%201/devices', undefined);
  await devicesApi.register('u1', 'farmcam-sim', { Imsi: '240071234567890', Name: 'Cam' });
  expect(post).toHaveBeenLastCalledWith('users/u1/farmcam-sims', { Imsi: '240071234567890', Name: 'Cam' }, undefined);
  await devicesApi.register('u1', 'smartplug2', { Imei: '356938035643809', Name: 'Pump', Owner: 'a@b.se' }, { silent: true });
  expect(post).toHaveBeenLastCalledWith('users/u1/smartplug2s', { Imei: '356938035643809', Name: 'Pump', Owner: 'a@b.se' }, { silent: true });
  await devicesApi.get('fencealarm2', '356938035643809');
  expect(get).toHaveBeenLastCalledWith('fencealarm2s/356938035643809', undefined);
  await devicesApi.update('fencealarm', '356938035643809', { Name: 'New' });
  expect(patch).toHaveBeenLastCalledWith('fencealarms/356938035643809', { Name: 'New' }, undefined);
  await devicesApi.unregister('smartplug', '356938035643809');
  expect(remove).toHaveBeenLastCalledWith('smartplugs/356938035643809', undefined);
});

test('power: SmartPlug through power-enabled, SmartPlug2 through OutputPower, both waiting for the device, never retried', async () => {
  const put = jest.spyOn(api, 'put').mockResolvedValue(undefined);
  const patch = jest.spyOn(api, 'patch').mockResolvedValue(undefined);
  expect(POWER_TOGGLE_TIMEOUT_MS).toBe(60_000);
  // The server's 408 after 60 s must arrive before the client gives up (which would show the connection failure).
  expect(POWER_TOGGLE_CLIENT_TIMEOUT_MS).toBe(65_000);
  await devicesApi.setPower('smartplug', '356938035643809', false);
  expect(put).toHaveBeenCalledWith('smartplugs/356938035643809/power-enabled', { Enabled: false }, { timeout: 65_000, retry: false });
  await devicesApi.setPower('smartplug2', '356938035643809', true);
  expect(patch).toHaveBeenCalledWith(
    'smartplug2s/356938035643809',
    { DeviceConfig: { OutputPower: true } },
    { timeout: 65_000, retry: false },
  );
  // A tap's Idempotency-Key goes with the request (docs/protocol.md "Commands are idempotent").
  await devicesApi.setPower('smartplug2', '356938035643809', false, { headers: { 'idempotency-key': 'tap-1' } });
  expect(patch).toHaveBeenLastCalledWith(
    'smartplug2s/356938035643809',
    { DeviceConfig: { OutputPower: false } },
    { timeout: 65_000, retry: false, headers: { 'idempotency-key': 'tap-1' } },
  );
});

test('poll sends If-None-Match; a 304 keeps the list (null) and the ETag', async () => {
  const list = emptyDeviceList();
  const get = jest
    .spyOn(api, 'get')
    .mockResolvedValueOnce(new Response(JSON.stringify(list), { status: 200, headers: { ETag: '"v1"' } }))
    .mockResolvedValueOnce(new Response(null, { status: 304 }));
  expect(await devicesApi.poll('u1', null)).toEqual({ list, etag: '"v1"' });
  expect(get).toHaveBeenLastCalledWith('users/u1/devices', { headers: {}, raw: true });
  expect(await devicesApi.poll('u1', '"v1"', { background: true })).toEqual({ list: null, etag: '"v1"' });
  expect(get).toHaveBeenLastCalledWith('users/u1/devices', { background: true, headers: { 'If-None-Match': '"v1"' }, raw: true });
});

test('through the real client: a 304 is an answer, not a failure (no toast), and the ETag goes back', async () => {
  const { paddockStore } = await import('../session/store');
  const { toastsAtom } = await import('./feedback');
  paddockStore.set(toastsAtom, []);
  const fetchMock = jest.fn(async (request: Request) =>
    request.headers.get('If-None-Match') === '"v1"'
      ? new Response(null, { status: 304, headers: { ETag: '"v1"' } })
      : new Response('{"FarmcamSims":[],"Fencealarms":[],"Fencealarm2s":[],"Smartplugs":[],"Smartplug2s":[]}', { status: 200, headers: { ETag: '"v1"' } }),
  );
  const original = globalThis.fetch;
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  configureApi({ apiBase: 'http://localhost/api', testApiBase: 'http://localhost/api' });
  try {
    const first = await devicesApi.poll('u1', null);
    expect(first.etag).toBe('"v1"');
    expect(first.list?.Smartplugs).toEqual([]);
    expect(await devicesApi.poll('u1', '"v1"', { background: true })).toEqual({ list: null, etag: '"v1"' });
    expect(paddockStore.get(toastsAtom)).toEqual([]);
  } finally {
    globalThis.fetch = original;
    configureApi({ apiBase: '/api', testApiBase: '/api' });
  }
});

test('the signed-in user’s own alarm channels of a device', async () => {
  const get = jest.spyOn(api, 'get').mockResolvedValue(undefined);
  const put = jest.spyOn(api, 'put').mockResolvedValue(undefined);
  await devicesApi.alarmChannels('farmcam-sim', '240071234567890');
  expect(get).toHaveBeenLastCalledWith('farmcam-sims/240071234567890/alarm-channels', undefined);
  await devicesApi.setAlarmChannels('smartplug2', '356938035643809', { Email: true, Sms: true, Push: false });
  expect(put).toHaveBeenLastCalledWith('smartplug2s/356938035643809/alarm-channels', { Email: true, Sms: true, Push: false }, undefined);
});
