// Transfer offer rows (migration 0021): one open offer per device, replaced by a newer one, gone once answered,
// withdrawn, or with the device or the account that made it.
import { and, eq, gt } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { Transfer } from '@paddock/shared/contract';
import type { ProductId } from '@paddock/shared/domain';
import type { Db } from '../db/client';
import { devices, deviceTransfers, users, type DeviceTransferRow } from '../db/schema';

/** An offer with what its two sides are shown: the device and the owner who made it. */
export interface TransferView extends DeviceTransferRow {
  product: string;
  deviceName: string;
  fromName: string;
  fromEmail: string;
}

export function toTransfer(row: TransferView): Transfer {
  return {
    Id: row.id,
    Device: { Product: row.product as ProductId, Key: row.deviceKey, Name: row.deviceName },
    From: { Name: row.fromName, Email: row.fromEmail },
    To: row.toEmail,
    OfferedAt: row.offeredAt.toISOString(),
    ExpiresAt: row.expiresAt.toISOString(),
  };
}

/**
 * Makes the device's offer, replacing an older one (whose link then stops working: the new one has a new id). Under the
 * device's row lock, as accept takes it: undefined when the device is gone or no longer `fromUserId`'s (accepted or
 * unregistered meanwhile), so no offer is made from someone who no longer owns the device.
 */
export async function saveOffer(db: Db, offer: Omit<DeviceTransferRow, 'id'>): Promise<DeviceTransferRow | undefined> {
  const row = { id: randomUUID(), ...offer };
  return db.transaction(async (tx) => {
    if (!(await lockOwnedDevice(tx, offer.deviceKey, offer.fromUserId))) return undefined;
    await tx
      .insert(deviceTransfers)
      .values(row)
      .onConflictDoUpdate({
        target: deviceTransfers.deviceKey,
        set: { id: row.id, fromUserId: row.fromUserId, toEmail: row.toEmail, offeredAt: row.offeredAt, expiresAt: row.expiresAt },
      });
    return row;
  });
}

/** Locks the device row (FOR UPDATE, the lock accept holds); true when it exists and `ownerId` still owns it. */
async function lockOwnedDevice(tx: Db, deviceKey: string, ownerId: string): Promise<boolean> {
  const [device] = await tx.select({ ownerId: devices.ownerId }).from(devices).where(eq(devices.key, deviceKey)).for('update');
  return device?.ownerId === ownerId;
}

const viewColumns = {
  offer: deviceTransfers,
  product: devices.product,
  deviceName: devices.name,
  fromName: users.name,
  fromEmail: users.email,
};
type ViewRow = { offer: DeviceTransferRow; product: string; deviceName: string; fromName: string; fromEmail: string };
const flatten = ({ offer, ...rest }: ViewRow): TransferView => ({ ...offer, ...rest });

const viewQuery = (db: Db) =>
  db
    .select(viewColumns)
    .from(deviceTransfers)
    .innerJoin(devices, eq(devices.key, deviceTransfers.deviceKey))
    .innerJoin(users, eq(users.id, deviceTransfers.fromUserId));

export async function findOffer(db: Db, id: string): Promise<TransferView | undefined> {
  const [row] = await viewQuery(db).where(eq(deviceTransfers.id, id));
  return row && flatten(row);
}

/** The open (unexpired) offers to an address, and those made by an account, oldest first. */
export async function openOffers(
  db: Db,
  now: Date,
  user: { id: string; email: string },
): Promise<{ incoming: TransferView[]; outgoing: TransferView[] }> {
  const open = gt(deviceTransfers.expiresAt, now);
  const [incoming, outgoing] = [
    await viewQuery(db)
      .where(and(eq(deviceTransfers.toEmail, user.email), open))
      .orderBy(deviceTransfers.offeredAt),
    await viewQuery(db)
      .where(and(eq(deviceTransfers.fromUserId, user.id), open))
      .orderBy(deviceTransfers.offeredAt),
  ];
  return { incoming: incoming.map(flatten), outgoing: outgoing.map(flatten) };
}

/** Deletes the offer with this id; false when there was none. */
export async function deleteOffer(db: Db, id: string): Promise<boolean> {
  return (await db.delete(deviceTransfers).where(eq(deviceTransfers.id, id)).returning({ id: deviceTransfers.id })).length > 0;
}

/**
 * Withdraws the device's offer, if it has one, under the device's row lock: false (nothing withdrawn) when the device
 * is gone or no longer `ownerId`'s, e.g. an accept handed it over while the withdrawal waited for the lock.
 */
export async function withdrawOffer(db: Db, deviceKey: string, ownerId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await lockOwnedDevice(tx, deviceKey, ownerId))) return false;
    await tx.delete(deviceTransfers).where(eq(deviceTransfers.deviceKey, deviceKey));
    return true;
  });
}
