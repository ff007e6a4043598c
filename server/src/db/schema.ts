// The one Drizzle schema for PGlite and PostgreSQL. The SQL in ./migrations must build exactly this
// (schema.test.ts compares them against a migrated database).
import { sql } from 'drizzle-orm';
import { PROOF_TYPES, WARRANTY_PRODUCTS, WARRANTY_STATUSES } from '@paddock/shared/domain';
import {
  bigint,
  boolean,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { ALARMS_TRIGGERED } from './predicates';

const time = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    customerId: text('customer_id').notNull().unique(),
    accountType: text('account_type', { enum: ['user', 'admin'] })
      .notNull()
      .default('user'),
    /** Always stored normalized (trimmed, lowercase), so a plain unique index is case-insensitive. */
    email: text('email').notNull().unique(),
    /** A new address asked for by the user, taken only once the code mailed to it is confirmed. */
    pendingEmail: text('pending_email'),
    passwordHash: text('password_hash').notNull(),
    phone: text('phone').notNull().default(''),
    locale: text('locale').notNull().default('en-GB'),
    country: text('country').notNull(),
    verified: boolean('verified').notNull().default(false),
    name: text('name').notNull().default(''),
    addr1: text('addr1').notNull().default(''),
    addr2: text('addr2').notNull().default(''),
    postalCode: text('postal_code').notNull().default(''),
    town: text('town').notNull().default(''),
    vatin: text('vatin').notNull().default(''),
    emailBilling: boolean('email_billing').notNull().default(true),
    emailDevice: boolean('email_device').notNull().default(true),
    emailMarketing: boolean('email_marketing').notNull().default(false),
    pushEnabled: boolean('push_enabled').notNull().default(false),
    pushTokens: jsonb('push_tokens').$type<string[]>().notNull().default([]),
    smsEnabled: boolean('sms_enabled').notNull().default(false),
    smsBalance: integer('sms_balance').notNull().default(0),
    /** docs/product/limits.md "Energy price": ten-thousandths of the currency per kWh; both null while unset. */
    energyPricePerKwh: integer('energy_price_per_kwh'),
    energyPriceCurrency: text('energy_price_currency', { enum: ['SEK', 'EUR'] }),
    /** docs/product/sun-timers.md: the farm's position in degrees (north, east positive); both null while unset. */
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    /** docs/product/reports.md: the summary mailed each week or month (migration 0044). */
    reportFrequency: text('report_frequency', { enum: ['none', 'weekly', 'monthly'] })
      .notNull()
      .default('none'),
    createdAt: time('created_at').notNull(),
  },
  (t) => [
    index('users_pending_email_idx').on(t.pendingEmail),
    // Admin device search by owner e-mail prefix (0015_admin_search.sql): LIKE 'prefix%' in any collation.
    index('users_email_prefix_idx').on(sql`${t.email} text_pattern_ops`),
  ],
);
export type UserRow = typeof users.$inferSelect;

/** Session tokens; only the sha256 of the token is kept, so a database leak yields no usable token. */
/** What a session token may be used for (docs/product/embedding.md). */
export type TokenScope = 'full' | 'embed';

export const tokens = pgTable(
  'tokens',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: time('created_at').notNull(),
    expiresAt: time('expires_at').notNull(),
    /** `full`, or `embed`: made for a partner's page, served only on the embed's calls (migration 0024, http/embedScope.ts). */
    scope: text('scope').$type<TokenScope>().notNull().default('full'),
  },
  // tokens_created_at_idx: users active in the last 30 days (admin/stats.ts).
  (t) => [index('tokens_user_id_idx').on(t.userId), index('tokens_created_at_idx').on(t.createdAt)],
);

/**
 * API keys for integrators (migration 0042, docs/product/api-keys.md): the prefix finds the row, only the SHA-256 of the
 * secret is kept; a revoked key stays with its revokedAt. A name is unique among a user's active keys.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    prefix: text('prefix').notNull().unique(),
    secretHash: text('secret_hash').notNull(),
    scopes: text('scopes').array().notNull(),
    createdAt: time('created_at').notNull(),
    lastUsedAt: time('last_used_at'),
    revokedAt: time('revoked_at'),
  },
  (t) => [
    index('api_keys_user_id_idx').on(t.userId),
    uniqueIndex('api_keys_active_name_idx')
      .on(t.userId, t.name)
      .where(sql`${t.revokedAt} IS NULL`),
  ],
);
export type ApiKeyRow = typeof apiKeys.$inferSelect;

/**
 * A sign-up for an address nobody has confirmed yet (0023_pending_sign_ups.sql): its own password and details,
 * taken by the account only with a code mailed for it (docs/product/states.md "Session").
 */
