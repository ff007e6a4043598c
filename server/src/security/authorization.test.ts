// The role × route matrix: every operation of the OpenAPI document, called as each role on fresh fixtures (an
// owner with a device of the route's product shared with a second user, a stranger, the admin), must answer what
// TABLE says. A route without an entry fails here: decide who may call it and add it to the table.
import { createECDH, randomBytes } from 'node:crypto';
import { PRODUCTS, type ProductId } from '@paddock/shared/domain';
import { alarmOccurrences, apiKeys, deviceTransfers, firmwareCampaigns, webhooks } from '../db/schema';
import { signUnsubscribeToken } from '../reports/unsubscribeToken';
import { APP_START_TIMEOUT_MS, call, createTestApp, type TestApp } from '../testing/testApp';
import { admin, device, freeKey, metadataBody, person, planBody, type Person } from './fixtures';
import { fillPath, instantTimers, operationsOf, productIn, type Operation } from './operations';

const ROLES = ['anonymous', 'stranger', 'shared', 'owner', 'admin'] as const;
type Role = (typeof ROLES)[number];

/** 'ok': the call did what it asked (2xx, or the case's `ok` answer); else the status and, where it matters, the error code. */
type Answer = 'ok' | '401' | '403' | '404' | '403 device_owner_only' | '403 device_changes_owner_only';

interface Fixture {
  owner: Person;
  /** In the Access list of the owner's device. */
  shared: Person;
  stranger: Person;
  admin: Person;
  /** The product the route is about, the owner's device of it, and an unregistered key of it. */
  product: ProductId;
  key: string;
  freeKey: string;
  now: Date;
}

interface Case {
  expect: Record<Role, Answer>;
  body?: (f: Fixture) => unknown;
  query?: (f: Fixture) => Record<string, string>;
  /** The answer that counts as success besides 2xx, `status error`: about the input, not about the caller. */
  ok?: string;
  /** Makes what the call is about, beyond the fixture (e.g. the owner's warranty). */
  prepare?: (f: Fixture) => Promise<void>;
}

const PUBLIC: Record<Role, Answer> = { anonymous: 'ok', stranger: 'ok', shared: 'ok', owner: 'ok', admin: 'ok' };
const SIGNED_IN: Record<Role, Answer> = { anonymous: '401', stranger: 'ok', shared: 'ok', owner: 'ok', admin: 'ok' };
/** Routes on the owner's account (/users/{owner's id}…). */
const SELF_OR_ADMIN: Record<Role, Answer> = { anonymous: '401', stranger: '403', shared: '403', owner: 'ok', admin: 'ok' };
const SELF_ONLY: Record<Role, Answer> = { anonymous: '401', stranger: '403', shared: '403', owner: 'ok', admin: '403' };
const ADMIN_ONLY: Record<Role, Answer> = { anonymous: '401', stranger: '403', shared: '403', owner: '403', admin: 'ok' };
/** Reads and edits of the owner's device: anyone without a role on it learns nothing (404). */
const DEVICE_USER: Record<Role, Answer> = { anonymous: '401', stranger: '404', shared: 'ok', owner: 'ok', admin: 'ok' };
const DEVICE_OWNER: Record<Role, Answer> = { anonymous: '401', stranger: '404', shared: '403 device_owner_only', owner: 'ok', admin: 'ok' };
/** The owner's change log of a device (docs/product/roles.md "Change log"): the owner and admins read it. */
const CHANGE_LOG: Record<Role, Answer> = {
  anonymous: '401',
  stranger: '404',
  shared: '403 device_changes_owner_only',
  owner: 'ok',
  admin: 'ok',
};
/** Switches on one alarm of the product: its alarms are the owner's (docs/product/roles.md "Alarms and sharing"). */
const ALARM_ON: Record<ProductId, Record<string, unknown>> = {
  'farmcam-sim': { DataAlert: { Enabled: true, ThresholdMb: 500 } },
  fencealarm: { VoltageAlarm: { Enabled: true, AlarmLevel: 3000 } },
  fencealarm2: { VoltageAlarm: { Enabled: true, Threshold: 3057 } },
  smartplug: { PowerFailureAlarmEnabled: true },
  smartplug2: { PowerFailureNotification: { Enabled: true } },
};

