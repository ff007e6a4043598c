import { CODE_MAX_ATTEMPTS } from '../auth/codes';
import { call, createTestApp, createUser, latestCode, mailsTo, signIn, type TestApp } from '../testing/testApp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const MINUTE = 60_000;
const newEmail = (() => {
  let n = 0;
  return () => `farmer${++n}-${Date.now()}@example.com`;
})();

async function signUp(email: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  const response = await call(t.app, 'POST', '/api/users', {
    body: { Email: email, Password: 'correct-horse-battery', Country: 'SE', ...extra },
    headers,
  });
  expect(response.statusCode).toBe(202);
  return response.json<{ Email: string }>();
}

const verify = (Email: string, VerificationCode: string) => call(t.app, 'PUT', '/api/verify-email', { body: { Email, VerificationCode } });
const resetPassword = (Email: string, Password: string, VerificationCode: string) =>
  call(t.app, 'PUT', '/api/password', { body: { Email, Password, VerificationCode } });
const sendCode = (Email: string) => call(t.app, 'PUT', '/api/send-verification-code', { body: { Email } });
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('sign-up mail and verification', () => {
  it('mails a verification code in the account language, and the code verifies the account', async () => {
    const email = newEmail();
    await signUp(email, { Locale: 'de-DE' });
    const [mail] = await mailsTo(t, email);
    expect(mail.Subject).toBe('Ihr Paddock-Bestätigungscode');
    expect(mail.Text).toMatch(/^Hallo,\n\nIhr Code zur Bestätigung Ihres Paddock-Kontos lautet:\n\n\d{6}\n\nDer Code ist 15 Minuten gültig/);
    const signInBefore = await call(t.app, 'POST', '/api/sign-in', { body: { Email: email, Password: 'correct-horse-battery' } });
    expect(signInBefore.statusCode).toBe(403);

    expect((await verify(email.toUpperCase(), await latestCode(t, email))).statusCode).toBe(204);
    expect(await signIn(t, email, 'correct-horse-battery')).toBeTruthy();
  });

  it('takes the account language from Accept-Language when the sign-up names none', async () => {
    const email = newEmail();
    await signUp(email, {}, { 'accept-language': 'fr-CH, fr;q=0.9' });
    const [mail] = await mailsTo(t, email);
    expect(mail.Subject).toBe('Votre code de vérification Paddock');
  });

  it.each([
    ['sv-SE', 'Din verifieringskod för Paddock'],
    ['en-GB', 'Your Paddock verification code'],
  ])('writes the mail in %s', async (locale, subject) => {
    const email = newEmail();
    await signUp(email, { Locale: locale });
    expect((await mailsTo(t, email))[0].Subject).toBe(subject);
  });

  it('refuses a wrong code, a reused code and an unknown e-mail with 400 on VerificationCode', async () => {
    const email = newEmail();
    await signUp(email);
    const code = await latestCode(t, email);
    const wrong = await verify(email, wrongCode(code));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ Error: 'invalid_code', Message: 'The code is not valid.', Field: 'VerificationCode' });
    expect((await verify(email, code)).statusCode).toBe(204);
    expect((await verify(email, code)).json()).toMatchObject({ Error: 'invalid_code', Field: 'VerificationCode' });
    expect((await verify('nobody@example.com', code)).json()).toMatchObject({ Error: 'invalid_code', Field: 'VerificationCode' });
  });

  it('refuses a code older than 15 minutes', async () => {
    const email = newEmail();
    await signUp(email);
    const code = await latestCode(t, email);
    t.clock.advance(15 * MINUTE + 1000);
    const response = await verify(email, code);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ Error: 'code_expired', Field: 'VerificationCode' });
  });

  it(`burns a code after ${CODE_MAX_ATTEMPTS} wrong tries: then even the right code fails, a new one works`, async () => {
    const email = newEmail();
    await signUp(email);
    const code = await latestCode(t, email);
    for (let i = 0; i < CODE_MAX_ATTEMPTS; i++) expect((await verify(email, wrongCode(code))).json()).toMatchObject({ Error: 'invalid_code' });
    expect((await verify(email, code)).json()).toMatchObject({ Error: 'code_attempts_exceeded', Field: 'VerificationCode' });
    expect((await sendCode(email)).statusCode).toBe(204);
    const fresh = await latestCode(t, email);
    expect((await verify(email, code === fresh ? wrongCode(fresh) : code)).statusCode).toBe(400);
    expect((await verify(email, fresh)).statusCode).toBe(204);
  });

  it.each([
    [{ Email: 'a@b.se' }, 'missing_field', 'VerificationCode'],
    [{ Email: 'a@b.se', VerificationCode: '12345' }, 'invalid_field', 'VerificationCode'],
    [{ Email: 'a@b.se', VerificationCode: 123456 }, 'invalid_field', 'VerificationCode'],
    [{ Email: 'nope', VerificationCode: '123456' }, 'invalid_field', 'Email'],
    [{ Email: 'a@b.se', VerificationCode: '123456', Extra: 1 }, 'unknown_field', 'Extra'],
  ])('answers 400 for %o', async (body, code, field) => {
    const response = await call(t.app, 'PUT', '/api/verify-email', { body });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ Error: code, Field: field });
  });
});

