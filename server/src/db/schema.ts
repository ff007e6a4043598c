// The one Drizzle schema for PGlite and PostgreSQL. The SQL in ./migrations must build exactly this
// (schema.test.ts compares them against a migrated database).
import { boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const time = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const users = pgTable('users', {
  id: text('id').primaryKey(),
  customerId: text('customer_id').notNull().unique(),
  accountType: text('account_type', { enum: ['user', 'admin'] }).notNull().default('user'),
  /** Always stored normalized (trimmed, lowercase), so a plain unique index is case-insensitive. */
  email: text('email').notNull().unique(),
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
  createdAt: time('created_at').notNull(),
});
export type UserRow = typeof users.$inferSelect;

/** Session tokens; only the sha256 of the token is kept, so a database leak yields no usable token. */
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
  },
  (t) => [index('tokens_user_id_idx').on(t.userId)],
);

/** One-time e-mail codes (verification or password reset), stored hashed. */
export const codes = pgTable(
  'codes',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['verify', 'reset'] }).notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
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
  (t) => [index('mailbox_to_sent_idx').on(t.toEmail, t.sentAt)],
);