export const pendingSignUps = pgTable(
  'pending_sign_ups',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    passwordHash: text('password_hash').notNull(),
    country: text('country').notNull(),
    locale: text('locale').notNull(),
    name: text('name').notNull(),
    addr1: text('addr1').notNull(),
    addr2: text('addr2').notNull(),
    postalCode: text('postal_code').notNull(),
    town: text('town').notNull(),
    vatin: text('vatin').notNull(),
    createdAt: time('created_at').notNull(),
  },
  (t) => [index('pending_sign_ups_user_id_idx').on(t.userId)],
);
export type PendingSignUpRow = typeof pendingSignUps.$inferSelect;

/** One-time e-mail codes (verification or password reset), stored hashed. */
export const codes = pgTable(
  'codes',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['verify', 'reset', 'email-change'] }).notNull(),
    codeHash: text('code_hash').notNull(),
    /** A verification code mailed for a pending sign-up confirms that sign-up's password and details. */
    signUpId: text('sign_up_id').references(() => pendingSignUps.id, { onDelete: 'cascade' }),
    createdAt: time('created_at').notNull(),
    expiresAt: time('expires_at').notNull(),
  },
  (t) => [index('codes_user_id_idx').on(t.userId)],
);
export type CodePurpose = (typeof codes.$inferSelect)['purpose'];