describe('send-verification-code', () => {
  it('answers 204 for an unknown e-mail and mails nothing', async () => {
    const response = await sendCode('ghost@example.com');
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect(await mailsTo(t, 'ghost@example.com')).toEqual([]);
  });

  it('mails a new verification code to an unverified account; only the newest code works', async () => {
    const email = newEmail();
    await signUp(email, { Locale: 'sv-SE' });
    const first = await latestCode(t, email);
    t.clock.advance(1000);
    expect((await sendCode(` ${email.toUpperCase()} `.trim())).statusCode).toBe(204);
    const mails = await mailsTo(t, email);
    expect(mails).toHaveLength(2);
    expect(mails[0].Subject).toBe('Din verifieringskod för Paddock');
    const second = await latestCode(t, email);
    if (first !== second) expect((await verify(email, first)).statusCode).toBe(400);
    expect((await verify(email, second)).statusCode).toBe(204);
  });

  it('mails a password-reset code to a verified account', async () => {
    const user = await createUser(t, { locale: 'fr-FR' });
    expect((await sendCode(user.email)).statusCode).toBe(204);
    const [mail] = await mailsTo(t, user.email);
    expect(mail.Subject).toBe('Votre code de réinitialisation du mot de passe Paddock');
    expect(mail.Text).toContain('Ce code est valable 15 minutes.');
    // A reset code does not verify an account.
    expect((await verify(user.email, await latestCode(t, user.email))).json()).toMatchObject({ Error: 'invalid_code' });
  });
});

