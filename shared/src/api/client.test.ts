import { buildQuery, configureApi, failureText, isTestHost, replyText, resolveApiBase } from './client';
import { apiTexts } from './messages';

describe('api client rules', () => {
  test('query helper keeps truthy fields only', () => {
    expect(buildQuery({ a: 'b', c: 'd', e: '', f: 0, g: undefined, h: null, i: false })).toBe('?a=b&c=d');
    expect(buildQuery({})).toBe('');
    expect(buildQuery({ to: 'a b@c.se' })).toBe('?to=a+b%40c.se');
  });

  test('failed-reply texts per docs/product/errors.md', () => {
    expect(failureText(408, 'Request Timeout', '')).toEqual({ message: apiTexts.messages.timeout });
    expect(failureText(500, 'Internal Server Error', 'boom')).toEqual({ message: apiTexts.messages.serverError });
    expect(failureText(401, 'Unauthorized', '{"Error":"bad_credentials","Message":"Wrong e-mail or password."}')).toEqual({
      message: apiTexts.messages.otherStatus,
      values: { status: 401, statusText: 'Unauthorized', body: 'Wrong e-mail or password.' },
    });
    expect(failureText(404, 'Not Found', 'no such page').values).toEqual({ status: 404, statusText: 'Not Found', body: 'no such page' });
    expect(apiTexts.definitions.timeout['en-GB']).toBe('408: Connection to server timed out');
    expect(apiTexts.definitions.serverError['en-GB']).toBe('500: Internal Server Error');
  });

  test('reply text prefers the server message', () => {
    expect(replyText('{"Message":"Nope"}')).toBe('Nope');
    expect(replyText('plain')).toBe('plain');
  });

  test('test base when the host begins with the test prefix', () => {
    configureApi({ apiBase: 'https://api.paddock.farm', testApiBase: 'https://test-api.paddock.farm', testHostPrefix: 'test.' });
    expect(resolveApiBase('app.paddock.farm')).toBe('https://api.paddock.farm');
    expect(resolveApiBase('test.app.paddock.farm')).toBe('https://test-api.paddock.farm');
    expect(isTestHost('test.app.paddock.farm')).toBe(true);
    expect(isTestHost('localhost')).toBe(false);
    configureApi({ apiBase: '/api', testApiBase: '/api' });
  });
});