/** Fixed-window attempt counters, shared by every server instance. */
export const rateLimits = pgTable(
  'rate_limit',
  {
    key: text('key').primaryKey(),
    windowStart: time('window_start').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [index('rate_limit_window_start_idx').on(t.windowStart)],
);

/** The built-in mailbox: every mail sent while no SMTP server is configured. */
export const mailbox = pgTable(
  'mailbox',
  {
    id: text('id').primaryKey(),
    toEmail: text('to_email').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    sentAt: time('sent_at').notNull(),
  },
  (t) => [index('mailbox_to_sent_idx').on(t.toEmail, t.sentAt), index('mailbox_sent_at_idx').on(t.sentAt)],
);

/** Every manufactured device, known before a customer registers it; the device signs in with its secret. */
export const inventory = pgTable(
  'inventory',
  {
    /** IMEI or IMSI. */
    key: text('key').primaryKey(),
    product: text('product').notNull(),
    /** sha256 of the device secret. */
    secretHash: text('secret_hash').notNull(),
    createdAt: time('created_at').notNull(),
    // A trial is had once per key (docs/product/states.md#trial, migration 0020; triggers on devices keep these).
    /** When the key's first registration started its trial (null: never registered, so its registration gets one). */
    trialStartedAt: time('trial_started_at'),
    /** While unregistered: the subscription the key keeps for its next registration (null while registered). */
    keptSubscription: jsonb('kept_subscription').$type<DeviceSubscription>(),
    /** While unregistered: a FarmCam SIM's data account (UsedData, DataLimit, RemainingData) it keeps. */
    keptDataAccount: jsonb('kept_data_account').$type<Record<string, number>>(),
  },
  // Fleet statistics count the stock per product from the index alone (admin/stats.ts).
  (t) => [index('inventory_product_idx').on(t.product)],
);
export type InventoryRow = typeof inventory.$inferSelect;

/** A registered device: metadata in columns, the product's own fields (settings and reported values) as JSON. */
export const devices = pgTable(
  'devices',
  {
    key: text('key')
      .primaryKey()
      .references(() => inventory.key, { onDelete: 'cascade' }),
    product: text('product').notNull(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    /** Normalized e-mails of the users it is shared with (the owner's included). */
    access: jsonb('access').$type<string[]>().notNull().default([]),
    notify: jsonb('notify').$type<string[]>().notNull().default([]),
    /** The representation's product part (docs/product/devices.md): everything but the key, Product, Subscription and Metadata. */
    fields: jsonb('fields').$type<Record<string, unknown>>().notNull(),
    subscription: jsonb('subscription').$type<DeviceSubscription>().notNull(),
    registeredAt: time('registered_at').notNull(),
    /** Bumped on every change: the dashboard's ETag is made from it. */
    updatedAt: time('updated_at').notNull(),
    // The device gateway's bookkeeping (not in the representation).
    /** When the device last sent anything (null: never). */
    lastSeenAt: time('last_seen_at'),
    /** The reporting interval its status announced (null: the product's default). */
    reportingSeconds: integer('reporting_seconds'),
    /** When it counts as offline unless it sends something first (three reporting intervals after lastSeenAt). */
    offlineAt: time('offline_at'),
    /** Marked offline (by the sweep or its last will); any message clears it. */
    offline: boolean('offline').notNull().default(false),
    /** Any alarm triggered in `fields`: kept by a trigger (migration 0027, ALARMS_TRIGGERED in db/predicates.ts). */
    alarmsTriggered: boolean('alarms_triggered').notNull().default(false),
    /** Version of the configuration last published to it (0: none yet). */
    configVersion: integer('config_version').notNull().default(0),
    // The renewal job's bookkeeping (billing/renewals.ts).
    /** Declined renewal charges in a row (0: none); the subscription ends after the last retry. */
    renewalAttempts: integer('renewal_attempts').notNull().default(0),
    /** Not retried before then after a declined renewal charge (null: due at the expiry). */
    renewalRetryAt: time('renewal_retry_at'),
    /** A renewal or plan start is charging this period until then, holding no row lock (0029_charging_until.sql; null: none). */
    chargingUntil: time('charging_until'),
    /**
     * When its newest reading was measured, if that reading's live values are kept in device_readings only (null:
     * `fields` hold the newest): a reading moves this, not `fields` (devices/liveValues.ts, migration 0037).
     */
    readingAt: time('reading_at'),
  },
  (t) => [
    index('devices_owner_id_idx').on(t.ownerId),
    index('devices_access_idx').using('gin', t.access),
    // Admin device search (admin/deviceSearch.ts): one product's keys byte-wise, for prefixes, paging and order.
    index('devices_product_key_idx').on(t.product, sql`${t.key} COLLATE "C"`),
    // Fleet statistics read only the devices with an alarm triggered (db/predicates.ts, migration 0027). No index
    // refers to what a reading changes (fields, offline_at), so its update is HOT (docs/architecture/README.md#ingest).
    index('devices_alarms_idx').on(t.product).where(sql.raw(ALARMS_TRIGGERED)),
    // The renewal job walks the expiries of subscriptions with something to renew or end (SUBSCRIPTION_DUE in billing/renewals.ts).
    index('devices_subscription_expires_idx')
      .on(sql`(${t.subscription}->>'ExpiresAt')`)
      .where(
        sql`${t.subscription}->'PriceIds'->>'Current' <> '' OR ${t.subscription}->'PriceIds'->>'Next' <> '' OR ${t.subscription}->>'Trialing' = 'true'`,
      ),
  ],
);
export type DeviceRow = typeof devices.$inferSelect;

/**
 * The offline sweep's claim (migration 0027, docs/architecture/README.md#ingest): a lower bound of each device's
 * offline_at (null: offline or no deadline), kept by triggers on devices and moved up by the sweep, so readings
 * never move an index.
 */
export const deviceSweep = pgTable(
  'device_sweep',
  {
    key: text('key')
      .primaryKey()
      .references(() => devices.key, { onDelete: 'cascade' }),
    sweepAt: time('sweep_at'),
  },
  (t) => [index('device_sweep_at_idx').on(t.sweepAt).where(sql`${t.sweepAt} IS NOT NULL`)],
);

/**
 * Each user's device list version (0016_device_list_version.sql): moved by triggers whenever anything the list shows
 * changes, so the dashboard's poll answers 304 from this row alone (devices/listVersion.ts).
 */
export const deviceListVersions = pgTable('device_list_versions', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  version: bigint('version', { mode: 'number' }).notNull(),
});
export type NewDeviceRow = typeof devices.$inferInsert;
export interface DeviceSubscription {
  Trialing: boolean;
  ExpiresAt: string;
  PriceIds: { Current: string; Next: string };
}

/** The history of what devices reported (charts read it). */
export const deviceReadings = pgTable(
  'device_readings',
  {
    key: text('key').notNull(),
    at: time('at').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
  },
  // The key (device, time) is also the index every history query walks.
  (t) => [primaryKey({ name: 'device_readings_pkey', columns: [t.key, t.at] })],
);

/** Background jobs (alarm notifications): claimed with FOR UPDATE SKIP LOCKED; a lease (locked_until) that runs out makes the job claimable again. */
export const jobs = pgTable(
  'jobs',
  {
    id: text('id').primaryKey(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** Not before then (moved on by the back-off after a failure). */
    runAt: time('run_at').notNull(),
    /** Claims so far. */
    attempts: integer('attempts').notNull().default(0),
    /** The worker holding the lease, and until when. */
    lockedBy: text('locked_by'),
    lockedUntil: time('locked_until'),
    lastError: text('last_error'),
    /** Given up after too many attempts (kept for the record, never claimed again). */
    failedAt: time('failed_at'),
    createdAt: time('created_at').notNull(),
  },
  (t) => [
    index('jobs_run_at_idx')
      .on(t.runAt)
      .where(sql`${t.failedAt} IS NULL`),
  ],
);
export type JobRow = typeof jobs.$inferSelect;

/** What was last told about one alarm of one device: the quiet period and the offline reminders are measured from it. */
export const alarmNotices = pgTable(
  'alarm_notices',
  {
    key: text('key')
      .notNull()
      .references(() => devices.key, { onDelete: 'cascade' }),
    alarm: text('alarm').notNull(),
    /** A trigger was told and its clear not yet. */
    open: boolean('open').notNull(),
    notifiedAt: time('notified_at').notNull(),
    /** A trigger the quiet period held back: when it went off (told once the period is over, if still on). */
    heldSince: time('held_since'),
  },
  (t) => [
    primaryKey({ name: 'alarm_notices_pkey', columns: [t.key, t.alarm] }),
    // The offline sweep's claims of reminders due and held triggers (migration 0018).
    index('alarm_notices_reminder_idx')
      .on(t.notifiedAt)
      .where(sql`${t.alarm} = 'offline' AND ${t.open} = true`),
    index('alarm_notices_held_idx')
      .on(t.notifiedAt)
      .where(sql`${t.heldSince} IS NOT NULL`),
  ],
);

/**
 * The channels a user chose for one device's alarms (only that user sets them). No row: the defaults of
 * shared/domain/alarmNotifications (the owner all, anyone else e-mail only).
 */
export const alarmChannels = pgTable(
  'alarm_channels',
  {
    key: text('key')
      .notNull()
      .references(() => devices.key, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: boolean('email').notNull(),
    sms: boolean('sms').notNull(),
    push: boolean('push').notNull(),
    updatedAt: time('updated_at').notNull(),
  },
  (t) => [primaryKey({ name: 'alarm_channels_pkey', columns: [t.key, t.userId] }), index('alarm_channels_user_id_idx').on(t.userId)],
);
export type AlarmChannelsRow = typeof alarmChannels.$inferSelect;

/** The built-in SMS provider: every SMS sent, for admins to read (GET /api/admin/sms-outbox). */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: text('id').primaryKey(),
    toPhone: text('to_phone').notNull(),
    /** The account it went to, so admins can look it up by e-mail too. */
    toEmail: text('to_email').notNull(),
    text: text('text').notNull(),
    sentAt: time('sent_at').notNull(),
  },
  (t) => [
    index('sms_outbox_to_phone_sent_idx').on(t.toPhone, t.sentAt),
    index('sms_outbox_to_email_sent_idx').on(t.toEmail, t.sentAt),
    index('sms_outbox_sent_at_idx').on(t.sentAt),
  ],
);

/** Payments taken (billing/payments.ts): the local provider records them here, with what they bought in the same transaction. */
export const payments = pgTable(
  'payments',
  {
    id: text('id').primaryKey(),
    /** Null once the account is deleted: a payment is a bookkeeping record and stays. */
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** What was bought, e.g. 'sms-100' (the catalogue entry's Id). */
    item: text('item').notNull(),
    /** Integer minor units (öre, cent) of the currency. */
    amount: integer('amount').notNull(),
    currency: text('currency', { enum: ['EUR', 'SEK'] }).notNull(),
    createdAt: time('created_at').notNull(),
    /** One payment per key: a repeated charge with the same key finds this one and charges nothing. */
    idempotencyKey: text('idempotency_key').notNull(),
    /** The catalogue key of what was bought ('Sms', 'FarmcamSimExtraData', 'SmartplugMonth' …). */
    priceKey: text('price_key'),
  },
  (t) => [
    index('payments_user_id_created_idx').on(t.userId, t.createdAt),
    uniqueIndex('payments_idempotency_key_idx').on(t.idempotencyKey),
  ],
);
export type PaymentRow = typeof payments.$inferSelect;

/** Keys the server makes once and every instance shares (the Web Push VAPID key pair), by name. */
export const serverKeys = pgTable('server_keys', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: time('created_at').notNull(),
});

/** PostgreSQL bytea as a Buffer (PGlite hands back a Uint8Array). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Warranty claims with their proof of purchase (warranties/routes.ts); per product and serial number at most one
 * `registered`, the others in review or rejected (migration 0025, docs/product/admin.md "Warranty claims").
 */
export const warranties = pgTable(
  'warranties',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** One of WARRANTY_PRODUCTS (shared/domain/warranties). */
    product: text('product', { enum: WARRANTY_PRODUCTS }).notNull(),
    /** Normalized: trimmed and upper-cased. */
    serialNumber: text('serial_number').notNull(),
    retailer: text('retailer').notNull(),
    dateOfPurchase: date('date_of_purchase', { mode: 'string' }).notNull(),
    /** The type recognised from the proof's content (PROOF_TYPES), which the download sends back. */
    proofType: text('proof_type', { enum: PROOF_TYPES }).notNull(),
    proofSize: integer('proof_size').notNull(),
    proof: bytea('proof').notNull(),
    registeredAt: time('registered_at').notNull(),
    status: text('status', { enum: WARRANTY_STATUSES }).notNull().default('registered'),
    /** When staff accepted or rejected the claim; null until then. */
    reviewedAt: time('reviewed_at'),
  },
  (t) => [
    uniqueIndex('warranties_registered_serial_product_idx').on(t.serialNumber, t.product).where(sql`${t.status} = 'registered'`),
    uniqueIndex('warranties_open_claim_idx').on(t.serialNumber, t.product, t.userId).where(sql`${t.status} <> 'rejected'`),
    index('warranties_pending_review_idx').on(t.serialNumber, t.product).where(sql`${t.status} = 'pending_review'`),
    index('warranties_user_id_registered_idx').on(t.userId, t.registeredAt),
  ],
);
export type WarrantyRow = typeof warranties.$inferSelect;