describe('password', () => {
  it('sets a new password with a reset code and signs out every session', async () => {
    const user = await createUser(t);
    const token = await signIn(t, user.email, user.password);
    await sendCode(user.email);
    const code = await latestCode(t, user.email);
    expect((await resetPassword(user.email, 'a-brand-new-password', code)).statusCode).toBe(204);
    expect((await call(t.app, 'GET', '/api/token', { token })).statusCode).toBe(401);
    expect((await call(t.app, 'POST', '/api/sign-in', { body: { Email: user.email, Password: user.password } })).statusCode).toBe(401);
    expect(await signIn(t, user.email, 'a-brand-new-password')).toBeTruthy();
    // Single use.
    expect((await resetPassword(user.email, 'yet-another-password', code)).json()).toMatchObject({ Error: 'invalid_code' });
  });

  it('takes the verification code of an unverified account, and verifies it', async () => {
    const email = newEmail();
    await signUp(email);
    expect((await resetPassword(email, 'forgot-it-already', await latestCode(t, email))).statusCode).toBe(204);
    expect(await signIn(t, email, 'forgot-it-already')).toBeTruthy();
  });

  it('refuses an expired code, a wrong code and a short password', async () => {
    const user = await createUser(t);
    await sendCode(user.email);
    const code = await latestCode(t, user.email);
    const short = await resetPassword(user.email, 'short', code);
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({ Error: 'too_short', Message: 'Password must be at least 12 characters long.', Field: 'Password' });
    expect((await resetPassword(user.email, 'long-enough-password', wrongCode(code))).json()).toMatchObject({ Error: 'invalid_code' });
    t.clock.advance(16 * MINUTE);
    expect((await resetPassword(user.email, 'long-enough-password', code)).json()).toMatchObject({ Error: 'code_expired' });
    expect((await call(t.app, 'POST', '/api/sign-in', { body: { Email: user.email, Password: user.password } })).statusCode).toBe(200);
  });

  it.each([
    [{ Email: 'a@b.se', Password: 'long-enough-password' }, 'missing_field', 'VerificationCode'],
    [{ Email: 'a@b.se', VerificationCode: '123456' }, 'missing_field', 'Password'],
    [{ Password: 'long-enough-password', VerificationCode: '123456' }, 'missing_field', 'Email'],
    [{ Email: 'a@b.se', Password: 'x'.repeat(257), VerificationCode: '123456' }, 'too_long', 'Password'],
    [{ Email: 'a@b.se', Password: ' '.repeat(12), VerificationCode: '123456' }, 'password_blank', 'Password'],
    [{ Email: 'a@b.se', Password: '1q2w3e4r5t6y', VerificationCode: '123456' }, 'password_common', 'Password'],
  ])('answers 400 for %o', async (body, code, field) => {
    const response = await call(t.app, 'PUT', '/api/password', { body });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ Error: code, Field: field });
  });
});

describe('rate limits', () => {
  const limited = async (action: 'sendCode' | 'verifyEmail' | 'password', attempts: () => Promise<{ statusCode: number }>, max: number) => {
    const saved = t.config.rateLimits[action];
    t.config.rateLimits[action] = { perEmail: max, perIp: 1000 };
    try {
      for (let i = 0; i < max; i++) expect((await attempts()).statusCode).not.toBe(429);
      const response = (await attempts()) as { statusCode: number; json(): unknown };
      expect(response.statusCode).toBe(429);
      expect(response.json()).toEqual({ Error: 'rate_limited', Message: 'Too many attempts, try again in 15 minutes.' });
    } finally {
      t.config.rateLimits[action] = saved;
    }
  };

  it('limits code mails per e-mail', async () => {
    const email = newEmail();
    await limited('sendCode', () => sendCode(email), 3);
  });

  it('limits wrong verification codes per e-mail', async () => {
    const email = newEmail();
    await signUp(email);
    await limited('verifyEmail', () => verify(email, '000000'), 4);
  });

  it('limits wrong reset codes per e-mail', async () => {
    const user = await createUser(t);
    await limited('password', () => resetPassword(user.email, 'long-enough-password', '000000'), 4);
  });

  it('limits sign-ups per IP', async () => {
    const saved = t.config.rateLimits.createUser;
    t.config.rateLimits.createUser = { perEmail: 1000, perIp: 2 };
    try {
      const from = (ip: string) =>
        call(t.app, 'POST', '/api/users', { body: { Email: newEmail(), Password: 'correct-horse-battery', Country: 'SE' }, ip });
      expect((await from('10.9.9.9')).statusCode).toBe(202);
      expect((await from('10.9.9.9')).statusCode).toBe(202);
      expect((await from('10.9.9.9')).statusCode).toBe(429);
      expect((await from('10.9.9.8')).statusCode).toBe(202);
    } finally {
      t.config.rateLimits.createUser = saved;
    }
  });
});