/** A valid warranty registration of the serial number, with a PDF proof. */
const warrantyBody = (serialNumber: string) => ({
  Product: 'FenceAlarm',
  SerialNumber: serialNumber,
  Retailer: 'Granngården',
  DateOfPurchase: '2025-01-01',
  ProofOfPurchase: Buffer.from('%PDF-1.7\n%%EOF\n').toString('base64'),
});
const newAddress = () => `new-${randomBytes(4).toString('hex')}@example.com`;
const historyWindow = (f: Fixture) => ({ from: new Date(f.now.getTime() - 86_400_000).toISOString(), to: f.now.toISOString() });
const register: Case = { expect: SELF_OR_ADMIN, body: (f) => ({ [PRODUCTS[f.product].keyField]: f.freeKey, Name: 'New device' }) };
const history: Case = { expect: DEVICE_USER, query: historyWindow };
/** A plug's energy bars (docs/product/energy.md): whoever may read its history. */
const energy: Case = { expect: DEVICE_USER, query: (f) => ({ period: 'day', from: f.now.toISOString().slice(0, 10), to: f.now.toISOString().slice(0, 10) }) };
/** Name and sharing: anyone with access; the plan and the owner: the owner (and admins). */
const deviceUpdate: Case[] = [
  { expect: DEVICE_USER, body: (f) => metadataBody(f.product, { Name: 'Renamed', Tags: ['barn'] }) },
  { expect: DEVICE_OWNER, body: (f) => planBody(f.product, '') },
  // Another Owner is a transfer offer to that address (docs/product/devices.md "Transfers"): the owner's call.
  { expect: DEVICE_OWNER, body: (f) => metadataBody(f.product, { Owner: f.shared.email }) },
  // Sharing onward, someone else's bell and the alarms are the owner's too.
  { expect: DEVICE_OWNER, body: (f) => metadataBody(f.product, { Access: [f.owner.email, f.shared.email, newAddress()] }) },
  { expect: DEVICE_OWNER, body: (f) => metadataBody(f.product, { Notify: [] }) },
  { expect: DEVICE_OWNER, body: (f) => ALARM_ON[f.product] },
];
/** Buying a plan (docs/product/billing.md "A charge is its own step"): the owner's; None charges nothing. */
const buyPlan: Case = { expect: DEVICE_OWNER, body: () => ({ PriceId: '' }) };
const fota: Case = { expect: ADMIN_ONLY, body: () => ({ Url: 'https://firmware.example.com/fa2-1.2.3.bin', Checksum: 'deadbeef'.repeat(8) }) };
/** Staff add trials and cancel plans (docs/product/admin.md "Trials and cancellation"). */
const trial: Case = { expect: ADMIN_ONLY, body: (f) => (f.product === 'farmcam-sim' ? { Bytes: 1_000_000, Days: 7 } : { Days: 7 }) };
const cancel: Case = { expect: ADMIN_ONLY };
const alarmChannels: Case[] = [{ expect: DEVICE_USER }];
/** Offering the device to another farmer, and withdrawing the offer: the owner's (docs/product/devices.md "Transfers"). */
const offerTransfer: Case = { expect: DEVICE_OWNER, body: () => ({ Email: newAddress() }) };
const withdrawTransfer: Case = { expect: DEVICE_OWNER };
/**
 * Answering an offer: only the verified account whose address it names (here the shared user's, for the owner's
 * device, under the id the path is given); anyone else learns nothing (404), admins included.
 */
const answerTransfer: Case = {
  expect: { anonymous: '401', stranger: '404', shared: 'ok', owner: '404', admin: '404' },
  prepare: async (f) => {
    await t.database.db.insert(deviceTransfers).values({
      id: f.owner.id,
      deviceKey: f.key,
      fromUserId: f.owner.id,
      toEmail: f.shared.email,
      offeredAt: f.now,
      expiresAt: new Date(f.now.getTime() + 86_400_000),
    });
  },
};
const setAlarmChannels: Case = { expect: DEVICE_USER, body: () => ({ Email: true, Sms: false, Push: true }) };
/**
 * Acknowledging an occurrence of the owner's device's alarm (docs/product/alarm-log.md): anyone with a role on the
 * device; anyone else learns nothing (404). The occurrence gets the id the path is given (the owner's).
 */
