// Devices with a subscription due for renewal, written straight into the database: for the renewal tests and the
// renewal bench (scripts/benchRenewals.ts), which need more devices than the demo inventory holds.
import type { ProductId } from '@paddock/shared/domain';
import type { Db } from '../db/client';
import { devices, inventory, type DeviceSubscription } from '../db/schema';
import { initialFields } from '../devices/representation';

/** Rows per INSERT: well below PostgreSQL's 65,535 bind parameters. */
const CHUNK = 500;

export interface DueDevices {
  owner: { id: string; email: string };
  product: ProductId;
  count: number;
  /** Keys are `${keyPrefix}${n}`; unique per call. */
  keyPrefix: string;
  subscription: DeviceSubscription;
  now: Date;
}

/** Inserts `count` registered devices (inventory and device rows) with the given subscription; returns their keys. */
export async function insertDueDevices(db: Db, due: DueDevices): Promise<string[]> {
  const keys = Array.from({ length: due.count }, (_, i) => `${due.keyPrefix}${String(i + 1).padStart(6, '0')}`);
  for (let start = 0; start < keys.length; start += CHUNK) {
    const chunk = keys.slice(start, start + CHUNK);
    await db.insert(inventory).values(chunk.map((key) => ({ key, product: due.product, secretHash: 'not-a-device', createdAt: due.now })));
    await db.insert(devices).values(
      chunk.map((key, i) => ({
        key,
        product: due.product,
        ownerId: due.owner.id,
        name: `Renewal ${start + i + 1}`,
        access: [due.owner.email],
        notify: [due.owner.email],
        fields: initialFields(due.product),
        subscription: due.subscription,
        registeredAt: due.now,
        updatedAt: due.now,
      })),
    );
  }
  return keys;
}
