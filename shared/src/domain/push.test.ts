import { mayOfferPush, parseWebPushToken, pushMessageUrl, PUSH_PROMPT_SNOOZE_MS, PUSH_TOKENS_PER_USER, webPushTokenText, withoutPushEndpoint, withPushToken } from './push';

// A real browser subscription's shape: a 65-byte P-256 point and a 16-byte secret, base64url.
const p256dh = 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM';
const auth = 'tBHItJI5svbpez7KI4CCXg';
const subscription = (endpoint = 'https://fcm.googleapis.com/fcm/send/abc:123') => ({ endpoint, keys: { p256dh, auth } });
const token = (endpoint?: string) => JSON.stringify(subscription(endpoint));

describe('parseWebPushToken', () => {
  test('takes a browser subscription as JSON', () => {
    expect(parseWebPushToken(token())).toEqual(subscription());
    // toJSON() of a real subscription also has expirationTime: ignored.
    expect(parseWebPushToken(JSON.stringify({ ...subscription(), expirationTime: null }))).toEqual(subscription());
  });

  test.each([
    ['not JSON', 'fcm-registration-token'],
    ['JSON that is not an object', '42'],
    ['no endpoint', JSON.stringify({ keys: { p256dh, auth } })],
    ['no keys', JSON.stringify({ endpoint: 'https://push.example/1' })],
    ['an http endpoint', token('http://push.example/1')],
    ['a file endpoint', token('file:///etc/passwd')],
    ['credentials in the endpoint', token('https://user:pw@push.example/1')],
    ['not a URL', token('push service')],
    ['a short key', JSON.stringify({ endpoint: 'https://push.example/1', keys: { p256dh: 'AAAA', auth } })],
    ['a short secret', JSON.stringify({ endpoint: 'https://push.example/1', keys: { p256dh, auth: 'AAAA' } })],
    ['a key that is not base64url', JSON.stringify({ endpoint: 'https://push.example/1', keys: { p256dh: `${p256dh.slice(0, -1)}+`, auth } })],
    ['too long', JSON.stringify({ ...subscription(), padding: 'x'.repeat(5000) })],
    // Parsers that disagree about the host: WHATWG reads "127.0.0.1{x.push.apple.com", Node's url.parse "127.0.0.1".
    ['a host two parsers read differently', token('https://127.0.0.1{x.push.apple.com/push/1')],
    ['a host with a backslash', token('https://127.0.0.1\\@x.push.apple.com/1')],
    ['an endpoint not written canonically', token('HTTPS://FCM.googleapis.com/fcm/send/1')],
    ['a default port written out', token('https://fcm.googleapis.com:443/fcm/send/1')],
    ['an IPv6 host', token('https://[::1]/push/1')],
    ['a one-label host', token('https://localhost/push/1')],
    ['a fragment', token('https://fcm.googleapis.com/fcm/send/1#x')],
    ['odd characters in the path', token('https://fcm.googleapis.com/fcm/send/{1}')],
  ])('refuses %s', (_what, text) => {
    expect(parseWebPushToken(text)).toBeNull();
  });
});

describe('the tokens of a user', () => {
  test('a browser registering again replaces its old token; the newest is last', () => {
    const a = token('https://push.example/a');
    const b = token('https://push.example/b');
    expect(withPushToken([a, b], subscription('https://push.example/a'))).toEqual([b, webPushTokenText(subscription('https://push.example/a'))]);
  });

  test(`at most ${PUSH_TOKENS_PER_USER}: the oldest goes`, () => {
    const many = Array.from({ length: PUSH_TOKENS_PER_USER }, (_, n) => token(`https://push.example/${n}`));
    const after = withPushToken(many, subscription('https://push.example/new'));
    expect(after).toHaveLength(PUSH_TOKENS_PER_USER);
    expect(after[0]).toBe(many[1]);
    expect(parseWebPushToken(after.at(-1)!)?.endpoint).toBe('https://push.example/new');
  });

  test('a gone endpoint is removed, the others stay', () => {
    const a = token('https://push.example/a');
    const b = token('https://push.example/b');
    expect(withoutPushEndpoint([a, b], 'https://push.example/a')).toEqual([b]);
  });
});

test('a notification opens the device on the dashboard', () => {
  expect(pushMessageUrl({ Device: 'fencealarm', Imei: '350000100000001' })).toBe('/devices?id=350000100000001');
  expect(pushMessageUrl({ Device: 'farmcam-sim', Imsi: '240010000000001' })).toBe('/devices?id=240010000000001');
  expect(pushMessageUrl({ Device: 'fencealarm' })).toBe('/devices');
});

test('the offer comes back 30 days after "Not now", never after a denial', () => {
  const at = Date.parse('2026-11-01T00:00:00Z');
  expect(mayOfferPush(null, at)).toBe(true);
  expect(mayOfferPush({ answer: 'later', at }, at + PUSH_PROMPT_SNOOZE_MS - 1)).toBe(false);
  expect(mayOfferPush({ answer: 'later', at }, at + PUSH_PROMPT_SNOOZE_MS)).toBe(true);
  expect(mayOfferPush({ answer: 'denied', at }, at + 10 * PUSH_PROMPT_SNOOZE_MS)).toBe(false);
});
