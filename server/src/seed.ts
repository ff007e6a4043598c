// Accounts every installation starts with: the admin, and (unless SEED_DEMO=off) a verified demo user with one
// device of each product and a demo inventory.
// Runs at every start and only creates what is missing. An account is never promoted, verified or changed here:
// the admin is created only while no admin exists, so an address an admin gave up hands out nothing.
import { eq, or } from 'drizzle-orm';
import { hashPassword, verifyPassword } from './auth';
import { CONFIG_DOCS, type Config } from './config';
import type { Db } from './db/client';
import { tokens, users, type UserRow } from './db/schema';
import { importDemoInventory, loadDemoDeviceSecret, registerDemoDevices } from './devices';
import { AppError } from './http/errors';
import { generateSecret, PUBLISHED_SECRETS } from './secrets';
import { findUserByEmail, insertUser } from './users';

interface SeedAccount {
  email: string;
  password: string;
  accountType: 'user' | 'admin';
  country: string;
  name: string;
}

/** Passwords the seed generated on this start: shown once, in the start banner. */
export interface SeedResult {
  generated: { admin?: string; demo?: string };
}

/** Creates the account; null when its address is taken (by anyone, possibly an instance starting beside us). */
async function createAccount(db: Db, account: SeedAccount, now: Date): Promise<UserRow | null> {
  try {
    return await insertUser(
      db,
      {
        email: account.email,
        passwordHash: await hashPassword(account.password),
        accountType: account.accountType,
        verified: true,
        country: account.country,
        locale: 'en-GB',
        name: account.name,
      },
      now,
    );
  } catch (error) {
    if (error instanceof AppError && error.code === 'email_taken') return null;
    throw error;
  }
}

const adminExists = async (db: Db) =>
  (await db.select({ id: users.id }).from(users).where(eq(users.accountType, 'admin')).limit(1)).length > 0;

/** Creates the admin when there is none; returns the password when it was generated here. */
async function ensureAdmin(db: Db, config: Config, now: Date): Promise<string | undefined> {
  if (await adminExists(db)) return undefined;
  if (config.production && !config.admin.password) {
    throw new Error('ADMIN_PASSWORD must be set for the first start with NODE_ENV=production (it creates the admin account)');
  }
  const password = config.admin.password ?? generateSecret();
  const account = { email: config.admin.email, password, accountType: 'admin', country: 'GB', name: 'Paddock Admin' } as const;
  if (await createAccount(db, account, now)) return config.admin.password ? undefined : password;
  if (await adminExists(db)) return undefined; // another instance created it just now
  throw new Error(
    `No admin account exists and ADMIN_EMAIL ${config.admin.email} belongs to an ordinary account, which is never made admin; set ADMIN_EMAIL to a free address`,
  );
}

/**
 * Production refuses accounts an earlier version seeded with a password its README published: the admin's is
 * replaced by ADMIN_PASSWORD (the demo user's by DEMO_PASSWORD) when set, any other such account stops the start.
 */
async function replacePublishedPasswords(db: Db, config: Config): Promise<void> {
  // With SEED_DEMO off the demo account may still be there from the days it was on, under the default address.
  const demoEmail = config.demo?.email ?? CONFIG_DOCS.find((doc) => doc.name === 'DEMO_EMAIL')!.default;
  const accounts = await db
    .select()
    .from(users)
    .where(or(eq(users.accountType, 'admin'), eq(users.email, demoEmail)));
  for (const account of accounts) {
    const published = await someAsync(PUBLISHED_SECRETS, (secret) => verifyPassword(account.passwordHash, secret));
    if (!published) continue;
    const replacement = account.email === config.admin.email ? config.admin.password : account.email === config.demo?.email ? config.demo.password : null;
    const variable = account.accountType === 'admin' ? 'ADMIN_PASSWORD' : 'DEMO_PASSWORD';
    if (!replacement) {
      throw new Error(`The account ${account.email} still has a password an earlier README published; set ${variable} for it (NODE_ENV=production)`);
    }
    await db.update(users).set({ passwordHash: await hashPassword(replacement) }).where(eq(users.id, account.id));
    await db.delete(tokens).where(eq(tokens.userId, account.id));
  }
}

async function someAsync<T>(items: readonly T[], test: (item: T) => Promise<boolean>): Promise<boolean> {
  for (const item of items) if (await test(item)) return true;
  return false;
}

export async function seed(db: Db, config: Config): Promise<SeedResult> {
  const now = config.now();
  if (config.production) await replacePublishedPasswords(db, config);
  const generated: SeedResult['generated'] = { admin: await ensureAdmin(db, config, now) };
  if (config.demo) {
    await importDemoInventory(db, await loadDemoDeviceSecret(db, config), now);
    // Whoever holds the demo address already (the demo user, or someone who took it over) is left as they are.
    if (!(await findUserByEmail(db, config.demo.email))) {
      const password = config.demo.password ?? generateSecret();
      const account = { email: config.demo.email, password, accountType: 'user', country: 'SE', name: 'Demo Farmer' } as const;
      const demo = await createAccount(db, account, now);
      if (demo) {
        if (!config.demo.password) generated.demo = password;
        await registerDemoDevices(db, demo, now, config.registrationTrialDays);
      }
    }
  }
  return { generated };
}
