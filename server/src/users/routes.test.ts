import { eq } from 'drizzle-orm';
import { users } from '../db/schema';
import { call, createMember, createUser, latestCode, mailsTo, setUpTestApp, signIn, type TestApp } from '../testing/testApp';

let t: TestApp;
let admin: string;
setUpTestApp((app, token) => ([t, admin] = [app, token]));

const signUpBody = (extra: Record<string, unknown> = {}) => ({
  Email: `new-${Math.random().toString(36).slice(2)}@example.com`,
  Password: 'correct-horse-battery',
  Country: 'SE',
  ...extra,
});

/** A verified user with a token. */

describe('POST /api/users', () => {
  it('creates an unverified account with every optional field, and normalizes e-mail and VAT number', async () => {
    const response = await call(t.app, 'POST', '/api/users', {
      body: signUpBody({
        Email: '  Anna.Larsson@Example.COM ',
        Locale: 'sv-SE',
        Name: ' Anna Larsson ',
        Addr1: 'Storgatan 1',
        Addr2: 'Lgh 1102',
        PostalCode: '123 45',
        Town: 'Uppsala',
        Vatin: 'SE556677889901',
      }),
    });
    expect(response.statusCode).toBe(400); // the pattern refuses blanks around an e-mail
    expect(response.json()).toMatchObject({ Error: 'invalid_field', Field: 'Email' });

    const created = await call(t.app, 'POST', '/api/users', {
      body: signUpBody({
        Email: 'Anna.Larsson@Example.COM',
        Locale: 'sv-SE',
        Name: ' Anna Larsson ',
        Addr1: 'Storgatan 1',
        Addr2: 'Lgh 1102',
        PostalCode: '123 45',
        Town: 'Uppsala',
        Vatin: 'SE556677889901',
      }),
    });
    expect(created.statusCode).toBe(202);
    expect(created.json()).toEqual({ Email: 'anna.larsson@example.com' });
    const [row] = await t.database.db.select().from(users).where(eq(users.email, 'anna.larsson@example.com'));
    const stored = await call(t.app, 'GET', `/api/users/${row.id}`, { token: admin });
    expect(stored.json()).toEqual({
      Id: expect.any(String),
      CustomerId: expect.stringMatching(/^cus_/),
      AccountType: 'user',
      Email: 'anna.larsson@example.com',
      Phone: '',
      Locale: 'sv-SE',
      Country: 'SE',
      Verified: false,
      Name: 'Anna Larsson',
      Addr1: 'Storgatan 1',
      Addr2: 'Lgh 1102',
      PostalCode: '123 45',
      Town: 'Uppsala',
      Vatin: 'SE556677889901',
      EmailNotifications: { Billing: true, Device: true, Marketing: false },
      PushNotifications: { Enabled: false, Tokens: [] },
      SmsNotifications: { Enabled: false, Balance: 0 },
      EnergyPrice: null,
      Location: null,
    });
  });

  it('answers a known address exactly like a new one, and tells the known address instead', async () => {
    const known = await createMember(t, { locale: 'de-DE' });
    const fresh = signUpBody();
    const forNew = await call(t.app, 'POST', '/api/users', { body: fresh });
    const forKnown = await call(t.app, 'POST', '/api/users', {
      body: signUpBody({ Email: known.email.toUpperCase(), Password: 'intruder-password-1' }),
    });
    expect([forNew.statusCode, forKnown.statusCode]).toEqual([202, 202]);
    expect(forNew.json()).toEqual({ Email: fresh.Email });
    expect(forKnown.json()).toEqual({ Email: known.email });
    expect(Object.keys(forKnown.headers).sort()).toEqual(Object.keys(forNew.headers).sort());
    const [notice] = await mailsTo(t, known.email);
    expect(notice.Subject).toBe('Jemand hat versucht, mit Ihrer Adresse ein Paddock-Konto zu erstellen');
    // Nothing changed: the owner's password still works, the intruder's does not.
    expect((await call(t.app, 'POST', '/api/sign-in', { body: { Email: known.email, Password: 'intruder-password-1' } })).statusCode).toBe(
      401,
    );
    expect(await signIn(t, known.email, known.password)).toBeTruthy();
    // An unverified known account gets a fresh verification code instead.
    await call(t.app, 'POST', '/api/users', { body: fresh });
    expect((await mailsTo(t, fresh.Email)).map((mail) => mail.Subject)).toEqual([
      'Your Paddock verification code',
      'Your Paddock verification code',
    ]);
  });

  it("does not let whoever signed up first with someone else's address sign in once its owner confirms it", async () => {
    const victim = signUpBody({ Password: 'victims-own-password-1' });
    // The intruder signs up first with the victim's address and its own password…
    await call(t.app, 'POST', '/api/users', { body: { ...victim, Password: 'intruders-password-1', Name: 'Intruder' } });
    // …then the victim signs up and confirms the code from its own mail.
    expect((await call(t.app, 'POST', '/api/users', { body: victim })).statusCode).toBe(202);
    const code = await latestCode(t, victim.Email);
    // Two sign-ups wait, so the password chosen at sign-up comes with the code (verification.test.ts has the attacks).
    const verify = { Email: victim.Email, VerificationCode: code, Password: victim.Password };
    expect((await call(t.app, 'PUT', '/api/verify-email', { body: verify })).statusCode).toBe(204);
    expect(
      (await call(t.app, 'POST', '/api/sign-in', { body: { Email: victim.Email, Password: 'intruders-password-1' } })).statusCode,
    ).toBe(401);
    const signedIn = await call(t.app, 'POST', '/api/sign-in', { body: { Email: victim.Email, Password: victim.Password } });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().User.Name).toBe(''); // the intruder's sign-up left nothing behind
  });

  it('takes concurrent sign-ups of one address without a 500', async () => {
    const body = signUpBody();
    const replies = await Promise.all([1, 2, 3].map(() => call(t.app, 'POST', '/api/users', { body })));
    expect(replies.map((reply) => reply.statusCode)).toEqual([202, 202, 202]);
    expect(await t.database.db.select().from(users).where(eq(users.email, body.Email))).toHaveLength(1);
  });

  it.each([
    ['spaces only', ' '.repeat(14), 'password_blank', 'The password must not consist of spaces only.'],
    [
      'a common password',
      '123qweasdzxc',
      'password_common',
      'This password is one of the most common passwords and easy to guess. Please choose another one.',
    ],
    ['a common password in capitals', 'QWERTY123456', 'password_common', expect.any(String)],
  ])('refuses %s with 400 naming Password', async (_name, Password, code, message) => {
    const response = await call(t.app, 'POST', '/api/users', { body: signUpBody({ Password }) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ Error: code, Field: 'Password', Message: message });
  });

  it.each([
    [{ Email: undefined }, 'missing_field', 'Email'],
    [{ Password: undefined }, 'missing_field', 'Password'],
    [{ Country: undefined }, 'missing_field', 'Country'],
    [{ Email: 'farmer@' }, 'invalid_field', 'Email'],
    [{ Email: `${'a'.repeat(250)}@x.se` }, 'too_long', 'Email'],
    [{ Email: 42 }, 'invalid_field', 'Email'],
    [{ Password: 'too-short' }, 'too_short', 'Password'],
    [{ Password: 123456789012345 }, 'invalid_field', 'Password'],
    [{ Country: 'Sweden' }, 'invalid_field', 'Country'],
    [{ Country: 'se' }, 'invalid_field', 'Country'],
    [{ Locale: 'en-US' }, 'invalid_field', 'Locale'],
    [{ Name: 'n'.repeat(201) }, 'too_long', 'Name'],
    [{ Addr1: 'a'.repeat(201) }, 'too_long', 'Addr1'],
    [{ Addr2: ['x'] }, 'invalid_field', 'Addr2'],
    [{ PostalCode: 'p'.repeat(21) }, 'too_long', 'PostalCode'],
    [{ Town: null }, 'invalid_field', 'Town'],
    [{ Vatin: 'not a vat number' }, 'invalid_field', 'Vatin'],
    [{ AccountType: 'admin' }, 'unknown_field', 'AccountType'],
  ])('answers 400 for %o', async (change, code, field) => {
    const response = await call(t.app, 'POST', '/api/users', { body: signUpBody(change) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ Error: code, Field: field, Message: expect.stringContaining(field) });
  });

  it('names the field in the caller language', async () => {
    const response = await call(t.app, 'POST', '/api/users', {
      body: signUpBody({ Country: undefined }),
      headers: { 'accept-language': 'de-DE' },
    });
    expect(response.json()).toEqual({ Error: 'missing_field', Message: 'Country ist erforderlich.', Field: 'Country' });
  });
});

