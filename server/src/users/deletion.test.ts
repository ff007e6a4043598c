// Deleting one's account (docs/product/states.md "Session"): the holder confirms with the current
// password, staff need none; the summary lists what goes with the account.
import { eq } from 'drizzle-orm';
import { devices, users } from '../db/schema';
import { admin, device, person, type Person } from '../security/fixtures';
import { call, setUpTestApp, type TestApp } from '../testing/testApp';

let t: TestApp;
setUpTestApp((app) => (t = app));

const remove = (who: Person, target: Person, body?: unknown) => call(t.app, 'DELETE', `/api/users/${target.id}`, { token: who.token, body });
const exists = async (who: Person) => (await t.database.db.select().from(users).where(eq(users.id, who.id))).length === 1;

describe('DELETE /api/users/{id} asks the account holder for the password', () => {
  it('refuses without a password and with a wrong one, naming Password, and deletes with the right one', async () => {
    const me = await person(t, 'leaving');
    const missing = await remove(me, me);
    expect([missing.statusCode, missing.json()]).toEqual([400, expect.objectContaining({ Error: 'password_required', Field: 'Password' })]);
    const empty = await remove(me, me, {});
    expect([empty.statusCode, empty.json()]).toEqual([400, expect.objectContaining({ Error: 'password_required', Field: 'Password' })]);
    const wrong = await remove(me, me, { Password: 'not-my-password' });
    expect([wrong.statusCode, wrong.json()]).toEqual([400, expect.objectContaining({ Error: 'invalid_password', Field: 'Password' })]);
    expect(await exists(me)).toBe(true);
    expect((await remove(me, me, { Password: me.password })).statusCode).toBe(204);
    expect(await exists(me)).toBe(false);
  });

  it('refuses a body with anything else, naming the field', async () => {
    const me = await person(t, 'leaving');
    const reply = await remove(me, me, { Password: me.password, Everything: true });
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toMatchObject({ Field: 'Everything' });
    expect(await exists(me)).toBe(true);
  });

  it('documents the body as optional in the OpenAPI document', () => {
    const document = t.app.swagger() as unknown as { paths: Record<string, Record<string, { requestBody?: { required?: boolean } }>> };
    const operation = document.paths['/api/users/{id}'].delete;
    expect(operation.requestBody).toMatchObject({ required: false });
    expect(operation).not.toHaveProperty('x-body-optional');
    expect(document.paths['/api/users/{id}/deletion-summary'].get).toBeDefined();
  });

  it('lets an admin delete someone else’s account without any password, with or without a body', async () => {
    const staff = await admin(t);
    const [first, second] = [await person(t, 'gone'), await person(t, 'gone')];
    expect((await remove(staff, first)).statusCode).toBe(204);
    expect((await remove(staff, second, {})).statusCode).toBe(204);
    expect(await exists(first)).toBe(false);
    expect(await exists(second)).toBe(false);
  });
});

describe('GET /api/users/{id}/deletion-summary', () => {
  it('lists the devices owned, their running plans, the SMS balance and the people they are shared with', async () => {
    const owner = await person(t, 'owner');
    const [anna, bo, stranger] = [await person(t, 'anna'), await person(t, 'bo'), await person(t, 'stranger')];
    const barn = await device(t, owner, 'smartplug', [anna, bo]);
    const fence = await device(t, owner, 'fencealarm', [anna]);
    // Someone else's device shared with the owner is not the owner's to lose.
    await device(t, stranger, 'smartplug', [owner]);
    const now = t.clock.now();
    const later = new Date(now.getTime() + 30 * 86_400_000).toISOString();
    const db = t.database.db;
    await db.update(devices).set({ name: 'Barn' }).where(eq(devices.key, barn));
    await db
      .update(devices)
      .set({ name: 'East fence', subscription: { Trialing: false, ExpiresAt: later, PriceIds: { Current: 'price_year', Next: 'price_year' } } })
      .where(eq(devices.key, fence));
    await db.update(users).set({ smsBalance: 42 }).where(eq(users.id, owner.id));

    const reply = await call(t.app, 'GET', `/api/users/${owner.id}/deletion-summary`, { token: owner.token });
    expect(reply.statusCode).toBe(200);
    const summary = reply.json();
    expect(summary.Devices).toEqual([
      { Product: 'smartplug', Key: barn, Name: 'Barn' },
      { Product: 'fencealarm', Key: fence, Name: 'East fence' },
    ]);
    // The plug is in its registration trial (which ends with the account too); the fence has a paid plan that renews.
    expect(summary.Plans).toEqual([
      expect.objectContaining({ Key: barn, Name: 'Barn', Trialing: true, Renews: false }),
      { Key: fence, Name: 'East fence', Trialing: false, ExpiresAt: later, Renews: true },
    ]);
    expect(summary.SmsBalance).toBe(42);
    expect(summary.SharedWith).toEqual(
      [
        { Email: anna.email, Devices: ['Barn', 'East fence'] },
        { Email: bo.email, Devices: ['Barn'] },
      ].sort((a, b) => a.Email.localeCompare(b.Email)),
    );

    // The owner and admins only.
    expect((await call(t.app, 'GET', `/api/users/${owner.id}/deletion-summary`, { token: anna.token })).statusCode).toBe(403);
    const staff = await admin(t);
    expect((await call(t.app, 'GET', `/api/users/${owner.id}/deletion-summary`, { token: staff.token })).json()).toEqual(summary);
  });

  it('is empty for an account with nothing to lose', async () => {
    const me = await person(t, 'empty');
    const reply = await call(t.app, 'GET', `/api/users/${me.id}/deletion-summary`, { token: me.token });
    expect(reply.json()).toEqual({ Devices: [], Plans: [], SmsBalance: 0, SharedWith: [] });
  });
});
