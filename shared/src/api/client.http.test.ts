// The client's transport against a real HTTP server on this machine: methods, JSON bodies, the time-out, 304 and
// failed replies (docs/product/api.md, docs/product/errors.md).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { paddockStore } from '../session/store';
import { resetSession } from '../testing/fixtures';
import { api, ApiError, configureApi } from './client';
import { busyCountAtom, connectionFailedAtom, toastsAtom } from './feedback';

interface Seen {
  method: string;
  url: string;
  contentType?: string;
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
      seen.push({ method: request.method ?? '', url: request.url ?? '', contentType: request.headers['content-type'], body });
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