describe('GET /api/users/{id}', () => {
  it('returns the own account, refuses another user with 403 and anonymous callers with 401', async () => {
    const me = await createMember(t, { country: 'DE', locale: 'de-DE' });
    const other = await createMember(t);
    const own = await call(t.app, 'GET', `/api/users/${me.id}`, { token: me.token });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ Id: me.id, Email: me.email, Country: 'DE', Locale: 'de-DE' });
    const foreign = await call(t.app, 'GET', `/api/users/${other.id}`, { token: me.token });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toEqual({ Error: 'forbidden', Message: 'Dazu sind Sie nicht berechtigt.' });
    // A missing id is refused the same way, so users cannot probe for ids.
    expect((await call(t.app, 'GET', '/api/users/no-such-id', { token: me.token })).statusCode).toBe(403);
    expect((await call(t.app, 'GET', `/api/users/${me.id}`)).statusCode).toBe(401);
  });

  it('lets an admin read anyone, 404 for an unknown id, 400 for an overlong id', async () => {
    const other = await createMember(t);
    expect((await call(t.app, 'GET', `/api/users/${other.id}`, { token: admin })).json()).toMatchObject({ Id: other.id });
    const missing = await call(t.app, 'GET', '/api/users/no-such-id', { token: admin });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ Error: 'not_found', Message: 'Not found.' });
    const long = await call(t.app, 'GET', `/api/users/${'x'.repeat(65)}`, { token: admin });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ Error: 'too_long', Field: 'id' });
  });
});

