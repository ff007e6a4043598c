// The audit log (docs/product/admin.md "Audit log"): every staff action and every impersonated call is recorded
// with both people, before and after, and no secrets; the log is read through GET /admin/audit and never edited.
import { IMPERSONATION_HEADER, type AuditEntry, type AuditPage, type Notice } from '@paddock/shared/contract';
import { sql } from 'drizzle-orm';
import { admin as adminPerson, device, person, type Person } from '../security/fixtures';
import { instantTimers } from '../security/operations';
import { APP_START_TIMEOUT_MS, call, createTestApp, type TestApp } from '../testing/testApp';
import { withoutSecrets } from './hook';

let t: TestApp;
let admin: Person;
beforeAll(async () => {
  t = await createTestApp({}, { timers: instantTimers });
  admin = await adminPerson(t);
}, APP_START_TIMEOUT_MS);
afterAll(() => t.close());

const as = (who: Person, actingAs?: Person): { token: string; headers: Record<string, string> } => ({
  token: who.token,
  headers: actingAs ? { [IMPERSONATION_HEADER]: actingAs.id } : {},
});
async function audit(query: Record<string, string> = {}, token = admin.token): Promise<AuditPage> {
  const response = await call(t.app, 'GET', `/api/admin/audit?${new URLSearchParams(query)}`, { token });
  expect(response.statusCode).toBe(200);
  return response.json<AuditPage>();
}
/** The newest entry about the device, user or notice. */
async function latest(query: Record<string, string>): Promise<AuditEntry> {
  const [entry] = (await audit({ ...query, limit: '1' })).Entries;
  expect(entry).toBeDefined();
  return entry;
}

