// Accounts every installation starts with: the admin, and (unless SEED_DEMO=off) a verified demo user with one
// device of each product and a demo inventory.
// Runs at every start and only creates what is missing; existing accounts keep their password.
import { eq } from 'drizzle-orm';
import { hashPassword } from './auth/passwords';
import type { Config } from './config';
import type { Db } from './db/client';
import { users } from './db/schema';
import { seedDemoDevices } from './devices/inventory';
import { AppError } from './http/errors';
import { findUserByEmail, insertUser } from './users';

interface SeedAccount {
  email: string;
  password: string;
  accountType: 'user' | 'admin';
  country: string;
  name: string;
}

async function ensureAccount(db: Db, account: SeedAccount, now: Date): Promise<void> {
  const existing = await findUserByEmail(db, account.email);
  if (existing) {
    if (existing.accountType !== account.accountType || !existing.verified) {
      await db.update(users).set({ accountType: account.accountType, verified: true }).where(eq(users.id, existing.id));
    }
    return;
  }
  const created = insertUser(
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
  // Another instance starting at the same moment may have created it first.
  await created.catch((error: unknown) => {
    if (!(error instanceof AppError && error.code === 'email_taken')) throw error;
  });
}

export async function seed(db: Db, config: Config): Promise<void> {
  const now = config.now();
  await ensureAccount(db, { ...config.admin, accountType: 'admin', country: 'GB', name: 'Paddock Admin' }, now);
  if (config.demo) {
    await ensureAccount(db, { ...config.demo, accountType: 'user', country: 'SE', name: 'Demo Farmer' }, now);
    await seedDemoDevices(db, config);
  }
}
