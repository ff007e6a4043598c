// The client's transport against a real HTTP server on this machine: methods, JSON bodies, the time-out, 304 and
// failed replies (docs/product/api.md, docs/product/errors.md).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { localeAtom, paddockStore } from '../session/store';
import { resetSession, sampleUser, signInAs } from '../testing/fixtures';
import { api, ApiError, configureApi } from './client';
import { busyCountAtom, connectionFailedAtom, toastsAtom } from './feedback';

interface Seen {
  method: string;
  url: string;
  contentType?: string;
  acceptLanguage?: string;
  body: string;
}

let server: Server;
const seen: Seen[] = [];
let answer: (request: IncomingMessage, response: ServerResponse) => void;

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const { 'content-type': contentType, 'accept-language': acceptLanguage } = request.headers;
      seen.push({ method: request.method ?? '', url: request.url ?? '', contentType, acceptLanguage, body });
      answer(request, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  configureApi({ apiBase: `http://127.0.0.1:${port}/api`, testApiBase: `http://127.0.0.1:${port}/api`, timeoutMs: 30_000 });
});

afterAll(async () => {
  configureApi({ apiBase: '/api', testApiBase: '/api', timeoutMs: 30_000 });
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  resetSession();
  seen.length = 0;
  answer = (_request, response) => response.writeHead(200, { 'Content-Type': 'application/json' }).end('{"Ok":true}');
});

afterEach(() => {
  paddockStore.set(connectionFailedAtom, false);
  paddockStore.set(toastsAtom, []);
});

test('every call names the language the app shows, not the account’s: the server answers errors in it (docs/product/errors.md)', async () => {
  // Swedish on the account, German chosen here (on this device, or by an embed).
  signInAs({ ...sampleUser, Locale: 'sv-SE' });
  paddockStore.set(localeAtom, 'de-DE');
  await api.post('users/u1/sms', undefined, { silent: true });
  await api.get('users/u1');
  expect(seen.map((s) => s.acceptLanguage)).toEqual(['de-DE', 'de-DE']);
});

test('every method goes out in capitals; a body is sent as JSON, none without one', async () => {
  await expect(api.patch('users/u1', { Name: 'Åsa' })).resolves.toEqual({ Ok: true });
  await api.put('users/u1/devices/d1', { Name: 'Barn' });
  await api.post('users/u1/sign-out');
  await api.delete('users/u1/devices/d1');
  await api.get('prices', { query: { currency: 'SEK', empty: '' } });
  expect(seen.map((s) => [s.method, s.url])).toEqual([
    ['PATCH', '/api/users/u1'],
    ['PUT', '/api/users/u1/devices/d1'],
    ['POST', '/api/users/u1/sign-out'],
    ['DELETE', '/api/users/u1/devices/d1'],
    ['GET', '/api/prices?currency=SEK'],
  ]);
  expect(seen[0]).toMatchObject({ contentType: 'application/json', body: '{"Name":"Åsa"}' });
  expect(seen[2]).toMatchObject({ contentType: undefined, body: '' });
});

test('304 and 204 are answers without a body', async () => {
  answer = (_request, response) => response.writeHead(304, { ETag: '"v1"' }).end();
  await expect(api.get('users/u1/devices', { headers: { 'If-None-Match': '"v1"' } })).resolves.toBeUndefined();
  answer = (_request, response) => response.writeHead(204).end();
  await expect(api.delete('users/u1/devices/d1')).resolves.toBeUndefined();
  expect(paddockStore.get(toastsAtom)).toEqual([]);
});

test('a failed reply is an ApiError with the server’s code and field, and the failure toast', async () => {
  answer = (_request, response) =>
    response.writeHead(400, { 'Content-Type': 'application/json' }).end('{"Error":"invalid","Field":"Name","Message":"Name is too long."}');
  const error = await api.patch('users/u1', { Name: 'x'.repeat(300) }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ApiError);
  expect(error).toMatchObject({ status: 400, code: 'invalid', field: 'Name', unreachable: false, serverMessage: 'Name is too long.' });
  expect(paddockStore.get(toastsAtom)).toHaveLength(1);
  expect(paddockStore.get(busyCountAtom)).toBe(0);
});

test('no answer within the time-out aborts the call: 408, unreachable, the connection-failure page', async () => {
  answer = () => undefined; // never answers
  window.history.pushState({}, '', '/account');
  try {
    const started = Date.now();
    const error = await api.get('prices', { timeout: 300 }).catch((e: unknown) => e);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(error).toMatchObject({ status: 408, unreachable: true });
    expect(paddockStore.get(connectionFailedAtom)).toBe(true);
    expect(paddockStore.get(busyCountAtom)).toBe(0);
  } finally {
    window.history.pushState({}, '', '/');
  }
});

test('a server that cannot be reached is unreachable too', async () => {
  configureApi({ apiBase: 'http://127.0.0.1:9/api' });
  try {
    await expect(api.get('prices', { optional: true })).rejects.toMatchObject({ status: 408, unreachable: true });
    // An optional call (the notices) does not replace the page.
    expect(paddockStore.get(connectionFailedAtom)).toBe(false);
  } finally {
    const { port } = server.address() as AddressInfo;
    configureApi({ apiBase: `http://127.0.0.1:${port}/api` });
  }
});