describe('staff actions', () => {
  it('records a notice saved and deleted, with before and after', async () => {
    const created = await call(t.app, 'POST', '/api/notices', { ...as(admin), body: { Public: false, English: 'Draft' } });
    const notice = created.json<Notice>();
    const saved = (await audit()).Entries.find((e) => e.NoticeId === notice.Id)!;
    expect(saved).toMatchObject({ Action: 'notice.save', Method: 'POST', Path: '/api/notices', Status: 201, Before: null, ActingAs: null });
    expect(saved.Staff).toEqual({ Id: admin.id, Email: admin.email });
    expect(saved.After).toMatchObject({ Id: notice.Id, English: 'Draft' });

    await call(t.app, 'POST', '/api/notices', { ...as(admin), body: { Id: notice.Id, Public: true, English: 'Final' } });
    await call(t.app, 'DELETE', `/api/notices/${notice.Id}`, as(admin));
    const [deleted, changed] = (await audit()).Entries.filter((e) => e.NoticeId === notice.Id);
    expect(changed).toMatchObject({ Action: 'notice.save', Status: 200, Before: { English: 'Draft' }, After: { English: 'Final' } });
    expect(deleted).toMatchObject({ Action: 'notice.delete', Status: 204, Before: { English: 'Final' }, After: null });
  });

  it("records a user's new e-mail and verification without passwords or push tokens", async () => {
    const user = await person(t);
    await t.database.db.execute(sql`UPDATE users SET push_tokens = '["secret-push-subscription"]'::jsonb WHERE id = ${user.id}`);
    const address = `moved-${user.id.slice(0, 8)}@example.com`;
    expect((await call(t.app, 'PUT', `/api/users/${user.id}/email`, { ...as(admin), body: { Email: address } })).statusCode).toBe(200);
    const entry = await latest({ user: user.id });
    expect(entry).toMatchObject({
      Action: 'user.email',
      Method: 'PUT',
      UserId: user.id,
      Before: { Email: user.email },
      After: { Email: address },
    });
    expect(JSON.stringify(entry)).not.toMatch(/secret-push-subscription|password|Tokens/i);

    expect((await call(t.app, 'GET', `/api/users/${user.id}/verify-email`, as(admin))).statusCode).toBe(200);
    expect(await latest({ user: user.id })).toMatchObject({ Action: 'user.verify', Method: 'GET', After: { Verified: true } });
  });

  it('records FOTA, trials, cancellations and the consumption reset on a device, failures included', async () => {
    const owner = await person(t);
    const fence = await device(t, owner, 'fencealarm2');
    const fota = await call(t.app, 'PUT', `/api/fencealarm2s/${fence}/fota`, {
      ...as(admin),
      body: { Url: 'https://firmware.example.com/fa2-1.2.3.bin', Checksum: 'ab'.repeat(32) },
    });
    expect(fota.statusCode).toBeLessThan(300);
    expect(await latest({ device: fence })).toMatchObject({
      Action: 'device.fota',
      DeviceKey: fence,
      UserId: owner.id,
      Before: { Imei: fence },
    });

    const plug = await device(t, owner, 'smartplug');
    expect((await call(t.app, 'PUT', `/api/smartplugs/${plug}/trial`, { ...as(admin), body: { Days: 7 } })).statusCode).toBe(200);
    const trial = await latest({ device: plug });
    expect(trial).toMatchObject({ Action: 'device.trial', Status: 200, Before: { Imei: plug }, After: { Imei: plug } });
    expect(trial.Before).not.toEqual(trial.After);

    expect((await call(t.app, 'DELETE', `/api/smartplugs/${plug}/subscription`, as(admin))).statusCode).toBe(200);
    expect(await latest({ device: plug })).toMatchObject({ Action: 'device.cancel', Method: 'DELETE' });

    // No plug is connected: the reset times out, and the attempt is recorded with its status.
    await call(t.app, 'POST', `/api/smartplugs/${plug}/consumption/reset`, as(admin));
    expect(await latest({ device: plug })).toMatchObject({ Action: 'device.consumption-reset', Status: 408 });

    const refused = await call(t.app, 'PUT', `/api/smartplugs/${plug}/trial`, { ...as(admin), body: { Days: 0 } });
    expect(refused.statusCode).toBe(400);
    expect(await latest({ device: plug })).toMatchObject({ Action: 'device.trial', Status: 400, Before: null });
  });

  it('records impersonation starting and stopping', async () => {
    const user = await person(t);
    expect((await call(t.app, 'GET', `/api/admin/impersonate?key=id&value=${user.id}`, as(admin))).statusCode).toBe(200);
    expect(await latest({ user: user.id })).toMatchObject({ Action: 'impersonation.start', UserId: user.id, Before: null, After: null });
    expect((await call(t.app, 'POST', '/api/admin/impersonate/stop', { ...as(admin), body: { UserId: user.id } })).statusCode).toBe(204);
    expect(await latest({ user: user.id })).toMatchObject({ Action: 'impersonation.stop', UserId: user.id });
  });

  it('records nothing when a non-admin is refused a staff action', async () => {
    const user = await person(t);
    const before = (await audit()).Entries[0]?.Id;
    expect((await call(t.app, 'POST', '/api/notices', { ...as(user), body: { Public: true, English: 'x' } })).statusCode).toBe(403);
    expect((await audit()).Entries[0]?.Id).toBe(before);
  });
});

