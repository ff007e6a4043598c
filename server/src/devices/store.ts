// Device rows: inventory lookups, the devices a user sees, and changes that bump the ETag clock.
import { and, eq, or, sql } from 'drizzle-orm';
import { sameSecret, sha256 } from '../crypto';
import type { Db } from '../db/client';
import { devices, inventory, users, type DeviceRow, type InventoryRow, type NewDeviceRow } from '../db/schema';
import type { DeviceWithOwner } from './representation';

export async function findInventory(db: Db, key: string): Promise<InventoryRow | undefined> {
  const [row] = await db.select().from(inventory).where(eq(inventory.key, key));
  return row;
}

const withOwner = { device: devices, ownerEmail: users.email };
const flatten = (row: { device: DeviceRow; ownerEmail: string }): DeviceWithOwner => ({ ...row.device, ownerEmail: row.ownerEmail });

/**
 * Whether a device may sign in to the broker with this secret: its key is in the inventory and the sha256 of the
 * secret matches, compared in constant time (an unknown key costs the same comparison).
 */
export async function checkDeviceSecret(db: Db, key: string, secret: string): Promise<boolean> {
  const row = key && secret ? await findInventory(db, key) : undefined;
  return sameSecret(row?.secretHash ?? '0'.repeat(64), sha256(secret)) && row !== undefined;
}

/** The registered device's product, or undefined: the one cheap look-up an uplink from an unregistered device costs. */
export async function registeredProduct(db: Db, key: string): Promise<string | undefined> {
  const [row] = await db.select({ product: devices.product }).from(devices).where(eq(devices.key, key));
  return row?.product;
}

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

/** Registers a device; false when the key is registered already (a concurrent registration won: no unique violation). */
export async function insertDevice(db: Db, row: NewDeviceRow): Promise<boolean> {
  const inserted = await db.insert(devices).values(row).onConflictDoNothing({ target: devices.key }).returning({ key: devices.key });
  return inserted.length > 0;
}

/** The columns a change may set (the key, product and registration stay). */
export type DeviceChange = Partial<Omit<DeviceRow, 'key' | 'product' | 'registeredAt' | 'updatedAt'>>;

/** What the representation is made of: when one of these changes, updatedAt (the ETag) moves. */
const VISIBLE: readonly (keyof DeviceChange)[] = ['ownerId', 'name', 'tags', 'access', 'notify', 'fields', 'subscription', 'offline'];
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Read-modify-write of one device under a row lock (SELECT … FOR UPDATE), so the gateway, the sweep and the API
 * never overwrite each other's changes to the JSON fields, on one server or several. `change` gets the current
 * row (and may read more with `tx`, or throw to change nothing) and returns the columns to set (null: nothing); `alsoDo` runs in the same transaction with the row before
 * and those columns (alarm notifications compare them). updatedAt moves only
 * when something the API shows changed, and always forwards, so the ETag changes. Inside, only `tx` may be used.
 * Returns the row as it is afterwards, or undefined when the device is not registered.
 */
export async function changeDevice(
  db: Db,
  key: string,
  now: Date,
  change: (row: DeviceRow, tx: Db) => DeviceChange | null | Promise<DeviceChange | null>,
  alsoDo?: (tx: Db, row: DeviceRow, changes: DeviceChange | null) => Promise<void>,
): Promise<DeviceRow | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(devices).where(eq(devices.key, key)).for('update');
    if (!row) return undefined;
    const changes = await change(row, tx);
    if (alsoDo) await alsoDo(tx, row, changes);
    if (!changes) return row;
    const differs = (Object.keys(changes) as (keyof DeviceChange)[]).filter((column) => !same(changes[column], row[column]));
    if (!differs.length) return row;
    // Connection.LastSeenAt (docs/product/devices.md) moves the ETag on the first report only: later messages would
    // change it every few seconds; it is current whenever Offline changes, which is when the cards show it.
    const firstReport = differs.includes('lastSeenAt') && row.lastSeenAt === null;
    const visible = firstReport || differs.some((column) => VISIBLE.includes(column));
    const updatedAt = visible ? new Date(Math.max(now.getTime(), row.updatedAt.getTime() + 1)) : row.updatedAt;
    const next = { ...row, ...changes, updatedAt };
    await tx
      .update(devices)
      .set({ ...changes, updatedAt })
      .where(eq(devices.key, key));
    return next;
  });
}

/** Unregisters a device (only if `ownerId` still owns it, when given); false when nothing was deleted. */
export async function deleteDevice(db: Db, key: string, ownerId?: string): Promise<boolean> {
  const deleted = await db
    .delete(devices)
    .where(ownerId === undefined ? eq(devices.key, key) : and(eq(devices.key, key), eq(devices.ownerId, ownerId)))
    .returning({ key: devices.key });
  return deleted.length > 0;
}
