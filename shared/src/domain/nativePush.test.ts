import { parseFcmToken, withFcmToken, withoutFcmEndpoint } from './nativePush';
import { PUSH_TOKENS_PER_USER, webPushTokenText } from './push';

const TOKEN = 'dGhpcyBpcyBhIHRlc3Q:APA91bHun4MxP5egoKMwt2KZFBaFUH-1RYqx';
const browser = webPushTokenText({ endpoint: 'https://fcm.googleapis.com/fcm/send/abc', keys: { p256dh: 'p', auth: 'a' } });

test('an FCM registration token is told apart from a Web Push subscription by its shape', () => {
  expect(parseFcmToken(TOKEN)).toEqual({ kind: 'fcm', token: TOKEN, endpoint: `fcm:${TOKEN}` });
  expect(parseFcmToken(browser)).toBeNull();
  expect(parseFcmToken('too-short')).toBeNull();
  expect(parseFcmToken(`${TOKEN} `)).toBeNull();
  expect(parseFcmToken(`${TOKEN}/../x`)).toBeNull();
});

test('the app token joins the list once, newest last, and leaves it by its endpoint', () => {
  const token = parseFcmToken(TOKEN)!;
  expect(withFcmToken([TOKEN, browser], token)).toEqual([browser, TOKEN]);
  const many = Array.from({ length: PUSH_TOKENS_PER_USER }, (_, i) => `${'a'.repeat(40)}${i}`);
  expect(withFcmToken(many, token)).toHaveLength(PUSH_TOKENS_PER_USER);
  expect(withFcmToken(many, token).at(-1)).toBe(TOKEN);
  expect(withoutFcmEndpoint([browser, TOKEN], token.endpoint)).toEqual([browser]);
  expect(withoutFcmEndpoint([browser, TOKEN], 'https://fcm.googleapis.com/fcm/send/abc')).toEqual([browser, TOKEN]);
});