describe('impersonation', () => {
  it('serves an admin acting as a user and records each call with both people', async () => {
    const user = await person(t);
    const key = await device(t, user, 'smartplug');
    const list = await call(t.app, 'GET', `/api/users/${user.id}/devices`, as(admin, user));
    expect(list.statusCode).toBe(200);
    const read = await latest({ user: user.email });
    expect(read).toMatchObject({
      Action: 'call',
      Method: 'GET',
      Path: `/api/users/${user.id}/devices`,
      Status: 200,
      Staff: { Id: admin.id, Email: admin.email },
      ActingAs: { Id: user.id, Email: user.email },
      Before: null,
      After: null,
    });

    // Nothing was shown: a 304 is not recorded. On a busy machine a background job may move the list's version
    // between two reads (then the second is a recorded 200): read again until a tag is answered 304.
    let shown = read;
    let etag = String(list.headers.etag);
    for (let round = 0; ; round++) {
      const cached = await call(t.app, 'GET', `/api/users/${user.id}/devices`, {
        ...as(admin, user),
        headers: { [IMPERSONATION_HEADER]: user.id, 'if-none-match': etag },
      });
      if (cached.statusCode === 304) break;
      expect(cached.statusCode).toBe(200);
      expect(round).toBeLessThan(5);
      etag = String(cached.headers.etag);
      shown = await latest({ user: user.email });
      expect(shown.Id).not.toBe(read.Id);
    }
    expect((await latest({ user: user.id })).Id).toBe(shown.Id);

    const renamed = await call(t.app, 'PATCH', `/api/smartplugs/${key}`, { ...as(admin, user), body: { Name: 'Barn heater' } });
    expect(renamed.statusCode).toBe(200);
    expect(await latest({ device: key })).toMatchObject({
      Action: 'call',
      Method: 'PATCH',
      ActingAs: { Id: user.id },
      DeviceKey: key,
      Before: { Metadata: { Name: 'Fixture' } },
      After: { Metadata: { Name: 'Barn heater' } },
    });

    // A failure is recorded too.
    const missing = await call(t.app, 'GET', '/api/smartplugs/000000000000000', as(admin, user));
    expect(missing.statusCode).toBe(404);
    expect(await latest({ user: user.id })).toMatchObject({ Status: 404, Path: '/api/smartplugs/000000000000000' });
  });

  it('refuses the header from anyone but an admin, and names of unknown users', async () => {
    const [user, other] = [await person(t), await person(t)];
    const url = `/api/users/${other.id}`;
    expect((await call(t.app, 'GET', url, as(user, other))).statusCode).toBe(403);
    expect((await call(t.app, 'GET', url, { headers: { [IMPERSONATION_HEADER]: other.id } })).statusCode).toBe(401);
    expect((await call(t.app, 'GET', url, { token: admin.token, headers: { [IMPERSONATION_HEADER]: 'no-such-user' } })).statusCode).toBe(
      404,
    );
    // Its own account is not reached either: the refusal comes before the route.
    expect((await call(t.app, 'GET', `/api/users/${user.id}`, as(user, other))).statusCode).toBe(403);
  });
});