describe('PATCH and PUT /api/users/{id}', () => {
  it.each(['PATCH', 'PUT'] as const)('%s changes only the given fields', async (method) => {
    const me = await createMember(t);
    const response = await call(t.app, method, `/api/users/${me.id}`, {
      token: me.token,
      body: {
        Phone: ' +46 70-123 45 67 ',
        Locale: 'fr-FR',
        EmailNotifications: { Billing: false, Device: true, Marketing: true },
        PushNotifications: { Enabled: true },
        SmsNotifications: { Enabled: false },
      },
    });
    expect(response.statusCode).toBe(400); // blanks around the phone number do not match the pattern
    expect(response.json()).toMatchObject({ Field: 'Phone' });

    const ok = await call(t.app, method, `/api/users/${me.id}`, {
      token: me.token,
      body: {
        Phone: '+46 70-123 45 67',
        Locale: 'fr-FR',
        EmailNotifications: { Billing: false, Device: true, Marketing: true },
        PushNotifications: { Enabled: true },
      },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      Email: me.email,
      // Stored as dialled (docs/product/validation.md Phone): E.164, without the spaces and dashes typed.
      Phone: '+46701234567',
      Locale: 'fr-FR',
      EmailNotifications: { Billing: false, Device: true, Marketing: true },
      PushNotifications: { Enabled: true, Tokens: [] },
      SmsNotifications: { Enabled: false, Balance: 0 },
    });
    const unchanged = await call(t.app, method, `/api/users/${me.id}`, { token: me.token, body: {} });
    expect(unchanged.json()).toEqual(ok.json());
  });

  it('allows SMS notifications only with an SMS balance', async () => {
    const me = await createMember(t);
    const refused = await call(t.app, 'PATCH', `/api/users/${me.id}`, { token: me.token, body: { SmsNotifications: { Enabled: true } } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      Error: 'sms_balance_empty',
      Message: 'SMS notifications need an SMS balance. Buy SMS first.',
      Field: 'SmsNotifications.Enabled',
    });
    await t.database.db.update(users).set({ smsBalance: 100 }).where(eq(users.id, me.id));
    const allowed = await call(t.app, 'PATCH', `/api/users/${me.id}`, {
      token: me.token,
      body: { Phone: '+46 70 123 45 67', SmsNotifications: { Enabled: true } },
    });
    expect(allowed.json()).toMatchObject({ Phone: '+46701234567', SmsNotifications: { Enabled: true, Balance: 100 } });
  });

  describe('SMS need a valid E.164 number (docs/product/validation.md Phone)', () => {
    it('refuses SMS on without a phone number, or with a stored one that is no E.164 number, with 400 naming Phone', async () => {
      const me = await createMember(t, { smsBalance: 100 });
      const sms = { SmsNotifications: { Enabled: true } };
      const refused = await call(t.app, 'PATCH', `/api/users/${me.id}`, { token: me.token, body: sms });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({
        Error: 'sms_phone_required',
        Message: 'SMS notifications need a mobile number in international form, such as +46 70 123 45 67. Enter it first.',
        Field: 'Phone',
      });
      // A number stored before numbers were checked (no country code) does not do either.
      await t.database.db.update(users).set({ phone: '070 123 45 67' }).where(eq(users.id, me.id));
      const stale = await call(t.app, 'PATCH', `/api/users/${me.id}`, { token: me.token, body: sms });
      expect(stale.statusCode).toBe(400);
      expect(stale.json()).toMatchObject({ Error: 'sms_phone_required', Field: 'Phone' });
      const [row] = await t.database.db.select().from(users).where(eq(users.id, me.id));
      expect(row.smsEnabled).toBe(false);
    });

    it('refuses a number without country code with its own localized message, and other non-E.164 numbers', async () => {
      const me = await createMember(t, { smsBalance: 100, locale: 'sv-SE' });
      const noCode = await call(t.app, 'PATCH', `/api/users/${me.id}`, {
        token: me.token,
        body: { Phone: '070-123 45 67', SmsNotifications: { Enabled: true } },
      });
      expect(noCode.statusCode).toBe(400);
      expect(noCode.json()).toEqual({
        Error: 'phone_country_code_missing',
        Message: 'Numret saknar landsnummer. Börja med + och landsnumret, till exempel +46 för Sverige.',
        Field: 'Phone',
      });
      // Within the schema's pattern (which refuses letters and bad lengths as invalid_field), yet no E.164 number:
      // no country code starts with 0, and 6 digits are too few.
      for (const phone of ['+0 70 123 45 67', '+46 70 12']) {
        const response = await call(t.app, 'PATCH', `/api/users/${me.id}`, { token: me.token, body: { Phone: phone } });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ Error: 'phone_invalid', Field: 'Phone' });
      }
      // 00 is the international prefix too.
      const ok = await call(t.app, 'PATCH', `/api/users/${me.id}`, { token: me.token, body: { Phone: '0046 70 123 45 67' } });
      expect(ok.json()).toMatchObject({ Phone: '+46701234567' });
    });

    it('keeps the number while SMS are on: removing it is refused unless SMS go off with it', async () => {
      const me = await createMember(t, { smsBalance: 100, phone: '+46701234567', smsEnabled: true });
      const removed = await call(t.app, 'PATCH', `/api/users/${me.id}`, { token: me.token, body: { Phone: '' } });
      expect(removed.statusCode).toBe(400);
      expect(removed.json()).toMatchObject({ Error: 'sms_phone_required', Field: 'Phone' });
      const off = await call(t.app, 'PATCH', `/api/users/${me.id}`, {
        token: me.token,
        body: { Phone: '', SmsNotifications: { Enabled: false } },
      });
      expect(off.json()).toMatchObject({ Phone: '', SmsNotifications: { Enabled: false } });
    });
  });

  it.each([
    [{ EmailNotifications: { Billing: true, Device: 'yes', Marketing: false } }, 'invalid_field', 'EmailNotifications.Device'],
    [{ EmailNotifications: { Billing: true, Marketing: false } }, 'missing_field', 'EmailNotifications.Device'],
    [{ EmailNotifications: { Billing: true, Device: true, Marketing: false, Sms: true } }, 'unknown_field', 'EmailNotifications.Sms'],
    [{ PushNotifications: { Enabled: true, Tokens: ['t'] } }, 'unknown_field', 'PushNotifications.Tokens'],
    [{ PushNotifications: { Enabled: 'true' } }, 'invalid_field', 'PushNotifications.Enabled'],
    [{ SmsNotifications: { Enabled: 1 } }, 'invalid_field', 'SmsNotifications.Enabled'],
    [{ SmsNotifications: { Enabled: false, Balance: 100 } }, 'unknown_field', 'SmsNotifications.Balance'],
    [{ Phone: 'call me' }, 'invalid_field', 'Phone'],
    [{ Locale: 'xx' }, 'invalid_field', 'Locale'],
    [{ Email: 'nope' }, 'invalid_field', 'Email'],
    [{ AccountType: 'admin' }, 'unknown_field', 'AccountType'],
    // The country is an invoice detail and may change (accountDetails.test.ts); what the account is may not.
    [{ Country: 'Germany' }, 'invalid_field', 'Country'],
    [{ Verified: true }, 'unknown_field', 'Verified'],
    [{ CustomerId: 'cus_other' }, 'unknown_field', 'CustomerId'],
  ])('answers 400 for %o', async (body, code, field) => {
    const me = await createMember(t);
    const response = await call(t.app, 'PATCH', `/api/users/${me.id}`, { token: me.token, body });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ Error: code, Field: field });
  });

  it("refuses another user's account (403) and lets an admin change it", async () => {
    const me = await createMember(t);
    const other = await createMember(t);
    const body = { Locale: 'sv-SE' };
    expect((await call(t.app, 'PATCH', `/api/users/${other.id}`, { token: me.token, body })).statusCode).toBe(403);
    expect((await call(t.app, 'PUT', `/api/users/${other.id}`, { body })).statusCode).toBe(401);
    expect((await call(t.app, 'PATCH', `/api/users/${other.id}`, { token: admin, body })).json()).toMatchObject({ Locale: 'sv-SE' });
  });
});

