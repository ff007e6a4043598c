// docs/product/states.md Sharing: an address the owner gives access to is mailed (queued with the save, in the
// invitee's language, else the owner's), told whether the owner chose alarm notifications for it; an address without
// an account is asked to sign up with it. Shared users cannot share onward, so they send no mail.
import { PRODUCTS, type ProductId } from '@paddock/shared/domain';
import { eq } from 'drizzle-orm';
import { devices, jobs, shareInvitesSent, users } from '../db/schema';
import { translate } from '../i18n/messages';
import type { Mail } from '../notify/mail';
import { workerPass, type WorkerDeps } from '../notify/worker';
import { device, metadataBody, person, type Person } from '../security/fixtures';
import { call, setUpTestApp, type TestApp } from '../testing/testApp';
import { SHARE_INVITE_JOB, SHARE_INVITE_REPEAT_MS, SHARE_INVITES_PER_OWNER, type ShareInvitePayload } from './shareInvites';

let t: TestApp;
setUpTestApp((app) => (t = app));

const db = () => t.database.db;
const share = (who: Person, product: ProductId, key: string, metadata: Record<string, unknown>) =>
  call(t.app, 'PATCH', `/api/${PRODUCTS[product].apiCollection}/${key}`, { token: who.token, body: metadataBody(product, metadata) });
const queued = async (key: string) =>
  (await db().select().from(jobs).where(eq(jobs.kind, SHARE_INVITE_JOB)))
    .map((job) => job.payload as unknown as ShareInvitePayload)
    .filter((payload) => payload.key === key)
    .sort((a, b) => a.email.localeCompare(b.email));

/** Delivers every job due (the worker's pass), returning the mails sent. */
async function deliver(): Promise<Mail[]> {
  const sent: Mail[] = [];
  const deps: WorkerDeps = {
    db: db(),
    mailer: { send: async (mail) => void sent.push(mail) },
    sms: { send: () => Promise.reject(new Error('no SMS expected')) },
    push: { send: () => Promise.reject(new Error('no push expected')) },
    now: t.clock.now,
    log: t.app.log,
    publicUrl: t.config.publicUrl,
  };
  while ((await workerPass(deps, 'share-worker')).more);
  return sent;
}

const setLocale = (who: Person, locale: string) => db().update(users).set({ locale }).where(eq(users.id, who.id));

