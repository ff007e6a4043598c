// The renewal job over 10,000 due subscriptions (docs/architecture/README.md#budgets): how long one run takes and
// how many charges it makes — exactly one per device. Run on the database directly, while no server holds it.
import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { BUILTIN_CATALOGUE } from '../server/src/billing/catalogue';
import { localPaymentProvider } from '../server/src/billing/payments';
import { renewDueSubscriptions } from '../server/src/billing/renewals';
import { insertDueDevices } from '../server/src/billing/testing';
import type { Database } from '../server/src/db/client';
import { users } from '../server/src/db/schema';
import type { Row } from './benchRows';

const DUE = 10_000;

export async function renewalRows(database: Database, label: string): Promise<Row[]> {
  const { db } = database;
  const now = new Date();
  const owner = { id: randomUUID(), email: `renewals-${Date.now()}@bench.paddock.test` };
  await db.insert(users).values({ ...owner, customerId: `cus_${owner.id}`, passwordHash: 'not-a-password', country: 'DE', createdAt: now });
  const price = BUILTIN_CATALOGUE.SmartplugMonth;
  await insertDueDevices(db, {
    owner,
    product: 'smartplug',
    count: DUE,
    keyPrefix: 'bench-renewal-',
    subscription: {
      Trialing: false,
      ExpiresAt: new Date(now.getTime() - 60_000).toISOString(),
      PriceIds: { Current: price.Id, Next: price.Id },
    },
    now,
  });
  const log = pino({ level: 'silent' });
  const mailer = { send: async () => undefined };
  const started = performance.now();
  const run = await renewDueSubscriptions({ db, payments: localPaymentProvider(() => new Date()), mailer, now: () => new Date(), log });
  const seconds = (performance.now() - started) / 1000;
  const [{ count }] = await database.withConnection((c) =>
    // As plans.ts renewalChargeKey writes it: renewal:{ownerId}:{product}:{key}:{expiresAt}.
    c.query<{ count: string }>(`SELECT count(*) FROM payments WHERE idempotency_key LIKE $1`, [`renewal:${owner.id}:smartplug:bench-renewal-%`]),
  );
  const charged = Number(count);
  return [
    {
      what: `renewal job, ${DUE.toLocaleString('en')} due subscriptions, one run, ${label}`,
      value: `${seconds.toFixed(1)} s (${(DUE / seconds).toFixed(0)}/s), ${charged.toLocaleString('en')} charges, ${run.renewed.toLocaleString('en')} renewed`,
      budget: `exactly ${DUE.toLocaleString('en')} charges, all renewed`,
      ok: charged === DUE && run.renewed === DUE,
    },
  ];
}
