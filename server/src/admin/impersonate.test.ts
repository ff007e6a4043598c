import { IMPERSONATE_DEVICE_KEYS, productOfImpersonateKey, type User } from '@paddock/shared/contract';
import { PRODUCT_IDS } from '@paddock/shared/domain';
import { admin, device, person, type Person } from '../security/fixtures';
import { call, setUpTestApp, type TestApp } from '../testing/testApp';

let t: TestApp;
setUpTestApp((app) => (t = app));

const lookUp = (who: Person | undefined, key: string, value: string) =>
  call(t.app, 'GET', `/api/admin/impersonate?${new URLSearchParams({ key, value })}`, { token: who?.token });
const stop = (who: Person | undefined, body: unknown) => call(t.app, 'POST', '/api/admin/impersonate/stop', { token: who?.token, body });

describe('GET /api/admin/impersonate', () => {
  it('names the owner of a registered device, for every product key', async () => {
    const staff = await admin(t);
    expect(IMPERSONATE_DEVICE_KEYS).toHaveLength(PRODUCT_IDS.length);
    for (const key of IMPERSONATE_DEVICE_KEYS) {
      const owner = await person(t, `owner-${key}`);
      const shared = await person(t, 'shared');
      const deviceKey = await device(t, owner, productOfImpersonateKey(key)!, [shared]);
      const response = await lookUp(staff, key, deviceKey);
      expect(response.statusCode).toBe(200);
      // The account as GET /users/{id} answers it, and the owner's, not a user it is shared with.
      const own = await call(t.app, 'GET', `/api/users/${owner.id}`, { token: owner.token });
      expect(response.json<User>()).toEqual(own.json());
      expect(response.json<User>().Email).toBe(owner.email);
    }
  });

  it('names a user by id, and by e-mail in any letter case and with spaces', async () => {
    const staff = await admin(t);
    const user = await person(t, 'looked-up');
    expect((await lookUp(staff, 'id', user.id)).json()).toMatchObject({ Id: user.id, Email: user.email });
    expect((await lookUp(staff, 'email', `  ${user.email.toUpperCase()} `)).json()).toMatchObject({ Id: user.id });
  });

  it('answers 404 for an unknown user, e-mail or key, and for a key of another product', async () => {
    const staff = await admin(t);
    const owner = await person(t);
    const plug = await device(t, owner, 'smartplug');
    expect((await lookUp(staff, 'id', 'no-such-user')).statusCode).toBe(404);
    expect((await lookUp(staff, 'email', 'nobody@example.com')).statusCode).toBe(404);
    expect((await lookUp(staff, 'smartplug', '359999999999999')).statusCode).toBe(404);
    expect((await lookUp(staff, 'fencealarm', plug)).statusCode).toBe(404);
    expect((await lookUp(staff, 'smartplug', plug)).statusCode).toBe(200);
  });

  it('refuses users (403) and anonymous callers (401); a bad key or value is a 400 naming the field', async () => {
    const staff = await admin(t);
    const user = await person(t);
    expect((await lookUp(user, 'id', user.id)).statusCode).toBe(403);
    expect((await lookUp(undefined, 'id', user.id)).statusCode).toBe(401);
    const badKey = await lookUp(staff, 'imei', '359999999999999');
    expect(badKey.statusCode).toBe(400);
    expect(badKey.json()).toMatchObject({ Field: 'key' });
    const empty = await lookUp(staff, 'id', '');
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ Field: 'value' });
  });
});

describe('POST /api/admin/impersonate/stop', () => {
  it('answers 204 for a user, 404 for an unknown one; admins only; the body is checked', async () => {
    const staff = await admin(t);
    const user = await person(t);
    expect((await stop(staff, { UserId: user.id })).statusCode).toBe(204);
    expect((await stop(staff, { UserId: 'no-such-user' })).statusCode).toBe(404);
    expect((await stop(user, { UserId: user.id })).statusCode).toBe(403);
    expect((await stop(undefined, { UserId: user.id })).statusCode).toBe(401);
    const extra = await stop(staff, { UserId: user.id, Why: 'x' });
    expect(extra.statusCode).toBe(400);
    expect(extra.json()).toMatchObject({ Field: 'Why' });
    expect((await stop(staff, {})).json()).toMatchObject({ Field: 'UserId' });
  });
});
