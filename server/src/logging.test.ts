// Passwords, tokens and codes never reach the log, even at the most verbose level.
import { APP_START_TIMEOUT_MS, call, createTestApp, latestCode, type TestApp } from './testing/testApp';

const lines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ logLevel: 'trace' }, { logStream: { write: (line) => lines.push(line) } });
}, APP_START_TIMEOUT_MS);
afterAll(() => t.close());

it('keeps secrets out of the log', async () => {
  const email = 'careful@example.com';
  const password = 'never-log-this-password';
  await call(t.app, 'POST', '/api/users', { body: { Email: email, Password: password, Country: 'SE' } });
  const code = await latestCode(t, email);
  await call(t.app, 'PUT', '/api/verify-email', { body: { Email: email, VerificationCode: code } });
  const signIn = await call(t.app, 'POST', '/api/sign-in', { body: { Email: email, Password: password } });
  const token: string = signIn.json().Token.String;
  await call(t.app, 'GET', '/api/token', { token });
  await call(t.app, 'GET', '/api/users/x', { token, headers: { cookie: 'session=secret-cookie' } });

  const log = lines.join('');
  expect(log).toContain('mail stored in the built-in mailbox');
  expect(log).toContain(email);
  for (const secret of [password, token, 'secret-cookie']) expect(log).not.toContain(secret);
  // The code as a number of its own (its digits may well occur inside a timestamp).
  expect(log).not.toMatch(new RegExp(`(?<!\\d)${code}(?!\\d)`));
});

it('keeps query tokens (the built-in payment portal link) out of the request log, and the rest of the address in it', async () => {
  lines.length = 0;
  await call(t.app, 'GET', '/api/billing-portal?saved=1&token=portal-link-secret&lang=de');
  const log = lines.join('');
  expect(log).not.toContain('portal-link-secret');
  expect(log).toContain('/api/billing-portal?saved=1&token=[redacted]&lang=de');
});