describe('GET /admin/audit', () => {
  it('is for admins only, and nothing changes or deletes an entry', async () => {
    const user = await person(t);
    expect((await call(t.app, 'GET', '/api/admin/audit', { token: user.token })).statusCode).toBe(403);
    expect((await call(t.app, 'GET', '/api/admin/audit')).statusCode).toBe(401);
    const [entry] = (await audit()).Entries;
    for (const method of ['PUT', 'PATCH', 'DELETE', 'POST'] as const) {
      expect((await call(t.app, method, '/api/admin/audit', { ...as(admin), body: {} })).statusCode).toBe(404);
      expect((await call(t.app, method, `/api/admin/audit/${entry.Id}`, { ...as(admin), body: {} })).statusCode).toBe(404);
    }
    // Not even the server's own queries can: the table refuses.
    await expect(t.database.db.execute(sql`UPDATE audit_log SET status = 200 WHERE id = ${Number(entry.Id)}`)).rejects.toThrow();
    await expect(t.database.db.execute(sql`DELETE FROM audit_log WHERE id = ${Number(entry.Id)}`)).rejects.toThrow();
  });

  it('keeps the entries of a deleted account, findable by its e-mail', async () => {
    const user = await person(t);
    await call(t.app, 'GET', `/api/users/${user.id}/devices`, as(admin, user));
    expect((await call(t.app, 'DELETE', `/api/users/${user.id}`, as(admin))).statusCode).toBe(204);
    expect((await audit({ user: user.email })).Entries.some((e) => e.ActingAs?.Id === user.id)).toBe(true);
    expect((await audit({ user: user.email.split('@')[0] })).Entries.some((e) => e.ActingAs?.Id === user.id)).toBe(true);
  });

  it('finds a customer by the start of the e-mail in any letter case; % and _ match only themselves', async () => {
    const [user, other] = [await person(t, 'prefix'), await person(t, 'prefix')];
    for (const who of [user, other]) expect((await call(t.app, 'GET', `/api/users/${who.id}/devices`, as(admin))).statusCode).toBe(200);
    // `prefix-1a2b3c4d@example.com`: its first 12 characters are that account's alone.
    const own = (await audit({ user: user.email.slice(0, 12).toUpperCase() })).Entries;
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((e) => e.UserId === user.id)).toBe(true);
    const both = new Set((await audit({ user: 'prefix-' })).Entries.map((e) => e.UserId));
    expect(both).toEqual(new Set([user.id, other.id]));
    expect((await audit({ user: '%' })).Entries).toEqual([]);
    expect((await audit({ user: `prefix_${user.email.slice(7, 12)}` })).Entries).toEqual([]);
  });

  it('filters by staff, user, device and time, newest first, paged by before', async () => {
    const second = await person(t, 'staff');
    await t.database.db.execute(sql`UPDATE users SET account_type = 'admin' WHERE id = ${second.id}`);
    const user = await person(t);
    const key = await device(t, user, 'fencealarm');
    const start = t.clock.now().toISOString();
    for (let i = 0; i < 5; i += 1) {
      t.clock.advance(1000);
      await call(t.app, 'GET', `/api/fencealarms/${key}`, as(i % 2 ? second : admin, user));
    }
    const end = t.clock.now().toISOString();

    const all = (await audit({ device: key })).Entries;
    expect(all).toHaveLength(5);
    expect(all.map((e) => Number(e.Id))).toEqual([...all.map((e) => Number(e.Id))].sort((a, b) => b - a));
    expect(all.every((e) => e.DeviceKey === key && e.UserId === user.id)).toBe(true);
    expect((await audit({ device: key, staff: second.email.slice(0, 10).toUpperCase() })).Entries).toHaveLength(2);
    expect((await audit({ device: key, staff: admin.id })).Entries).toHaveLength(3);
    expect((await audit({ user: user.id, device: key })).Entries).toHaveLength(5);
    expect((await audit({ device: key, from: all[1].At, to: end })).Entries.map((e) => e.Id)).toEqual([all[0].Id, all[1].Id]);
    expect((await audit({ device: key, to: start })).Entries).toHaveLength(0);

    const first = await audit({ device: key, limit: '2' });
    expect(first.Entries.map((e) => e.Id)).toEqual([all[0].Id, all[1].Id]);
    const next = await audit({ device: key, limit: '2', before: first.Next! });
    expect(next.Entries.map((e) => e.Id)).toEqual([all[2].Id, all[3].Id]);
    const last = await audit({ device: key, limit: '2', before: next.Next! });
    expect(last).toEqual({ Entries: [all[4]], Next: null });
  });

  it.each([
    ['before', { before: 'abc' }],
    ['limit', { limit: '0' }],
    ['from', { from: 'yesterday' }],
    ['colour', { colour: 'red' }],
  ])('refuses a bad %s with 400 naming it', async (field, query) => {
    const response = await call(t.app, 'GET', `/api/admin/audit?${new URLSearchParams(query)}`, as(admin));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ Field: field });
  });
});

describe('an admin without the impersonation header', () => {
  it('is recorded for every call that may change something', async () => {
    const owner = await person(t);
    const plug = await device(t, owner, 'smartplug');
    expect((await call(t.app, 'PATCH', `/api/users/${owner.id}`, { ...as(admin), body: { Phone: '+46701234567' } })).statusCode).toBe(200);
    expect(await latest({ user: owner.id })).toMatchObject({ Action: 'call', Method: 'PATCH', ActingAs: null, After: { Phone: '+46701234567' } });
    expect((await call(t.app, 'DELETE', `/api/smartplugs/${plug}`, as(admin))).statusCode).toBe(204);
    expect(await latest({ device: plug })).toMatchObject({ Action: 'call', Method: 'DELETE', Status: 204, After: null });
  });
});