describe('sharing a device mails the people it is shared with', () => {
  it('queues one mail per new address, in the invitee’s language or else the owner’s, with the notify choice', async () => {
    await deliver(); // nothing left over from elsewhere
    const owner = await person(t, 'owner');
    const [anna, old] = [await person(t, 'anna'), await person(t, 'old')];
    await setLocale(owner, 'de-DE');
    await setLocale(anna, 'sv-SE');
    const key = await device(t, owner, 'fencealarm2', [old]);
    await db().update(devices).set({ name: 'East fence' }).where(eq(devices.key, key));
    const stranger = `nobody-${key}@example.com`;
    const reply = await share(owner, 'fencealarm2', key, {
      Access: [owner.email, old.email, anna.email, stranger, 'not an address'],
      Notify: [owner.email, anna.email],
    });
    expect(reply.statusCode).toBe(200);
    // Not the owner, not who had access already, not an entry that is no e-mail address.
    expect(await queued(key)).toEqual(
      [
        { key, email: anna.email, ownerId: owner.id, locale: 'sv-SE', notify: true, variant: 'default' },
        { key, email: stranger, ownerId: owner.id, locale: 'de-DE', notify: false, variant: 'default' },
      ].sort((a, b) => a.email.localeCompare(b.email)),
    );

    const mails = await deliver();
    const toAnna = mails.find((mail) => mail.to === anna.email)!;
    expect(toAnna.subject).toBe(translate('sv-SE', 'mail_share_subject', { from: owner.email, name: 'East fence', app: 'Paddock' }));
    expect(toAnna.text).toContain(`${t.config.publicUrl}/fencealarm2/${key}`);
    expect(toAnna.text).toContain(translate('sv-SE', 'mail_share_notify_on'));
    const toStranger = mails.find((mail) => mail.to === stranger)!;
    expect(toStranger.subject).toBe(translate('de-DE', 'mail_share_subject', { from: owner.email, name: 'East fence', app: 'Paddock' }));
    // No account yet: sign up with this address, and the device is there (access goes by e-mail).
    expect(toStranger.text).toContain(`${t.config.publicUrl}/create-account?email=${encodeURIComponent(stranger)}`);
    expect(toStranger.text).toContain(translate('de-DE', 'mail_share_notify_off'));
    expect(mails).toHaveLength(2);
    expect(await queued(key)).toEqual([]);

    // Saving again with the same list mails nobody.
    expect((await share(owner, 'fencealarm2', key, { Access: [owner.email, old.email, anna.email, stranger] })).statusCode).toBe(200);
    expect(await queued(key)).toEqual([]);
  });

  it('keeps sharing by e-mail for an address that signs up later', async () => {
    const owner = await person(t, 'owner');
    const key = await device(t, owner, 'smartplug');
    const later = `later-${key}@example.com`;
    expect((await share(owner, 'smartplug', key, { Access: [owner.email, later] })).statusCode).toBe(200);
    const mails = await deliver();
    expect(mails.map((mail) => mail.to)).toEqual([later]);
    const joined = await person(t, 'unused');
    await db().update(users).set({ email: later }).where(eq(users.id, joined.id));
    const seen = await call(t.app, 'GET', `/api/smartplugs/${key}`, { token: joined.token });
    expect(seen.statusCode).toBe(200);
  });

  it('sends nothing when the sharing is undone before the mail goes', async () => {
    const owner = await person(t, 'owner');
    const key = await device(t, owner, 'smartplug');
    const undone = `undone-${key}@example.com`;
    await share(owner, 'smartplug', key, { Access: [owner.email, undone] });
    await share(owner, 'smartplug', key, { Access: [owner.email] });
    expect(await deliver()).toEqual([]);
  });

  it('lets only the owner (or an admin) share: a shared user’s try is refused, naming Access, and mails nobody', async () => {
    const owner = await person(t, 'owner');
    const shared = await person(t, 'shared');
    const key = await device(t, owner, 'smartplug', [shared]);
    const reply = await share(shared, 'smartplug', key, { Access: [owner.email, shared.email, `friend-${key}@example.com`] });
    expect(reply.statusCode).toBe(403);
    expect(reply.json()).toMatchObject({ Error: 'device_owner_only', Field: 'Access' });
    expect(await queued(key)).toEqual([]);
  });

  it('refuses a malformed Access list, naming the field', async () => {
    const owner = await person(t, 'owner');
    const key = await device(t, owner, 'smartplug');
    const reply = await share(owner, 'smartplug', key, { Access: 'friend@example.com' });
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toMatchObject({ Field: 'Access' });
    expect(await queued(key)).toEqual([]);
  });

  it('mails an address once a day per device, however often it is removed and added again', async () => {
    const owner = await person(t, 'owner');
    const key = await device(t, owner, 'smartplug');
    const friend = `again-${key}@example.com`;
    for (let round = 0; round < 3; round += 1) {
      expect((await share(owner, 'smartplug', key, { Access: [owner.email, friend] })).statusCode).toBe(200);
      expect((await share(owner, 'smartplug', key, { Access: [owner.email] })).statusCode).toBe(200);
    }
    expect((await share(owner, 'smartplug', key, { Access: [owner.email, friend] })).statusCode).toBe(200);
    expect((await deliver()).map((mail) => mail.to)).toEqual([friend]);

    // A day later the address is mailed again when added again.
    await share(owner, 'smartplug', key, { Access: [owner.email] });
    const dayAgo = new Date(t.clock.now().getTime() - SHARE_INVITE_REPEAT_MS - 1000);
    await db().update(shareInvitesSent).set({ sentAt: dayAgo }).where(eq(shareInvitesSent.deviceKey, key));
    expect((await share(owner, 'smartplug', key, { Access: [owner.email, friend] })).statusCode).toBe(200);
    expect((await deliver()).map((mail) => mail.to)).toEqual([friend]);
  });

  it('gives access beyond the owner’s daily allowance of share mails, but mails nobody more', async () => {
    const owner = await person(t, 'owner');
    const key = await device(t, owner, 'smartplug');
    const now = t.clock.now();
    await db()
      .insert(shareInvitesSent)
      .values(Array.from({ length: SHARE_INVITES_PER_OWNER }, (_, i) => ({ deviceKey: key, email: `earlier-${i}-${key}@example.com`, ownerId: owner.id, sentAt: now })));
    const late = `late-${key}@example.com`;
    expect((await share(owner, 'smartplug', key, { Access: [owner.email, late] })).statusCode).toBe(200);
    expect(await queued(key)).toEqual([]);
    const seen = await call(t.app, 'GET', `/api/smartplugs/${key}`, { token: owner.token });
    expect(seen.json()).toMatchObject({ Metadata: { Access: expect.arrayContaining([late]) } });
  });
});