const acknowledgeAlarm: Case = {
  expect: DEVICE_USER,
  prepare: async (f) => {
    await t.database.db.insert(alarmOccurrences).values({ id: f.owner.id, key: f.key, alarm: 'offline', raisedAt: f.now });
  },
};

/**
 * A report's unsubscribe link (docs/product/reports.md): no sign-in, the owner's signed token is the authorization,
 * whoever follows it.
 */
let unsubscribeToken = '';
const reportUnsubscribe: Case = {
  expect: PUBLIC,
  prepare: async (f) => {
    unsubscribeToken = await signUnsubscribeToken(t.database.db, f.owner.id, f.now);
  },
  query: () => ({ token: unsubscribeToken }),
};

/** A firmware campaign for one of the owner's FenceAlarm2s (docs/product/firmware-campaigns.md): staff only. */
let campaignKey = '';
const createCampaign: Case = {
  expect: ADMIN_ONLY,
  prepare: async (f) => {
    campaignKey = await device(t, f.owner, 'fencealarm2', []);
  },
  body: () => ({
    Product: 'fencealarm2',
    Url: 'https://fw.example.com/fa2.bin',
    Sha256: 'ab'.repeat(32),
    Version: '2.0.0',
    Selection: { Kind: 'keys', Keys: [campaignKey] },
    Stages: [10, 100],
    FailureThreshold: 5,
  }),
};
/** A running campaign with the id the path is given (the owner's). */
const campaign: Case = {
  expect: ADMIN_ONLY,
  prepare: async (f) => {
    await t.database.db.insert(firmwareCampaigns).values({
      id: f.owner.id,
      product: 'fencealarm2',
      url: 'https://fw.example.com/fa2.bin',
      sha256: 'ab'.repeat(32),
      version: '2.0.0',
      selection: { Kind: 'all' },
      stages: [100],
      failureThreshold: 5,
      state: 'running',
      createdAt: f.now,
      updatedAt: f.now,
    });
  },
};

/** Revoking the owner's key, which gets the id the path is given (the owner's). */
const revokeApiKey: Case = {
  expect: SELF_OR_ADMIN,
  prepare: async (f) => {
    await t.database.db.insert(apiKeys).values({
      id: f.owner.id,
      userId: f.owner.id,
      name: 'Integration',
      prefix: randomBytes(6).toString('hex'),
      secretHash: randomBytes(32).toString('hex'),
      scopes: ['devices:read'],
      createdAt: f.now,
    });
  },
};

/**
 * One of the owner's webhooks (docs/product/webhooks.md), with the id the path is given (the owner's); at a loopback
 * address, so its test ping is refused before any connection.
 */
const ownWebhook = (test: Omit<Case, 'prepare'> = { expect: SELF_OR_ADMIN }): Case => ({
  ...test,
  prepare: async (f) => {
    await t.database.db.insert(webhooks).values({
      id: f.owner.id,
      userId: f.owner.id,
      url: 'https://127.0.0.1/hook',
      secret: 'whsec_test',
      events: ['alarm.raised'],
      createdAt: f.now,
    });
  },
});