test('a reply that is not JSON where JSON was expected is an error, not a crash', async () => {
  answer = (_request, response) => response.writeHead(200, { 'Content-Type': 'text/html' }).end('<html>proxy page</html>');
  await expect(api.get('prices', { silent: true })).rejects.toBeInstanceOf(ApiError);
  expect(paddockStore.get(busyCountAtom)).toBe(0);
});

describe('retries (docs/product/errors.md "Tried again")', () => {
  /** Answers the first `failures` requests with `status` (and its headers), then 200. */
  function failFirst(failures: number, status: number, headers: Record<string, string> = {}) {
    let count = 0;
    const at: number[] = [];
    answer = (_request, response) => {
      at.push(Date.now());
      count += 1;
      if (count <= failures) {
        response
          .writeHead(status, { 'Content-Type': 'application/json', ...headers })
          .end(`{"Error":"service_unavailable","Message":"Busy."}`);
      } else response.writeHead(200, { 'Content-Type': 'application/json' }).end('{"Ok":true}');
    };
    return at;
  }

  test('a GET answered 503 with Retry-After is tried again after that wait, and succeeds without a toast', async () => {
    const at = failFirst(1, 503, { 'Retry-After': '1' });
    await expect(api.get('users/u1/devices')).resolves.toEqual({ Ok: true });
    expect(seen.map((s) => s.method)).toEqual(['GET', 'GET']);
    // Honoured: the second try waited the second the server asked for (a lower bound, not a budget).
    expect(at[1] - at[0]).toBeGreaterThanOrEqual(950);
    expect(paddockStore.get(toastsAtom)).toEqual([]);
    expect(paddockStore.get(busyCountAtom)).toBe(0);
  });

  test('PUT, DELETE and 429, 502, 504 are retried too; a bounded number of times, then the error as before', async () => {
    failFirst(1, 429, { 'Retry-After': '0' });
    await expect(api.put('users/u1/devices/d1', { Name: 'Barn' })).resolves.toEqual({ Ok: true });
    expect(seen.map((s) => [s.method, s.body])).toEqual([
      ['PUT', '{"Name":"Barn"}'],
      ['PUT', '{"Name":"Barn"}'],
    ]);
    seen.length = 0;
    failFirst(1, 502);
    await expect(api.delete('users/u1/devices/d1')).resolves.toEqual({ Ok: true });
    expect(seen).toHaveLength(2);

    seen.length = 0;
    failFirst(99, 503, { 'Retry-After': '0' });
    const error = await api.get('prices').catch((e: unknown) => e);
    expect(seen).toHaveLength(3); // the first try and two more
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 503, code: 'service_unavailable', unreachable: false, serverMessage: 'Busy.' });
    expect(paddockStore.get(toastsAtom)).toHaveLength(1); // one toast for the call, not one per try
    expect(paddockStore.get(busyCountAtom)).toBe(0);
  });

  test('a plain POST and a PATCH are never sent twice; a POST with an idempotency key is', async () => {
    failFirst(99, 503, { 'Retry-After': '0' });
    await expect(api.post('users/u1/devices', { Key: '1' })).rejects.toMatchObject({ status: 503 });
    await expect(api.patch('users/u1', { Name: 'Åsa' })).rejects.toMatchObject({ status: 503 });
    expect(seen.map((s) => s.method)).toEqual(['POST', 'PATCH']);

    seen.length = 0;
    failFirst(1, 503, { 'Retry-After': '0' });
    await expect(api.post('users/u1/sms', undefined, { headers: { 'idempotency-key': 'buy-1' } })).resolves.toEqual({ Ok: true });
    expect(seen.map((s) => s.method)).toEqual(['POST', 'POST']);
  });

  test('not retried: a Retry-After beyond the bound, a call that asks for none, 4xx, and anything while offline', async () => {
    failFirst(99, 429, { 'Retry-After': '900' }); // a lock-out: the error shows at once
    await expect(api.get('prices')).rejects.toMatchObject({ status: 429 });
    expect(seen).toHaveLength(1);

    failFirst(99, 503, { 'Retry-After': '0' });
    await expect(api.put('smartplugs/1/power-enabled', { Enabled: true }, { retry: false })).rejects.toMatchObject({ status: 503 });
    expect(seen).toHaveLength(2);

    failFirst(99, 404);
    await expect(api.get('prices')).rejects.toMatchObject({ status: 404 });
    expect(seen).toHaveLength(3);

    const onLine = jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      failFirst(99, 503, { 'Retry-After': '0' });
      await expect(api.get('prices')).rejects.toMatchObject({ status: 503 });
      expect(seen).toHaveLength(4);
    } finally {
      onLine.mockRestore();
    }
  });

  test('a time-out is not retried: one request, then the connection-failure page as before', async () => {
    answer = () => undefined; // never answers
    window.history.pushState({}, '', '/account');
    try {
      await expect(api.get('prices', { timeout: 300 })).rejects.toMatchObject({ status: 408, unreachable: true });
      expect(seen).toHaveLength(1);
      expect(paddockStore.get(connectionFailedAtom)).toBe(true);
    } finally {
      window.history.pushState({}, '', '/');
    }
  });
});