/** The built-in payment provider's card on file per customer (billing/builtin): only what the portal shows, never the number. */
export const paymentMethods = pgTable('payment_methods', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  brand: text('brand').notNull(),
  last4: text('last4').notNull(),
  expMonth: integer('exp_month').notNull(),
  expYear: integer('exp_year').notNull(),
  /** The test card that is always declined (docs/product/billing.md). */
  declines: boolean('declines').notNull(),
  updatedAt: time('updated_at').notNull(),
});
export type PaymentMethodRow = typeof paymentMethods.$inferSelect;

/** The last invoice number given out per year; its row is locked by the charge until commit, so numbers have no gaps. */
export const invoiceNumbers = pgTable('invoice_numbers', {
  year: integer('year').primaryKey(),
  last: integer('last').notNull(),
});

/** The buyer as the invoice names them, frozen when it is issued. */
export interface InvoiceBuyer {
  name: string;
  email: string;
  addressLines: string[];
  country: string;
  vatin: string;
}

/** The built-in provider's invoices: one per payment, with net, VAT and gross (billing/builtin/vat.ts). */
export const invoices = pgTable(
  'invoices',
  {
    id: text('id').primaryKey(),
    number: text('number').notNull().unique(),
    paymentId: text('payment_id')
      .notNull()
      .unique()
      .references(() => payments.id),
    /** Null once the account is deleted: an invoice is a bookkeeping record and stays. */
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    customerId: text('customer_id').notNull(),
    buyer: jsonb('buyer').$type<InvoiceBuyer>().notNull(),
    description: text('description').notNull(),
    currency: text('currency', { enum: ['EUR', 'SEK'] }).notNull(),
    net: integer('net').notNull(),
    vatRatePercent: integer('vat_rate_percent').notNull(),
    vat: integer('vat').notNull(),
    gross: integer('gross').notNull(),
    reverseCharge: boolean('reverse_charge').notNull(),
    createdAt: time('created_at').notNull(),
  },
  (t) => [index('invoices_user_id_created_idx').on(t.userId, t.createdAt)],
);
export type InvoiceRow = typeof invoices.$inferSelect;

