// User accounts: storage and the wire representation (docs/product/devices.md).
import { randomBytes, randomUUID } from 'node:crypto';
import type { User } from '@paddock/shared/contract';
import { isLocale, FALLBACK_LOCALE } from '@paddock/shared/domain';
import { desc, eq } from 'drizzle-orm';
import { isUniqueViolation, type Db } from '../db/client';
import { pendingSignUps, users, type PendingSignUpRow, type UserRow } from '../db/schema';
import { conflict } from '../http/errors';

export function toUser(row: UserRow): User {
  return {
    Id: row.id,
    CustomerId: row.customerId,
    AccountType: row.accountType,
    Email: row.email,
    Phone: row.phone,
    Locale: isLocale(row.locale) ? row.locale : FALLBACK_LOCALE,
    Country: row.country,
    Verified: row.verified,
    ...(row.pendingEmail ? { PendingEmail: row.pendingEmail } : {}),
    Name: row.name,
    Addr1: row.addr1,
    Addr2: row.addr2,
    PostalCode: row.postalCode,
    Town: row.town,
    Vatin: row.vatin,
    EmailNotifications: { Billing: row.emailBilling, Device: row.emailDevice, Marketing: row.emailMarketing },
    PushNotifications: { Enabled: row.pushEnabled, Tokens: row.pushTokens },
    SmsNotifications: { Enabled: row.smsEnabled, Balance: row.smsBalance },
    EnergyPrice:
      row.energyPricePerKwh !== null && row.energyPriceCurrency !== null
        ? { PerKwh: row.energyPricePerKwh, Currency: row.energyPriceCurrency }
        : null,
    Location: row.latitude !== null && row.longitude !== null ? { Latitude: row.latitude, Longitude: row.longitude } : null,
  };
}

/** The local payment provider's customer id (a real provider's id replaces it later). */
const newCustomerId = () => `cus_${randomBytes(9).toString('base64url')}`;

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row;
}

/** The accounts waiting to switch to this address (several may ask; the first to confirm gets it). */
export async function findUsersByPendingEmail(db: Db, email: string): Promise<UserRow[]> {
  return db.select().from(users).where(eq(users.pendingEmail, email)).orderBy(users.id);
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export type NewUser = Omit<typeof users.$inferInsert, 'id' | 'customerId' | 'createdAt'>;

/** Inserts an account; 409 email_taken when the (normalized) e-mail is in use. */
export async function insertUser(db: Db, values: NewUser, now: Date): Promise<UserRow> {
  try {
    const [row] = await db
      .insert(users)
      .values({ ...values, id: randomUUID(), customerId: newCustomerId(), createdAt: now })
      .returning();
    return row;
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('email_taken', 'Email');
    throw error;
  }
}

/** Updates an account and returns it; 409 email_taken when a new e-mail is in use. */
export async function updateUser(db: Db, id: string, values: Partial<NewUser>): Promise<UserRow | undefined> {
  try {
    const [row] = await db.update(users).set(values).where(eq(users.id, id)).returning();
    return row;
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('email_taken', 'Email');
    throw error;
  }
}

/**
 * At most this many sign-ups wait for one address; a newer one drops the oldest (and its code). With more than one
 * waiting, a code confirms only with the password chosen at sign-up (users/verification.ts), so a dropped owner is told
 * to sign up again rather than confirming an intruder's sign-up.
 */
export const PENDING_SIGN_UPS_MAX = 3;

export type SignUp = Omit<PendingSignUpRow, 'id' | 'userId' | 'createdAt'>;

/** Keeps a sign-up for an unverified account, with its own password and details, until a code mailed for it is used. */
export async function addPendingSignUp(db: Db, userId: string, signUp: SignUp, now: Date): Promise<PendingSignUpRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(pendingSignUps)
      .values({ ...signUp, id: randomUUID(), userId, createdAt: now })
      .returning();
    const others = (await findPendingSignUps(tx, userId)).filter((other) => other.id !== row.id);
    for (const { id } of others.slice(PENDING_SIGN_UPS_MAX - 1)) await tx.delete(pendingSignUps).where(eq(pendingSignUps.id, id));
    return row;
  });
}

/** The sign-ups waiting for the account, newest first. */
export async function findPendingSignUps(db: Db, userId: string): Promise<PendingSignUpRow[]> {
  return db
    .select()
    .from(pendingSignUps)
    .where(eq(pendingSignUps.userId, userId))
    .orderBy(desc(pendingSignUps.createdAt), desc(pendingSignUps.id));
}
