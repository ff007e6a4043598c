// Issue 26: Fastify validates a request before any handler asks who calls it, so an anonymous caller with a malformed
// body or path got 400 naming the field (a map of the schema) instead of 401. Every secured operation of the OpenAPI
// document answers 401 to a caller without a (valid) token, whatever it sends.
import { APP_START_TIMEOUT_MS, call, createTestApp, type TestApp } from '../testing/testApp';
import { fillPath, instantTimers, operationsOf, type Operation } from './operations';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { timers: instantTimers });
}, APP_START_TIMEOUT_MS);
afterAll(() => t.close());

/** Values no path parameter, query or body schema accepts: too long, a NUL, the wrong type. */
const BAD_SEGMENT = 'not valid \u0000';
const badPath = (operation: Operation) =>
  fillPath(operation, Object.fromEntries(operation.pathParams.map((parameter) => [parameter.name, BAD_SEGMENT])));
const badQuery = (operation: Operation) =>
  operation.query.length ? `?${operation.query.map((parameter) => `${parameter.name}=${encodeURIComponent(BAD_SEGMENT)}`).join('&')}` : '';
const BAD_BODY = { Unknown: BAD_SEGMENT, Email: 42, Password: [], Name: { no: 'object' } };

const secured = () => operationsOf(t.app).filter((operation) => operation.secured);

it('walks the secured operations of the OpenAPI document', () => {
  expect(secured().length).toBeGreaterThan(40);
});

describe.each([
  ['no token', undefined],
  ['an unknown token', 'not-a-real-token'],
])('with %s', (_what, token) => {
  it('every secured operation answers 401 to a malformed path, query and body, before validating them', async () => {
    const answers: string[] = [];
    for (const operation of secured()) {
      const url = `${badPath(operation)}${badQuery(operation)}`;
      const withBody = operation.method !== 'GET' && operation.method !== 'DELETE';
      const response = await call(t.app, operation.method, url, { token, ...(withBody ? { body: BAD_BODY } : {}) });
      if (response.statusCode !== 401) answers.push(`${operation.id}: ${response.statusCode} ${response.body.slice(0, 120)}`);
    }
    expect(answers).toEqual([]);
  });

  it('answers 401 to a body that is not JSON at all', async () => {
    const posts = secured().filter(
      (operation) => operation.method === 'POST' || operation.method === 'PUT' || operation.method === 'PATCH',
    );
    const answers: string[] = [];
    for (const operation of posts) {
      const response = await t.app.inject({
        method: operation.method,
        url: badPath(operation),
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        payload: '{"broken": ',
      });
      if (response.statusCode !== 401) answers.push(`${operation.id}: ${response.statusCode}`);
    }
    expect(answers).toEqual([]);
  });
});