/** Notices staff write for users (docs/product/admin.md "Notices"): plain text in four languages. */
export const notices = pgTable(
  'notices',
  {
    id: text('id').primaryKey(),
    public: boolean('public').notNull(),
    english: text('english').notNull(),
    french: text('french').notNull(),
    german: text('german').notNull(),
    swedish: text('swedish').notNull(),
    createdAt: time('created_at').notNull(),
    updatedAt: time('updated_at').notNull(),
  },
  (t) => [index('notices_created_at_idx').on(t.createdAt)],
);
export type NoticeRow = typeof notices.$inferSelect;

/**
 * What staff did (docs/product/admin.md "Audit log"): append-only (a trigger refuses UPDATE and DELETE), no foreign
 * keys, people copied in, so an entry outlives the accounts it names. The id grows with each entry: newest first by id.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: time('at').notNull(),
    action: text('action').notNull(),
    staffId: text('staff_id').notNull(),
    staffEmail: text('staff_email').notNull(),
    actingAsId: text('acting_as_id'),
    actingAsEmail: text('acting_as_email'),
    method: text('method').notNull(),
    path: text('path').notNull(),
    status: integer('status').notNull(),
    userId: text('user_id'),
    deviceKey: text('device_key'),
    noticeId: text('notice_id'),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [
    index('audit_log_staff_id_idx').on(t.staffId, t.id),
    index('audit_log_staff_email_idx').on(t.staffEmail.op('text_pattern_ops')),
    index('audit_log_user_id_idx').on(t.userId, t.id),
    index('audit_log_acting_as_id_idx').on(t.actingAsId, t.id),
    index('audit_log_device_key_idx').on(t.deviceKey, t.id),
    index('audit_log_at_idx').on(t.at),
  ],
);
export type AuditRow = typeof auditLog.$inferSelect;

/** Readings stored per hour, counted by a trigger on device_readings (migration 0014) in 64 rows per hour. */
export const readingHours = pgTable(
  'reading_hours',
  {
    hour: time('hour').notNull(),
    shard: integer('shard').notNull(),
    count: bigint('count', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ name: 'reading_hours_pkey', columns: [t.hour, t.shard] })],
);