/** A browser's Web Push subscription on an allowed push service. */
function pushToken(): string {
  const p256dh = createECDH('prime256v1');
  p256dh.generateKeys();
  const endpoint = `https://fcm.googleapis.com/fcm/send/${randomBytes(8).toString('hex')}`;
  return JSON.stringify({
    endpoint,
    keys: { p256dh: p256dh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
  });
}

// One entry per operation, keyed `METHOD /path` as in the OpenAPI document.
const TABLE: Record<string, Case | Case[]> = {
  'GET /api/health': { expect: PUBLIC },
  'GET /api/health/ready': { expect: PUBLIC },
  'GET /api/variant': { expect: PUBLIC },
  'POST /api/sign-in': { expect: PUBLIC, body: (f) => ({ Email: f.owner.email, Password: f.owner.password }) },
  'PUT /api/sign-in': { expect: PUBLIC, body: (f) => ({ Email: f.owner.email, Password: f.owner.password }) },
  'GET /api/session': { expect: SIGNED_IN },
  'GET /api/token': { expect: SIGNED_IN },
  'DELETE /api/token': { expect: SIGNED_IN },
  'PUT /api/send-verification-code': { expect: PUBLIC, body: (f) => ({ Email: f.owner.email }) },
  'PUT /api/verify-email': { expect: PUBLIC, body: (f) => ({ Email: f.owner.email, VerificationCode: '000000' }), ok: '400 invalid_code' },
  'PUT /api/password': {
    expect: PUBLIC,
    body: (f) => ({ Email: f.owner.email, Password: 'a-new-unusual-passphrase-42', VerificationCode: '000000' }),
    ok: '400 invalid_code',
  },
  'POST /api/users': { expect: PUBLIC, body: () => ({ Email: newAddress(), Password: 'an-unusual-passphrase-42', Country: 'SE' }) },
  'GET /api/users': { expect: ADMIN_ONLY, query: (f) => ({ field: 'email', target: f.owner.email }) },
  'GET /api/users/{id}': { expect: SELF_OR_ADMIN },
  'PATCH /api/users/{id}': { expect: SELF_OR_ADMIN, body: () => ({ Locale: 'de-DE' }) },
  'PUT /api/users/{id}': { expect: SELF_OR_ADMIN, body: () => ({ Locale: 'de-DE' }) },
  // The account holder confirms with the password (sent by everyone here; an admin's call does not need it).
  'DELETE /api/users/{id}': { expect: SELF_OR_ADMIN, body: (f) => ({ Password: f.owner.password }) },
  'GET /api/users/{id}/deletion-summary': { expect: SELF_OR_ADMIN },
  // Only the account holder; a wrong current password is about the input, not the caller.
  'PUT /api/users/{id}/password': {
    expect: SELF_ONLY,
    body: () => ({ CurrentPassword: 'not the password', Password: 'a new long passphrase 42' }),
    ok: '400 invalid_password',
  },
  'PUT /api/users/{id}/email': { expect: ADMIN_ONLY, body: () => ({ Email: newAddress() }) },
  'GET /api/users/{id}/verify-email': { expect: ADMIN_ONLY },
  'GET /api/push/vapid-public-key': { expect: PUBLIC },
  'POST /api/users/{id}/device-tokens': { expect: SELF_ONLY, body: () => ({ Token: pushToken() }) },
  'POST /api/users/{id}/sms': { expect: SELF_OR_ADMIN },
  'GET /api/users/{id}/invoices': { expect: SELF_OR_ADMIN },
  // The fixture account has no invoices: the caller may ask, and learns there is no such invoice.
  'GET /api/users/{id}/invoices/{invoiceId}/pdf': { expect: SELF_OR_ADMIN, ok: '404 not_found' },
  'GET /api/users/{id}/billing': { expect: SELF_OR_ADMIN },
  'GET /api/users/{id}/warranties': { expect: SELF_OR_ADMIN },
  'POST /api/users/{id}/warranties': { expect: SELF_OR_ADMIN, body: (f) => warrantyBody(f.freeKey) },
  // The owner's warranty of serial f.key: only its registrant and admins learn it exists.
  'GET /api/warranties/{serial}/proof-of-purchase': {
    expect: { anonymous: '401', stranger: '404', shared: '404', owner: 'ok', admin: 'ok' },
    prepare: async (f) => {
      const reply = await call(t.app, 'POST', `/api/users/${f.owner.id}/warranties`, { token: f.owner.token, body: warrantyBody(f.key) });
      if (reply.statusCode !== 201) throw new Error(`the owner's warranty was not registered: ${reply.statusCode} ${reply.body}`);
    },
  },
  // Staff review of disputed warranty serials (docs/product/admin.md "Warranty claims"); the path's id names no claim: admins learn so.
  'GET /api/admin/warranty-claims': { expect: ADMIN_ONLY },
  'POST /api/admin/warranty-claims/{id}/accept': { expect: ADMIN_ONLY, ok: '404 not_found' },
  'POST /api/admin/warranty-claims/{id}/reject': { expect: ADMIN_ONLY, ok: '404 not_found' },
  // A price list names no customer (docs/product/api.md).
  'GET /api/prices': { expect: PUBLIC },
  'GET /api/admin/mailbox': { expect: ADMIN_ONLY },
  'GET /api/admin/sms-outbox': { expect: ADMIN_ONLY },
  'GET /api/admin/audit': { expect: ADMIN_ONLY },
  'GET /api/admin/stats': { expect: ADMIN_ONLY },
  'POST /api/admin/firmware-campaigns': createCampaign,
  'GET /api/admin/firmware-campaigns': { expect: ADMIN_ONLY },
  'GET /api/admin/firmware-campaigns/{id}': campaign,
  'POST /api/admin/firmware-campaigns/{id}/pause': campaign,
  'POST /api/admin/firmware-campaigns/{id}/resume': { ...campaign, ok: '409 campaign_state' },
  'POST /api/admin/firmware-campaigns/{id}/cancel': campaign,
  'GET /api/admin/payment-provider': { expect: ADMIN_ONLY },
  // All notices: admins; the public ones (`?public`, any value): anyone signed in.
  'GET /api/notices': [{ expect: ADMIN_ONLY }, { expect: SIGNED_IN, query: () => ({ public: '' }) }],
  'POST /api/notices': { expect: ADMIN_ONLY, body: () => ({ Public: true, English: 'Maintenance tonight' }) },
  // The path names no notice: admins learn so.
  'DELETE /api/notices/{id}': { expect: ADMIN_ONLY, ok: '404 not_found' },
  'PUT /api/admin/simulator/{key}': { expect: ADMIN_ONLY, body: () => ({ Fault: 'none' }) },
  'GET /api/admin/impersonate': { expect: ADMIN_ONLY, query: (f) => ({ key: f.product.replace(/-/g, ''), value: f.key }) },
  'POST /api/admin/impersonate/stop': { expect: ADMIN_ONLY, body: (f) => ({ UserId: f.owner.id }) },
  'GET /api/admin/devices/{product}': { expect: ADMIN_ONLY, query: (f) => ({ key: f.key.slice(0, 6) }) },
  'GET /api/users/{id}/devices': { expect: SELF_OR_ADMIN },
  'GET /api/users/{id}/devices/trends': { expect: SELF_OR_ADMIN },
  // The raw readings' retention (the log page's hint, docs/product/limits.md): server-wide, for anyone signed in.
  'GET /api/history/retention': { expect: SIGNED_IN },
  'GET /api/users/{id}/transfers': { expect: SELF_OR_ADMIN },
  'POST /api/transfers/{id}/accept': answerTransfer,
  'POST /api/transfers/{id}/decline': answerTransfer,
  // The account's alarm log (docs/product/alarm-log.md): like its device list.
  'GET /api/users/{id}/alarms': { expect: SELF_OR_ADMIN },
  'GET /api/users/{id}/report-subscription': { expect: SELF_OR_ADMIN },
  'PUT /api/users/{id}/report-subscription': { expect: SELF_OR_ADMIN, body: () => ({ Frequency: 'weekly' }) },
  'GET /api/reports/unsubscribe': reportUnsubscribe,
  'POST /api/reports/unsubscribe': reportUnsubscribe,
  // The dashboard's energy total of the account's plugs (docs/product/energy.md): like its device list.
  'GET /api/users/{id}/energy': { expect: SELF_OR_ADMIN },
  'POST /api/alarms/{id}/acknowledge': acknowledgeAlarm,
  // API keys (docs/product/api-keys.md): the holder's; staff list and revoke them, but only the holder makes one.
  'GET /api/users/{id}/api-keys': { expect: SELF_OR_ADMIN },
  'POST /api/users/{id}/api-keys': { expect: SELF_ONLY, body: () => ({ Name: 'Integration', Scopes: ['devices:read'] }) },
  'DELETE /api/users/{id}/api-keys/{keyId}': revokeApiKey,
  // Webhooks (docs/product/webhooks.md): the account's own; staff may help. Another account's webhook is 404.
  'GET /api/users/{id}/webhooks': { expect: SELF_OR_ADMIN },
  'POST /api/users/{id}/webhooks': { expect: SELF_OR_ADMIN, body: () => ({ Url: 'https://93.184.215.14/paddock', Events: ['alarm.raised'] }) },
  'PATCH /api/users/{id}/webhooks/{hookId}': ownWebhook({ expect: SELF_OR_ADMIN, body: () => ({ Enabled: false }) }),
  'DELETE /api/users/{id}/webhooks/{hookId}': ownWebhook(),
  'POST /api/users/{id}/webhooks/{hookId}/test': ownWebhook(),
  'GET /api/users/{id}/webhooks/{hookId}/deliveries': ownWebhook(),

  'POST /api/users/{id}/farmcam-sims': register,
  'GET /api/farmcam-sims/{imsi}': { expect: DEVICE_USER },
  'PATCH /api/farmcam-sims/{imsi}': deviceUpdate,
  'PUT /api/farmcam-sims/{imsi}': deviceUpdate,
  'POST /api/farmcam-sims/{imsi}/plan': buyPlan,
  'DELETE /api/farmcam-sims/{imsi}': { expect: DEVICE_OWNER },
  'POST /api/farmcam-sims/{imsi}/transfer': offerTransfer,
  'DELETE /api/farmcam-sims/{imsi}/transfer': withdrawTransfer,
  'GET /api/farmcam-sims/{imsi}/alarm-channels': alarmChannels,
  'PUT /api/farmcam-sims/{imsi}/alarm-channels': setAlarmChannels,
  'GET /api/farmcam-sims/{imsi}/changes': { expect: CHANGE_LOG },
  'GET /api/farmcam-sims/{imsi}/remaining-data': history,
  'GET /api/farmcam-sims/{imsi}/data': { expect: DEVICE_USER },
  'POST /api/farmcam-sims/{imsi}/extra-data': { expect: DEVICE_OWNER },
  'PUT /api/farmcam-sims/{imsi}/trial': trial,
  'DELETE /api/farmcam-sims/{imsi}/subscription': cancel,

  'POST /api/users/{id}/fencealarms': register,
  'GET /api/fencealarms/{imei}': { expect: DEVICE_USER },
  'PATCH /api/fencealarms/{imei}': deviceUpdate,
  'PUT /api/fencealarms/{imei}': deviceUpdate,
  'POST /api/fencealarms/{imei}/plan': buyPlan,
  'DELETE /api/fencealarms/{imei}': { expect: DEVICE_OWNER },
  'POST /api/fencealarms/{imei}/transfer': offerTransfer,
  'DELETE /api/fencealarms/{imei}/transfer': withdrawTransfer,
  'GET /api/fencealarms/{imei}/alarm-channels': alarmChannels,
  'PUT /api/fencealarms/{imei}/alarm-channels': setAlarmChannels,
  'GET /api/fencealarms/{imei}/changes': { expect: CHANGE_LOG },
  'GET /api/fencealarms/{imei}/voltage': history,
  'PUT /api/fencealarms/{imei}/trial': trial,
  'DELETE /api/fencealarms/{imei}/subscription': cancel,

  'POST /api/users/{id}/fencealarm2s': register,
  'GET /api/fencealarm2s/{imei}': { expect: DEVICE_USER },
  'PATCH /api/fencealarm2s/{imei}': deviceUpdate,
  'PUT /api/fencealarm2s/{imei}': deviceUpdate,
  'POST /api/fencealarm2s/{imei}/plan': buyPlan,
  'DELETE /api/fencealarm2s/{imei}': { expect: DEVICE_OWNER },
  'POST /api/fencealarm2s/{imei}/transfer': offerTransfer,
  'DELETE /api/fencealarm2s/{imei}/transfer': withdrawTransfer,
  'GET /api/fencealarm2s/{imei}/alarm-channels': alarmChannels,
  'PUT /api/fencealarm2s/{imei}/alarm-channels': setAlarmChannels,
  'GET /api/fencealarm2s/{imei}/changes': { expect: CHANGE_LOG },
  'GET /api/fencealarm2s/{imei}/voltage': history,
  'PUT /api/fencealarm2s/{imei}/fota': fota,
  'PATCH /api/fencealarm2s/{imei}/fota': fota,
  'PUT /api/fencealarm2s/{imei}/trial': trial,
  'DELETE /api/fencealarm2s/{imei}/subscription': cancel,

  'POST /api/users/{id}/smartplugs': register,
  'GET /api/smartplugs/{imei}': { expect: DEVICE_USER },
  'PATCH /api/smartplugs/{imei}': deviceUpdate,
  'PUT /api/smartplugs/{imei}': deviceUpdate,
  'POST /api/smartplugs/{imei}/plan': buyPlan,
  'DELETE /api/smartplugs/{imei}': { expect: DEVICE_OWNER },
  'POST /api/smartplugs/{imei}/transfer': offerTransfer,
  'DELETE /api/smartplugs/{imei}/transfer': withdrawTransfer,
  'GET /api/smartplugs/{imei}/alarm-channels': alarmChannels,
  'PUT /api/smartplugs/{imei}/alarm-channels': setAlarmChannels,
  'GET /api/smartplugs/{imei}/changes': { expect: CHANGE_LOG },
  // No device is connected in this test: the plug never answers.
  'PUT /api/smartplugs/{imei}/power-enabled': { expect: DEVICE_USER, body: () => ({ Enabled: true }), ok: '408 device_timeout' },
  'GET /api/smartplugs/{imei}/consumption': history,
  'GET /api/smartplugs/{imei}/load': history,
  'GET /api/smartplugs/{imei}/temperature': history,
  'GET /api/smartplugs/{imei}/energy': energy,
  'PUT /api/smartplugs/{imei}/trial': trial,
  'DELETE /api/smartplugs/{imei}/subscription': cancel,
  // No device is connected in this test: the plug never answers.
  'POST /api/smartplugs/{imei}/consumption/reset': { expect: ADMIN_ONLY, ok: '408 device_timeout' },

  'POST /api/users/{id}/smartplug2s': [
    register,
    // Registering into another account (Owner): admins only.
    { expect: ADMIN_ONLY, body: (f) => ({ Imei: f.freeKey, Name: 'New device', Owner: f.shared.email }) },
  ],
  'GET /api/smartplug2s/{imei}': { expect: DEVICE_USER },
  'PATCH /api/smartplug2s/{imei}': deviceUpdate,
  'PUT /api/smartplug2s/{imei}': deviceUpdate,
  'POST /api/smartplug2s/{imei}/plan': buyPlan,
  'DELETE /api/smartplug2s/{imei}': { expect: DEVICE_OWNER },
  'POST /api/smartplug2s/{imei}/transfer': offerTransfer,
  'DELETE /api/smartplug2s/{imei}/transfer': withdrawTransfer,
  'GET /api/smartplug2s/{imei}/alarm-channels': alarmChannels,
  'PUT /api/smartplug2s/{imei}/alarm-channels': setAlarmChannels,
  'GET /api/smartplug2s/{imei}/changes': { expect: CHANGE_LOG },
  'GET /api/smartplug2s/{imei}/consumption': history,
  'GET /api/smartplug2s/{imei}/load': history,
  'GET /api/smartplug2s/{imei}/energy': energy,
  'PUT /api/smartplug2s/{imei}/trial': trial,
  'DELETE /api/smartplug2s/{imei}/subscription': cancel,
};

let t: TestApp;
let operations: Operation[];
beforeAll(async () => {
  t = await createTestApp({}, { timers: instantTimers });
  operations = operationsOf(t.app);
}, APP_START_TIMEOUT_MS);
afterAll(() => t.close());

/** Fresh people and a fresh device for one call, so no call sees what an earlier one changed or deleted. */
async function fixture(operation: Operation): Promise<Fixture> {
  // Routes on a device key without a product in the path (the simulator's) get a SmartPlug.
  const product = productIn(operation.path) ?? 'smartplug';
  const [owner, shared, stranger] = [await person(t, 'owner'), await person(t, 'shared'), await person(t, 'stranger')];
  return {
    owner,
    shared,
    stranger,
    admin: await admin(t),
    product,
    key: await device(t, owner, product, [shared]),
    freeKey: await freeKey(t, product),
    now: t.clock.now(),
  };
}

/** What went wrong with the answer, or null when it is the expected one. */
function mismatch(answer: Answer, ok: string | undefined, status: number, body: string): string | null {
  const error = (() => {
    try {
      return (JSON.parse(body) as { Error?: string }).Error;
    } catch {
      return undefined;
    }
  })();
  const matches = (expected: string) => {
    const [code, name] = expected.split(' ');
    return Number(code) === status && (name === undefined || name === error);
  };
  const fine = answer === 'ok' ? (status >= 200 && status < 300) || (ok !== undefined && matches(ok)) : matches(answer);
  return fine ? null : `expected ${answer === 'ok' ? `ok (2xx${ok ? ` or ${ok}` : ''})` : answer}, got ${status} ${body.slice(0, 300)}`;
}

async function callAs(role: Role, operation: Operation, test: Case): Promise<string | null> {
  const f = await fixture(operation);
  const caller = role === 'anonymous' ? undefined : { stranger: f.stranger, shared: f.shared, owner: f.owner, admin: f.admin }[role];
  await test.prepare?.(f);
  const path = fillPath(operation, { id: f.owner.id, imei: f.key, imsi: f.key, key: f.key, serial: f.key, invoiceId: 'no-such-invoice', product: f.product, keyId: f.owner.id, hookId: f.owner.id });
  const query = test.query ? `?${new URLSearchParams(test.query(f))}` : '';
  const response = await call(t.app, operation.method, path + query, { token: caller?.token, body: test.body?.(f) });
  const problem = mismatch(test.expect[role], test.ok, response.statusCode, response.body);
  return problem && `${operation.id} as ${role}: ${problem}`;
}

describe('authorization of every OpenAPI operation', () => {
  it('has an entry in TABLE for every operation, and none for an operation that is gone', () => {
    const missing = operations.map((operation) => operation.id).filter((id) => !(id in TABLE));
    const gone = Object.keys(TABLE).filter((id) => !operations.some((operation) => operation.id === id));
    const problems = [
      ...missing.map((id) => `${id}: no expected answers; add it to the table in server/src/security/authorization.test.ts`),
      ...gone.map((id) => `${id}: not in the OpenAPI document any more; remove it from the table`),
    ];
    if (problems.length) throw new Error(problems.join('\n'));
  });

  it('asks for a bearer token exactly where the table expects 401 for anonymous callers', () => {
    const problems = operations
      .filter((operation) => operation.id in TABLE)
      .filter((operation) => [TABLE[operation.id]].flat().some((test) => (test.expect.anonymous === '401') !== operation.secured))
      .map(
        (operation) =>
          `${operation.id}: OpenAPI security ${operation.secured ? 'bearer' : 'none'} disagrees with the table's anonymous answer`,
      );
    if (problems.length) throw new Error(problems.join('\n'));
  });

  it.each(Object.keys(TABLE))('%s', async (id) => {
    const operation = operations.find((candidate) => candidate.id === id);
    if (!operation) throw new Error(`${id}: not in the OpenAPI document any more; remove it from the table`);
    const problems: string[] = [];
    for (const test of [TABLE[id]].flat()) {
      for (const role of ROLES) {
        const problem = await callAs(role, operation, test);
        if (problem) problems.push(problem);
      }
    }
    if (problems.length) throw new Error(problems.join('\n'));
  });
});