describe('DELETE /api/users/{id}', () => {
  it('deletes the own account and revokes its tokens', async () => {
    const me = await createMember(t);
    const other = await createMember(t);
    expect((await call(t.app, 'DELETE', `/api/users/${other.id}`, { token: me.token })).statusCode).toBe(403);
    const response = await call(t.app, 'DELETE', `/api/users/${me.id}`, { token: me.token, body: { Password: me.password } });
    expect(response.statusCode).toBe(204);
    expect((await call(t.app, 'GET', '/api/token', { token: me.token })).statusCode).toBe(401);
    expect((await call(t.app, 'POST', '/api/sign-in', { body: { Email: me.email, Password: me.password } })).statusCode).toBe(401);
    expect((await call(t.app, 'GET', `/api/users/${me.id}`, { token: admin })).statusCode).toBe(404);
  });

  it('lets an admin delete any account', async () => {
    const other = await createMember(t);
    expect((await call(t.app, 'DELETE', `/api/users/${other.id}`, { token: admin })).statusCode).toBe(204);
    expect((await call(t.app, 'DELETE', `/api/users/${other.id}`, { token: admin })).statusCode).toBe(404);
  });
});

describe('admin calls', () => {
  it('PUT /api/users/{id}/email sets the e-mail: admin only', async () => {
    const me = await createMember(t);
    const target = await createMember(t);
    const body = { Email: `Moved-${target.id}@Example.com` };
    expect((await call(t.app, 'PUT', `/api/users/${target.id}/email`, { token: me.token, body })).statusCode).toBe(403);
    expect((await call(t.app, 'PUT', `/api/users/${me.id}/email`, { token: me.token, body })).statusCode).toBe(403);
    const response = await call(t.app, 'PUT', `/api/users/${target.id}/email`, { token: admin, body });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ Id: target.id, Email: body.Email.toLowerCase() });
    const taken = await call(t.app, 'PUT', `/api/users/${target.id}/email`, { token: admin, body: { Email: me.email } });
    expect(taken.statusCode).toBe(409);
    const invalid = await call(t.app, 'PUT', `/api/users/${target.id}/email`, { token: admin, body: { Email: 'x' } });
    expect(invalid.json()).toMatchObject({ Error: 'invalid_field', Field: 'Email' });
    expect((await call(t.app, 'PUT', '/api/users/missing/email', { token: admin, body })).statusCode).toBe(404);
  });

  it('GET /api/users/{id}/verify-email marks the account verified and voids its password: admin only', async () => {
    const me = await createMember(t);
    const target = await createUser(t, { verified: false });
    expect((await call(t.app, 'GET', `/api/users/${target.id}/verify-email`, { token: me.token })).statusCode).toBe(403);
    const response = await call(t.app, 'GET', `/api/users/${target.id}/verify-email`, { token: admin });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ Id: target.id, Verified: true });
    // Staff cannot know whose password it is: the owner sets a new one with "Forgot password" (docs/product/admin.md).
    expect((await call(t.app, 'POST', '/api/sign-in', { body: { Email: target.email, Password: target.password } })).statusCode).toBe(401);
  });

  it('GET /api/users searches by e-mail (prefix, any case, at most 50), id or customer id: admin only', async () => {
    const tag = `srch${Date.now()}`;
    const found = await Promise.all([1, 2, 3].map((n) => createUser(t, { email: `${tag}-${n}@example.com` })));
    const me = await createMember(t);
    expect((await call(t.app, 'GET', `/api/users?field=email&target=${tag}`, { token: me.token })).statusCode).toBe(403);
    expect((await call(t.app, 'GET', `/api/users?field=email&target=${tag}`)).statusCode).toBe(401);

    const byEmail = await call(t.app, 'GET', `/api/users?field=email&target=${tag.toUpperCase()}-`, { token: admin });
    expect(byEmail.statusCode).toBe(200);
    expect(byEmail.json().map((u: { Email: string }) => u.Email)).toEqual(found.map((u) => u.email));
    // A prefix, not a part from the middle.
    expect((await call(t.app, 'GET', `/api/users?field=email&target=${tag.slice(2)}`, { token: admin })).json()).toEqual([]);
    expect((await call(t.app, 'GET', `/api/users?field=EMAIL&target=${tag}-2@EXAMPLE`, { token: admin })).json()).toEqual([
      expect.objectContaining({ Id: found[1].id }),
    ]);
    for (const field of ['id', 'ID', 'Id']) {
      const byId = await call(t.app, 'GET', `/api/users?field=${field}&target=${found[1].id}`, { token: admin });
      expect(byId.json()).toEqual([expect.objectContaining({ Id: found[1].id })]);
    }
    for (const field of ['customerId', 'customerid', 'CUSTOMERID']) {
      const byCustomer = await call(t.app, 'GET', `/api/users?field=${field}&target=${found[2].customerId}`, { token: admin });
      expect(byCustomer.json()).toEqual([expect.objectContaining({ Id: found[2].id })]);
    }
    // LIKE wildcards match literally.
    expect((await call(t.app, 'GET', '/api/users?field=email&target=%25', { token: admin })).json()).toEqual([]);
    expect((await call(t.app, 'GET', '/api/users?field=email&target=example.com', { token: admin })).json().length).toBeLessThanOrEqual(50);
  });

  it.each([
    ['field=name&target=x', 'invalid_field', 'field'],
    ['field=e-mail&target=x', 'invalid_field', 'field'],
    ['field=customer_id&target=x', 'invalid_field', 'field'],
    ['field=email', 'missing_field', 'target'],
    ['target=x', 'missing_field', 'field'],
    ['field=email&target=', 'missing_field', 'target'],
    ['field=email&target=x&page=2', 'unknown_field', 'page'],
  ])('GET /api/users?%s answers 400', async (query, code, field) => {
    const response = await call(t.app, 'GET', `/api/users?${query}`, { token: admin });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ Error: code, Field: field });
  });
});

describe('GET /api/users/{id}/devices', () => {
  it('returns the five (empty) device lists to the owner and admins only', async () => {
    const me = await createMember(t);
    const other = await createMember(t);
    const empty = { FarmcamSims: [], Fencealarms: [], Fencealarm2s: [], Smartplugs: [], Smartplug2s: [] };
    expect((await call(t.app, 'GET', `/api/users/${me.id}/devices`, { token: me.token })).json()).toEqual(empty);
    expect((await call(t.app, 'GET', `/api/users/${me.id}/devices`, { token: admin })).json()).toEqual(empty);
    expect((await call(t.app, 'GET', `/api/users/${other.id}/devices`, { token: me.token })).statusCode).toBe(403);
    expect((await call(t.app, 'GET', `/api/users/${me.id}/devices`)).statusCode).toBe(401);
  });
});