/**
 * Per device, numeric reading field and UTC hour: the count and the lowest and highest reading with their times, built
 * by the rollup job once the hour is over (migrations 0017, 0031; history/rollups.ts) for the charts (history/chart.ts).
 */
export const readingHourExtremes = pgTable(
  'reading_hour_extremes',
  {
    key: text('key').notNull(),
    field: text('field').notNull(),
    hour: time('hour').notNull(),
    count: bigint('count', { mode: 'number' }).notNull(),
    min: doublePrecision('min').notNull(),
    minAt: time('min_at').notNull(),
    max: doublePrecision('max').notNull(),
    maxAt: time('max_at').notNull(),
  },
  (t) => [primaryKey({ name: 'reading_hour_extremes_pkey', columns: [t.key, t.field, t.hour] })],
);

/**
 * Per device, trend field (TREND_FIELDS) and 10-minute bucket: how many readings have it and their sum, kept by a
 * trigger on device_readings (migration 0028) for the dashboard's trend lines (history/trends.ts).
 */
export const readingTrendBuckets = pgTable(
  'reading_trend_buckets',
  {
    key: text('key').notNull(),
    field: text('field').notNull(),
    bucket: time('bucket').notNull(),
    count: integer('count').notNull(),
    /** Exact (numeric): a float sum could overflow and fail the readings' insert. */
    sum: numeric('sum', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ name: 'reading_trend_buckets_pkey', columns: [t.key, t.field, t.bucket] })],
);

/**
 * The device-hours with readings not yet in the two rollups above (migration 0031): marked by a trigger on
 * device_readings, rolled up and deleted by the rollup job once the hour is over (history/rollups.ts).
 */
export const readingRollupPending = pgTable(
  'reading_rollup_pending',
  {
    key: text('key').notNull(),
    hour: time('hour').notNull(),
  },
  (t) => [
    primaryKey({ name: 'reading_rollup_pending_pkey', columns: [t.key, t.hour] }),
    index('reading_rollup_pending_hour_idx').on(t.hour),
    // The job's claim order (history/rollups.ts): shard, key, hour.
    index('reading_rollup_pending_claim_idx').on(sql`(hashtext(${t.key}) & 255)`, t.key, t.hour),
  ],
);

/**
 * Transfer offers (migration 0021, docs/product/devices.md "Transfers"): the device's owner offers it to an address;
 * nothing changes hands until that address's verified account accepts. One open offer per device.
 */