// Issue 26: reading the mailbox, then PUT /password, then signing in took any account over with no entry at all.
describe("an admin's reads of other users' data", () => {
  it('records reading the mailbox, a user, their invoices and a device, and minting their portal link', async () => {
    const farmer = await person(t);
    const plug = await device(t, farmer, 'smartplug');
    const read = async (path: string) => {
      const reply = await call(t.app, 'GET', path, as(admin));
      const [entry] = (await audit({ staff: admin.id, limit: '1' })).Entries;
      expect(entry).toMatchObject({ Action: 'call', Method: 'GET', Status: reply.statusCode, ActingAs: null, Before: null, After: null });
      expect(entry.Path).toBe(path.replace(/([?&]token=)[^&]*/, '$1[redacted]'));
      return entry;
    };
    expect(await read(`/api/admin/mailbox?to=${encodeURIComponent(farmer.email)}`)).toMatchObject({ UserId: null });
    expect(await read(`/api/admin/sms-outbox?to=${encodeURIComponent(farmer.email)}`)).toBeDefined();
    expect(await read(`/api/users/${farmer.id}`)).toMatchObject({ UserId: farmer.id, Status: 200 });
    expect(await read(`/api/users/${farmer.id}/invoices`)).toMatchObject({ UserId: farmer.id, Status: 200 });
    expect(await read(`/api/users/${farmer.id}/devices`)).toMatchObject({ UserId: farmer.id });
    expect(await read(`/api/smartplugs/${plug}`)).toMatchObject({ DeviceKey: plug, UserId: farmer.id, Status: 200 });
    expect(await read(`/api/smartplugs/${plug}/load`)).toMatchObject({ DeviceKey: plug });
    expect(await read(`/api/admin/devices/smartplug?key=${plug.slice(0, 6)}`)).toBeDefined();
    expect(await read(`/api/users?field=email&target=${encodeURIComponent(farmer.email)}`)).toBeDefined();
    // The payment portal link is a way to change the farmer's card: on the record, whatever the provider answered.
    expect(await read(`/api/users/${farmer.id}/billing`)).toMatchObject({ UserId: farmer.id });
    expect((await audit({ user: farmer.id })).Entries.map((e) => e.Path)).toEqual(
      expect.arrayContaining([`/api/users/${farmer.id}/invoices`, `/api/smartplugs/${plug}`, `/api/users/${farmer.id}/billing`]),
    );
  });

  it("leaves out the admin's own account and devices, reads that show no one's data, and every farmer's own calls", async () => {
    const farmer = await person(t);
    const plug = await device(t, farmer, 'smartplug');
    const own = await device(t, admin, 'smartplug');
    const newest = async () => (await audit({ limit: '1' })).Entries[0]?.Id;
    const before = await newest();
    for (const path of [`/api/users/${admin.id}`, `/api/users/${admin.id}/devices`, `/api/smartplugs/${own}`, '/api/notices', '/api/admin/stats', '/api/admin/payment-provider', '/api/session', '/api/prices']) {
      expect((await call(t.app, 'GET', path, as(admin))).statusCode).toBe(200);
    }
    // The farmer reads and changes their own: no entry (and no look-up: only admins' calls are considered).
    expect((await call(t.app, 'GET', `/api/users/${farmer.id}/devices`, as(farmer))).statusCode).toBe(200);
    expect((await call(t.app, 'GET', `/api/smartplugs/${plug}`, as(farmer))).statusCode).toBe(200);
    expect((await call(t.app, 'PATCH', `/api/smartplugs/${plug}`, { ...as(farmer), body: { Name: 'Shed' } })).statusCode).toBe(200);
    expect((await call(t.app, 'GET', `/api/admin/mailbox`, as(farmer))).statusCode).toBe(403);
    expect(await newest()).toBe(before);
  });
});

it('strips secrets at any depth', () => {
  expect(
    withoutSecrets({
      Email: 'a@b.c',
      Password: 'x',
      PushNotifications: { Enabled: true, Tokens: ['t'] },
      List: [{ VerificationCode: '1', Keep: 1 }],
    }),
  ).toEqual({ Email: 'a@b.c', PushNotifications: { Enabled: true }, List: [{ Keep: 1 }] });
  // By exact name: an ordinary field that ends alike is kept.
  expect(withoutSecrets({ PostalCode: '12345', Token: { String: 't' }, code: '1' })).toEqual({ PostalCode: '12345' });
});
