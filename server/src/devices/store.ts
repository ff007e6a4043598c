// Device rows: inventory lookups, the devices a user sees, and changes that bump the ETag clock.
import { createHash } from 'node:crypto';
import { eq, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { devices, inventory, users, type DeviceRow, type InventoryRow } from '../db/schema';
import type { DeviceWithOwner } from './representation';

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export async function findInventory(db: Db, key: string): Promise<InventoryRow | undefined> {
  const [row] = await db.select().from(inventory).where(eq(inventory.key, key));
  return row;
}

const withOwner = { device: devices, ownerEmail: users.email };
const flatten = (row: { device: DeviceRow; ownerEmail: string }): DeviceWithOwner => ({ ...row.device, ownerEmail: row.ownerEmail });

export async function findDevice(db: Db, key: string): Promise<DeviceWithOwner | undefined> {
  const [row] = await db.select(withOwner).from(devices).innerJoin(users, eq(users.id, devices.ownerId)).where(eq(devices.key, key));
  return row && flatten(row);
}

/** Every device the user owns or is in the Access list of, in one query (the GIN index serves the Access test). */
export async function devicesOf(db: Db, user: { id: string; email: string }): Promise<DeviceWithOwner[]> {
  const rows = await db
    .select(withOwner)
    .from(devices)
    .innerJoin(users, eq(users.id, devices.ownerId))
    .where(or(eq(devices.ownerId, user.id), sql`${devices.access} @> ${JSON.stringify([user.email])}::jsonb`))
    .orderBy(devices.key);
  return rows.map(flatten);
}

/** A weak validator for a list: changes when any device in it changes, or one joins or leaves it. */
export function listEtag(rows: readonly DeviceWithOwner[]): string {
  const digest = sha256(rows.map((row) => `${row.key}@${row.updatedAt.getTime()}:${row.ownerEmail}`).join('|'));
  return `W/"${digest.slice(0, 32)}"`;
}

export async function insertDevice(db: Db, row: DeviceRow): Promise<void> {
  await db.insert(devices).values(row);
}

export async function updateDevice(db: Db, key: string, changes: Partial<DeviceRow>, now: Date): Promise<void> {
  await db
    .update(devices)
    .set({ ...changes, updatedAt: now })
    .where(eq(devices.key, key));
}

export async function deleteDevice(db: Db, key: string): Promise<void> {
  await db.delete(devices).where(eq(devices.key, key));
}