export const deviceTransfers = pgTable(
  'device_transfers',
  {
    id: text('id').primaryKey(),
    deviceKey: text('device_key')
      .notNull()
      .references(() => devices.key, { onDelete: 'cascade' }),
    /** The owner when the offer was made; an accept finding another owner voids it. */
    fromUserId: text('from_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Normalized (trimmed, lowercase); whether it has an account is never looked at until its holder answers. */
    toEmail: text('to_email').notNull(),
    offeredAt: time('offered_at').notNull(),
    expiresAt: time('expires_at').notNull(),
  },
  (t) => [
    uniqueIndex('device_transfers_device_key_idx').on(t.deviceKey),
    index('device_transfers_to_email_idx').on(t.toEmail),
    index('device_transfers_from_user_id_idx').on(t.fromUserId),
  ],
);
export type DeviceTransferRow = typeof deviceTransfers.$inferSelect;

/**
 * The owner's change log (migration 0022, docs/product/roles.md "Change log"): what a shared user changed on a device,
 * kept for the owner it belonged to then. The newest 100 per device, 90 days at most (devices/changeLog.ts).
 */
export const deviceChanges = pgTable(
  'device_changes',
  {
    id: text('id').primaryKey(),
    deviceKey: text('device_key')
      .notNull()
      .references(() => devices.key, { onDelete: 'cascade' }),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Who changed it, as the owner shared the device with them. */
    byEmail: text('by_email').notNull(),
    changedAt: time('changed_at').notNull(),
    /** The body fields changed (Name, Tags, Notify, Timer, DeviceConfig.OutputPower, PowerEnabled, …). */
    fields: jsonb('fields').$type<string[]>().notNull(),
    details: jsonb('details').$type<{ Name?: { from: string; to: string }; Notify?: { from: boolean; to: boolean } }>().notNull(),
  },
  (t) => [index('device_changes_device_key_changed_at_idx').on(t.deviceKey, t.changedAt), index('device_changes_owner_id_idx').on(t.ownerId)],
);
export type DeviceChangeRow = typeof deviceChanges.$inferSelect;

/**
 * Leases on singleton work (migration 0026, jobs/lease.ts): `name` (the simulator, the embedded broker) is held by
 * `holder` (an instance id, instance.ts) until `expiresAt`, by the database's clock; `acquiredAt` is when it last
 * changed hands.
 */
export const instanceLeases = pgTable('instance_leases', {
  name: text('name').primaryKey(),
  holder: text('holder').notNull(),
  expiresAt: time('expires_at').notNull(),
  acquiredAt: time('acquired_at').notNull(),
});
export type InstanceLeaseRow = typeof instanceLeases.$inferSelect;

/**
 * Commands sent under a caller's Idempotency-Key (migration 0035, devices/commandKeys.ts): a retried power request
 * with the same key finds the command here and waits for, or returns, its ack instead of sending another.
 */
export const deviceCommands = pgTable(
  'device_commands',
  {
    commandId: text('command_id').primaryKey(),
    deviceKey: text('device_key')
      .notNull()
      .references(() => devices.key, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    idempotencyKey: text('idempotency_key').notNull(),
    body: jsonb('body').notNull(),
    ack: jsonb('ack'),
    createdAt: time('created_at').notNull(),
  },
  (table) => [uniqueIndex('device_commands_key_idx').on(table.deviceKey, table.userId, table.idempotencyKey)],
);

/**
 * The trial-end reminders sent (migration 0036, billing/trialReminders.ts): one row per device, trial (named by its
 * expiry) and stage ('7d', '1d', 'end'), inserted with the mail's job, so each is sent once by whichever instance.
 */
export const trialReminders = pgTable(
  'trial_reminders',
  {
    deviceKey: text('device_key')
      .notNull()
      .references(() => devices.key, { onDelete: 'cascade' }),
    expiresAt: text('expires_at').notNull(),
    stage: text('stage').notNull(),
    sentAt: time('sent_at').notNull(),
  },
  (t) => [primaryKey({ name: 'trial_reminders_pkey', columns: [t.deviceKey, t.expiresAt, t.stage] })],
);

/**
 * The alarm log (migration 0038, docs/product/alarm-log.md): one row each time an alarm of a device was raised and
 * told, until it clears; acknowledging it stops its reminders for everyone (alarms/log.ts).
 */
export const alarmOccurrences = pgTable(
  'alarm_occurrences',
  {
    id: text('id').primaryKey(),
    key: text('key')
      .notNull()
      .references(() => devices.key, { onDelete: 'cascade' }),
    alarm: text('alarm').notNull(),
    raisedAt: time('raised_at').notNull(),
    /** The measured value when it was raised, in `unit` (null: the alarm has no number). */
    value: doublePrecision('value'),
    unit: text('unit'),
    clearedAt: time('cleared_at'),
    acknowledgedAt: time('acknowledged_at'),
    acknowledgedBy: text('acknowledged_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('alarm_occurrences_key_raised_idx').on(t.key, t.raisedAt, t.id),
    // One open occurrence per alarm of a device.
    uniqueIndex('alarm_occurrences_open_idx')
      .on(t.key, t.alarm)
      .where(sql`${t.clearedAt} IS NULL`),
    index('alarm_occurrences_cleared_idx').on(t.clearedAt),
  ],
);
export type AlarmOccurrenceRow = typeof alarmOccurrences.$inferSelect;

/** Each notification of an occurrence: to whom, by which channel, and whether it was delivered (notify/worker.ts). */
export const alarmDeliveries = pgTable(
  'alarm_deliveries',
  {
    id: text('id').primaryKey(),
    occurrenceId: text('occurrence_id')
      .notNull()
      .references(() => alarmOccurrences.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    channel: text('channel', { enum: ['email', 'sms', 'push'] }).notNull(),
    event: text('event', { enum: ['triggered', 'cleared', 'reminder'] }).notNull(),
    queuedAt: time('queued_at').notNull(),
    /** pending until the worker is done with it: delivered, failed (given up) or skipped (nothing to send any more). */
    status: text('status', { enum: ['pending', 'delivered', 'failed', 'skipped'] }).notNull(),
    doneAt: time('done_at'),
    /** The last transport error (for staff; not shown to farmers). */
    error: text('error'),
  },
  (t) => [index('alarm_deliveries_occurrence_idx').on(t.occurrenceId), index('alarm_deliveries_user_id_idx').on(t.userId)],
);
export type AlarmDeliveryRow = typeof alarmDeliveries.$inferSelect;

/** The share invitation mails of the last day (0039), so one address is mailed once a day per device (devices/shareInvites.ts). */
export const shareInvitesSent = pgTable(
  'share_invites_sent',
  {
    deviceKey: text('device_key')
      .notNull()
      .references(() => devices.key, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    ownerId: text('owner_id').notNull(),
    sentAt: time('sent_at').notNull(),
  },
  (t) => [
    primaryKey({ name: 'share_invites_sent_pkey', columns: [t.deviceKey, t.email] }),
    index('share_invites_sent_owner_idx').on(t.ownerId, t.sentAt),
  ],
);

/** An account's outbound webhooks (0043, docs/product/webhooks.md): where its devices' events are POSTed, signed with `secret`. */
export const webhooks = pgTable(
  'webhooks',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    /** The HMAC key of the Paddock-Signature header; the account holder can read it again (webhooks/routes.ts). */
    secret: text('secret').notNull(),
    events: text('events').array().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: time('created_at').notNull(),
  },
  (t) => [index('webhooks_user_id_idx').on(t.userId)],
);
export type WebhookRow = typeof webhooks.$inferSelect;

/** Each event sent to a webhook: its attempts and how the last one went (webhooks/delivery.ts). */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: text('id').primaryKey(),
    webhookId: text('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    /** The JSON body, as sent at every attempt. */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** pending until an attempt is answered 2xx (delivered) or the retries are used up (failed). */
    status: text('status', { enum: ['pending', 'delivered', 'failed'] }).notNull(),
    /** The HTTP status of the last answer (null: none came), and what went wrong. */
    statusCode: integer('status_code'),
    error: text('error'),
    nextAttemptAt: time('next_attempt_at'),
    createdAt: time('created_at').notNull(),
    doneAt: time('done_at'),
  },
  (t) => [index('webhook_deliveries_webhook_created_idx').on(t.webhookId, t.createdAt, t.id), index('webhook_deliveries_created_idx').on(t.createdAt)],
);
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;

/**
 * The reports sent (migration 0044, reports/schedule.ts): one row per user, frequency and period (its first day on
 * the owner's wall clock), inserted with the mail's job, so each period is mailed once by whichever instance.
 */
export const reportSends = pgTable(
  'report_sends',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    frequency: text('frequency', { enum: ['weekly', 'monthly'] }).notNull(),
    periodStart: text('period_start').notNull(),
    sentAt: time('sent_at').notNull(),
  },
  (t) => [primaryKey({ name: 'report_sends_pkey', columns: [t.userId, t.frequency, t.periodStart] })],
);

/**
 * Firmware campaigns (0041, docs/product/firmware-campaigns.md): one image rolled out to a chosen set of devices of a
 * product in stages (cumulative percentages ending at 100); paused when a stage's failure rate passes the threshold.
 */
export const firmwareCampaigns = pgTable(
  'firmware_campaigns',
  {
    id: text('id').primaryKey(),
    product: text('product').notNull(),
    url: text('url').notNull(),
    sha256: text('sha256').notNull(),
    /** The version label staff gave the image (shown; the devices report their own). */
    version: text('version').notNull(),
    /** How the devices were chosen, as asked (firmware/selection.ts). */
    selection: jsonb('selection').$type<Record<string, unknown>>().notNull(),
    stages: jsonb('stages').$type<number[]>().notNull(),
    failureThreshold: integer('failure_threshold').notNull(),
    state: text('state', { enum: ['running', 'paused', 'cancelled', 'done'] }).notNull(),
    /** The stage under way (0-based). */
    stage: integer('stage').notNull().default(0),
    /** Why it is paused: 'staff', or 'failures' (the stage passed the threshold). */
    pauseReason: text('pause_reason'),
    /** A stage whose failures staff accepted by resuming: its threshold is not checked again. */
    acceptedStage: integer('accepted_stage'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: time('created_at').notNull(),
    updatedAt: time('updated_at').notNull(),
    finishedAt: time('finished_at'),
  },
  (t) => [index('firmware_campaigns_state_idx').on(t.state), index('firmware_campaigns_created_idx').on(t.createdAt, t.id)],
);
export type FirmwareCampaignRow = typeof firmwareCampaigns.$inferSelect;

/** Each device of a campaign: its place and stage, and where its update is (firmware/runner.ts). */
export const campaignDevices = pgTable(
  'campaign_devices',
  {
    campaignId: text('campaign_id')
      .notNull()
      .references(() => firmwareCampaigns.id, { onDelete: 'cascade' }),
    deviceKey: text('device_key').notNull(),
    position: integer('position').notNull(),
    stage: integer('stage').notNull(),
    state: text('state', { enum: ['pending', 'sent', 'updating', 'done', 'failed'] }).notNull(),
    /** The Id of the firmware request it was sent (devices/fota.ts), which its up/fota reports carry. */
    fotaId: text('fota_id'),
    /** Why it failed: the device said so ('device', its words in `error`), no report in time, replaced by another request, unregistered. */
    failure: text('failure', { enum: ['device', 'no_report', 'replaced', 'unregistered'] }),
    error: text('error'),
    sentAt: time('sent_at'),
    finishedAt: time('finished_at'),
  },
  (t) => [
    primaryKey({ name: 'campaign_devices_pkey', columns: [t.campaignId, t.deviceKey] }),
    index('campaign_devices_stage_idx').on(t.campaignId, t.stage, t.state),
    index('campaign_devices_position_idx').on(t.campaignId, t.position),
  ],
);
export type CampaignDeviceRow = typeof campaignDevices.$inferSelect;
