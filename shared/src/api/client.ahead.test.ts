// A GET asked for ahead (RequestOptions.ahead): the shell asks for the dashboard's device list while the device
// section loads, and the dashboard's first poll takes that reply instead of asking again — once, for the same user
// and request only, and never a failure.
import { waitFor } from '@testing-library/react';
import { localeAtom, paddockStore, tokenAtom } from '../session/store';
import { apiStandIn, resetSession, sampleUser, signInAs } from '../testing/fixtures';
import { devicesApi } from './devices';
import { busyCountAtom, toastsAtom } from './feedback';
import { usersApi } from './users';

const LIST = '{"FarmcamSims":[],"Fencealarms":[],"Fencealarm2s":[],"Smartplugs":[],"Smartplug2s":[]}';
const server = apiStandIn(() => new Response(LIST, { status: 200, headers: { ETag: 'W/"7"' } }));

beforeEach(() => resetSession());
/** The request asked for ahead goes out once the client's transport (ky) is loaded: a moment later, not at once. */
const sent = (count: number) => waitFor(() => expect(server.requests).toHaveLength(count));
afterEach(() => jest.useRealTimers());

test('the dashboard’s first poll takes the list asked for ahead: one request, and the next poll asks again', async () => {
  signInAs(sampleUser);
  expect(await usersApi.devices('u1', { ahead: true })).toBeUndefined();
  await sent(1);
  expect(server.requests[0].url).toBe('http://localhost/api/users/u1/devices');
  expect(server.requests[0].headers.get('Authorization')).toBe('Bearer token-1');
  expect(paddockStore.get(busyCountAtom)).toBe(0); // asking ahead shows no loading overlay

  const first = await devicesApi.poll('u1', null);
  expect(server.requests).toHaveLength(1);
  expect(first.etag).toBe('W/"7"');
  expect(first.list?.Smartplugs).toEqual([]);

  await devicesApi.poll('u1', first.etag, { background: true });
  expect(server.requests).toHaveLength(2);
  expect(server.requests[1].headers.get('If-None-Match')).toBe('W/"7"');
});

test('a reply still on its way is waited for, not asked for again', async () => {
  signInAs(sampleUser);
  let answer!: (response: Response) => void;
  server.reply = () => new Promise<Response>((resolve) => (answer = resolve));
  await usersApi.devices('u1', { ahead: true });
  const poll = devicesApi.poll('u1', null);
  await new Promise((resolve) => setTimeout(resolve, 10));
  answer(new Response(LIST, { status: 200, headers: { ETag: 'W/"8"' } }));
  expect((await poll).etag).toBe('W/"8"');
  expect(server.requests).toHaveLength(1);
});

test('a failed reply asked for ahead is not used: the poll asks itself and reports what goes wrong', async () => {
  signInAs(sampleUser);
  // 404: a status that is not retried, so each request is asked once (retries: client.http.test.ts).
  server.reply = () => new Response('{"Error":"not_found"}', { status: 404 });
  await usersApi.devices('u1', { ahead: true });
  await expect(devicesApi.poll('u1', null)).rejects.toMatchObject({ status: 404 });
  expect(server.requests).toHaveLength(2);
  expect(paddockStore.get(toastsAtom)).toHaveLength(1); // one toast, from the poll's own request

  paddockStore.set(toastsAtom, []);
  server.reply = () => Promise.reject(new TypeError('Failed to fetch'));
  await usersApi.devices('u1', { ahead: true });
  await sent(3);
  server.reply = () => new Response(LIST, { status: 200 });
  expect((await devicesApi.poll('u1', null)).list?.Fencealarms).toEqual([]);
  expect(server.requests).toHaveLength(4);
});

test('a request of another session or language does not take it', async () => {
  signInAs(sampleUser);
  await usersApi.devices('u1', { ahead: true });
  paddockStore.set(tokenAtom, { String: 'token-2', ExpiresAt: new Date(Date.now() + 3_600_000).toISOString() });
  await devicesApi.poll('u1', null);
  expect(server.requests.map((request) => request.headers.get('Authorization'))).toEqual(['Bearer token-1', 'Bearer token-2']);

  await usersApi.devices('u1', { ahead: true });
  paddockStore.set(localeAtom, 'de-DE');
  await devicesApi.poll('u1', null);
  expect(server.requests.map((request) => request.headers.get('Accept-Language'))).toEqual(['en-GB', 'en-GB', 'en-GB', 'de-DE']);
});

test('a reply asked for ahead waits 10 s for its page, then goes', async () => {
  jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
  signInAs(sampleUser);
  await usersApi.devices('u1', { ahead: true });
  jest.advanceTimersByTime(9_000);
  await devicesApi.poll('u1', null);
  expect(server.requests).toHaveLength(1);

  await usersApi.devices('u1', { ahead: true });
  jest.advanceTimersByTime(10_001);
  await devicesApi.poll('u1', null);
  expect(server.requests).toHaveLength(3);
});
