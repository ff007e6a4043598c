import { eq } from 'drizzle-orm';
import { users } from '../db/schema';
import { APP_START_TIMEOUT_MS, adminToken, call, createTestApp, createUser, latestCode, mailsTo, signIn, withRateLimit, type TestApp } from '../testing/testApp';
import { PENDING_SIGN_UPS_MAX } from './store';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, APP_START_TIMEOUT_MS);
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

const verify = (Email: string, VerificationCode: string, Password?: string) =>
  call(t.app, 'PUT', '/api/verify-email', { body: { Email, VerificationCode, ...(Password === undefined ? {} : { Password }) } });
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

  it('keeps a code working after wrong tries: they count against the rate limits, not the code', async () => {
    const email = newEmail();
    await signUp(email);
    const code = await latestCode(t, email);
    for (let i = 0; i < 6; i++) expect((await verify(email, wrongCode(code))).json()).toMatchObject({ Error: 'invalid_code' });
    expect((await verify(email, code)).statusCode).toBe(204);
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

  it('limits wrong verification codes per e-mail and client IP', async () => {
    const email = newEmail();
    await signUp(email);
    await limited('verifyEmail', () => verify(email, '000000'), 4);
  });

  it('limits wrong reset codes per e-mail and client IP', async () => {
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

// Issue 26, "Pre-verification takeover": whoever enters the code mailed for a sign-up gets that sign-up's password.
describe('sign-ups for an address nobody has confirmed', () => {
  const VICTIM = 'victims-own-password-1';
  const INTRUDER = 'intruders-password-1';
  const signInStatus = async (Email: string, Password: string) =>
    (await call(t.app, 'POST', '/api/sign-in', { body: { Email, Password } })).statusCode;
  const day = (at: Date) => new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(at);

  it("keeps the victim's code and password when an intruder signs up after the victim", async () => {
    const email = newEmail();
    await signUp(email, { Password: VICTIM, Name: 'Anna' });
    const victimsCode = await latestCode(t, email);
    await signUp(email, { Password: INTRUDER, Name: 'Intruder', Country: 'DE' });
    const [intrudersMail] = await mailsTo(t, email);
    expect(intrudersMail.Text).toContain('If you did not ask for an account then, ignore this e-mail and do not enter the code');

    expect((await verify(email, victimsCode, VICTIM)).statusCode).toBe(204);
    expect(await signInStatus(email, INTRUDER)).toBe(401);
    const signedIn = await call(t.app, 'POST', '/api/sign-in', { body: { Email: email, Password: VICTIM } });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toMatchObject({ User: { Name: 'Anna', Country: 'SE', Verified: true } });
    // The intruder's code is void once the address is proved.
    expect((await verify(email, await latestCode(t, email))).json()).toMatchObject({ Error: 'invalid_code' });
    expect(await signInStatus(email, INTRUDER)).toBe(401);
  });

  it("keeps the victim's password when the intruder signed up first", async () => {
    const email = newEmail();
    await signUp(email, { Password: INTRUDER, Name: 'Intruder' });
    const intrudersCode = await latestCode(t, email);
    await signUp(email, { Password: VICTIM, Name: 'Anna' });
    expect((await verify(email, await latestCode(t, email), VICTIM)).statusCode).toBe(204);
    expect(await signInStatus(email, INTRUDER)).toBe(401);
    expect((await call(t.app, 'POST', '/api/sign-in', { body: { Email: email, Password: VICTIM } })).json()).toMatchObject({
      User: { Name: 'Anna' },
    });
    expect((await verify(email, intrudersCode)).json()).toMatchObject({ Error: 'invalid_code' });
  });

  it('gives the intruder no way to verify without the code mailed to the address', async () => {
    const email = newEmail();
    await signUp(email, { Password: VICTIM });
    await signUp(email, { Password: INTRUDER });
    // Asking for new codes mails them to the address, never to the asker.
    expect((await sendCode(email)).statusCode).toBe(204);
    expect(new Set((await mailsTo(t, email)).map((mail) => mail.To))).toEqual(new Set([email]));
    for (const guess of ['000000', '123456', '999999']) {
      expect((await verify(email, guess)).json()).toMatchObject({ Error: 'invalid_code' });
      expect((await resetPassword(email, 'yet-another-password-1', guess)).json()).toMatchObject({ Error: 'invalid_code' });
    }
    expect(await signInStatus(email, INTRUDER)).toBe(401);
  });

  it('mails a fresh code for each waiting sign-up on "send new code", each confirming its own password', async () => {
    const email = newEmail();
    await signUp(email, { Password: VICTIM });
    const victimsDay = day(t.clock.now());
    t.clock.advance(2 * 24 * 60 * MINUTE);
    await signUp(email, { Password: INTRUDER });
    const intrudersDay = day(t.clock.now());
    expect((await sendCode(email)).statusCode).toBe(204);
    const fresh = (await mailsTo(t, email)).slice(0, 2);
    const victimsMail = fresh.find((mail) => mail.Text.includes(victimsDay));
    expect(victimsMail?.Subject).toBe('Your Paddock verification code');
    expect(fresh.find((mail) => mail.Text.includes(intrudersDay))).toBeTruthy();
    const code = /\b(\d{6})\b/.exec(victimsMail?.Text ?? '')?.[1] ?? '';
    expect((await verify(email, code, VICTIM)).statusCode).toBe(204);
    expect(await signInStatus(email, INTRUDER)).toBe(401);
    expect(await signIn(t, email, VICTIM)).toBeTruthy();
  });

  it("sets the password chosen with the code on PUT /password, and voids the other sign-ups' codes", async () => {
    const email = newEmail();
    await signUp(email, { Password: INTRUDER });
    const intrudersCode = await latestCode(t, email);
    await signUp(email, { Password: VICTIM });
    expect((await resetPassword(email, 'chosen-with-the-code-1', await latestCode(t, email))).statusCode).toBe(204);
    expect((await verify(email, intrudersCode)).json()).toMatchObject({ Error: 'invalid_code' });
    expect(await signInStatus(email, INTRUDER)).toBe(401);
    expect(await signIn(t, email, 'chosen-with-the-code-1')).toBeTruthy();
  });

  it(`keeps at most ${PENDING_SIGN_UPS_MAX} sign-ups waiting: a newer one drops the oldest and its code`, async () => {
    const email = newEmail();
    const codes: string[] = [];
    for (let i = 0; i <= PENDING_SIGN_UPS_MAX; i++) {
      await signUp(email, { Password: `password-number-${i}` });
      codes.push(await latestCode(t, email));
      t.clock.advance(MINUTE);
    }
    if (!codes.slice(1).includes(codes[0])) expect((await verify(email, codes[0])).json()).toMatchObject({ Error: 'invalid_code' });
    expect((await verify(email, codes[1], 'password-number-1')).statusCode).toBe(204);
    expect(await signIn(t, email, 'password-number-1')).toBeTruthy();
  });

  // Round 2: three sign-ups push the victim's out; "send new code" then mails only the intruder's codes.
  it("never lets the owner's code confirm an intruder's sign-up when several wait: the password chosen picks", async () => {
    const email = newEmail();
    await signUp(email, { Password: VICTIM, Name: 'Anna' });
    for (let i = 0; i < PENDING_SIGN_UPS_MAX; i++) {
      t.clock.advance(MINUTE);
      await signUp(email, { Password: `${INTRUDER}-${i}`, Name: 'Intruder' });
    }
    t.clock.advance(MINUTE);
    expect((await sendCode(email)).statusCode).toBe(204);
    const newest = await latestCode(t, email);

    const codeAlone = await verify(email, newest);
    expect(codeAlone.statusCode).toBe(400);
    expect(codeAlone.json()).toEqual({
      Error: 'sign_up_password_required',
      Message: 'Enter the password you chose when you created the account.',
      Field: 'Password',
    });
    const pushedOut = await verify(email, newest, VICTIM);
    expect(pushedOut.json()).toEqual({
      Error: 'sign_up_password_mismatch',
      Message: 'This is not the password chosen when the account was created. Sign up again.',
      Field: 'Password',
    });
    for (let i = 0; i < PENDING_SIGN_UPS_MAX; i++) expect(await signInStatus(email, `${INTRUDER}-${i}`)).not.toBe(200);

    // Signing up again puts the victim's sign-up back (dropping the oldest intruder's); the new code and the victim's
    // password confirm it.
    await signUp(email, { Password: VICTIM, Name: 'Anna' });
    expect((await verify(email, await latestCode(t, email), VICTIM)).statusCode).toBe(204);
    expect(await signIn(t, email, VICTIM)).toBeTruthy();
    for (let i = 0; i < PENDING_SIGN_UPS_MAX; i++) expect(await signInStatus(email, `${INTRUDER}-${i}`)).toBe(401);
    expect((await call(t.app, 'POST', '/api/sign-in', { body: { Email: email, Password: VICTIM } })).json()).toMatchObject({
      User: { Name: 'Anna' },
    });
  });

  it("checks a password sent along with a lone sign-up, and answers in the caller's language", async () => {
    const email = newEmail();
    await signUp(email, { Password: INTRUDER });
    const code = await latestCode(t, email);
    const wrong = await call(t.app, 'PUT', '/api/verify-email', {
      body: { Email: email, VerificationCode: code, Password: VICTIM },
      headers: { 'accept-language': 'sv-SE' },
    });
    expect(wrong.json()).toEqual({
      Error: 'sign_up_password_mismatch',
      Message: 'Det här är inte lösenordet som valdes när kontot skapades. Registrera dig igen.',
      Field: 'Password',
    });
    expect(await signInStatus(email, INTRUDER)).toBe(403);
    // The code alone still confirms the one sign-up (the spec's shape), and the refused try left it live.
    expect((await verify(email, code)).statusCode).toBe(204);
  });

  it('voids the waiting sign-ups and every password when staff verify the account; the owner resets it', async () => {
    const email = newEmail();
    // The intruder's sign-up came first, so the account row holds the intruder's password.
    await signUp(email, { Password: INTRUDER });
    await signUp(email, { Password: VICTIM });
    const intrudersCode = await latestCode(t, email);
    const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect((await call(t.app, 'GET', `/api/users/${row.id}/verify-email`, { token: await adminToken(t) })).json()).toMatchObject({
      Verified: true,
    });
    expect((await verify(email, intrudersCode)).json()).toMatchObject({ Error: 'invalid_code' });
    expect(await signInStatus(email, INTRUDER)).toBe(401);
    expect(await signInStatus(email, VICTIM)).toBe(401);
    // "Forgot password": the reset code proves the mailbox.
    await sendCode(email);
    expect((await resetPassword(email, 'owners-new-password-1', await latestCode(t, email))).statusCode).toBe(204);
    expect(await signIn(t, email, 'owners-new-password-1')).toBeTruthy();
  });
});

// Issue 26: wrong codes answer alike for every address, and lock out the stranger's client address, not the owner.
describe('wrong codes', () => {
  const codeLimit = { perEmail: 10, perIp: 1000, perEmailCeiling: 25 };
  const reply = (response: { statusCode: number; json(): unknown }) => ({ status: response.statusCode, body: response.json() });
  const verifyFrom = (ip: string, Email: string, VerificationCode: string) =>
    call(t.app, 'PUT', '/api/verify-email', { body: { Email, VerificationCode }, ip });
  const resetFrom = (ip: string, Email: string, VerificationCode: string) =>
    call(t.app, 'PUT', '/api/password', { body: { Email, Password: 'long-enough-password', VerificationCode }, ip });

  it('answer an existing and an unknown address alike at every count, on both code routes', async () => {
    const unverified = newEmail();
    await signUp(unverified);
    const verified = await createUser(t);
    await sendCode(verified.email);
    const wrong = wrongCode(await latestCode(t, verified.email));
    const nobody = newEmail();
    await withRateLimit(t, 'verifyEmail', codeLimit, async () => {
      await withRateLimit(t, 'password', codeLimit, async () => {
        for (let i = 1; i <= 11; i++) {
          const known = reply(await verifyFrom('10.26.0.1', unverified, wrongCode(await latestCode(t, unverified))));
          const unknown = reply(await verifyFrom('10.26.0.1', nobody, '000000'));
          expect({ i, ...known }).toEqual({ i, ...unknown });
          expect({ i, ...reply(await resetFrom('10.26.0.1', verified.email, wrong)) }).toEqual({
            i,
            ...reply(await resetFrom('10.26.0.1', `x${unverified}`, wrong)),
          });
        }
        expect(reply(await verifyFrom('10.26.0.1', unverified, '000000')).status).toBe(429);
      });
    });
  });

  it('answer a wrong code alike when the account has an expired code', async () => {
    const user = await createUser(t);
    await sendCode(user.email);
    const code = await latestCode(t, user.email);
    t.clock.advance(16 * MINUTE);
    expect(reply(await resetFrom('10.26.0.2', user.email, wrongCode(code)))).toEqual(
      reply(await resetFrom('10.26.0.2', newEmail(), wrongCode(code))),
    );
    // Only the right code tells that it expired.
    expect((await resetFrom('10.26.0.2', user.email, code)).json()).toMatchObject({ Error: 'code_expired' });
  });

  it("let the owner's right code through from another address after ten wrong ones", async () => {
    const email = newEmail();
    await signUp(email, { Password: 'owners-password-1' });
    const user = await createUser(t);
    await sendCode(user.email);
    await withRateLimit(t, 'verifyEmail', codeLimit, async () => {
      await withRateLimit(t, 'password', codeLimit, async () => {
        const code = await latestCode(t, email);
        const reset = await latestCode(t, user.email);
        for (let i = 0; i < 10; i++) {
          expect((await verifyFrom('10.26.1.1', email, wrongCode(code))).statusCode).toBe(400);
          expect((await resetFrom('10.26.1.1', user.email, wrongCode(reset))).statusCode).toBe(400);
        }
        expect((await verifyFrom('10.26.1.1', email, code)).statusCode).toBe(429);
        expect((await resetFrom('10.26.1.1', user.email, reset)).statusCode).toBe(429);
        expect((await verifyFrom('10.26.1.2', email, code)).statusCode).toBe(204);
        expect((await resetFrom('10.26.1.2', user.email, reset)).statusCode).toBe(204);
      });
    });
    expect(await signIn(t, email, 'owners-password-1')).toBeTruthy();
    expect(await signIn(t, user.email, 'long-enough-password')).toBeTruthy();
  });

  it('count a guess once for each code it is checked against', async () => {
    const email = newEmail();
    for (let i = 0; i < 3; i++) {
      await signUp(email, { Password: `owners-password-${i}` });
      t.clock.advance(MINUTE);
    }
    const code = await latestCode(t, email);
    await withRateLimit(t, 'verifyEmail', codeLimit, async () => {
      // Three live codes: three guesses at a code per try, so the tenth guess from this address is the third try's.
      for (let i = 0; i < 3; i++) expect((await verifyFrom('10.26.3.1', email, wrongCode(code))).statusCode).toBe(400);
      expect((await verifyFrom('10.26.3.1', email, wrongCode(code))).statusCode).toBe(429);
      // Below the ceiling, the owner's right code from elsewhere still goes through.
      expect((await verifyFrom('10.26.3.2', email, code)).json()).toMatchObject({ Error: 'sign_up_password_required' });
      expect(
        (
          await call(t.app, 'PUT', '/api/verify-email', {
            body: { Email: email, VerificationCode: code, Password: 'owners-password-2' },
            ip: '10.26.3.2',
          })
        ).statusCode,
      ).toBe(204);
    });
    expect(await signIn(t, email, 'owners-password-2')).toBeTruthy();
  });

  it('stop every address at the per-e-mail ceiling, shared by both code routes', async () => {
    const user = await createUser(t);
    await sendCode(user.email);
    const reset = await latestCode(t, user.email);
    await withRateLimit(t, 'verifyEmail', codeLimit, async () => {
      await withRateLimit(t, 'password', codeLimit, async () => {
        for (let i = 0; i < 10; i++) expect((await resetFrom('10.26.2.1', user.email, wrongCode(reset))).statusCode).toBe(400);
        for (let i = 0; i < 10; i++) expect((await verifyFrom('10.26.2.2', user.email, wrongCode(reset))).statusCode).toBe(400);
        for (let i = 0; i < 5; i++) expect((await resetFrom('10.26.2.3', user.email, wrongCode(reset))).statusCode).toBe(400);
        expect((await resetFrom('10.26.2.4', user.email, reset)).statusCode).toBe(429);
      });
    });
  });
});
