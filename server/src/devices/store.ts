// Device rows: inventory lookups, the devices a user sees, and changes that move updatedAt (the list version is the triggers' in 0016).
import { and, eq, or, sql } from 'drizzle-orm';
import { sameSecret, sha256 } from '../crypto';
import type { Db } from '../db/client';
import { devices, inventory, users, type DeviceRow, type InventoryRow, type NewDeviceRow } from '../db/schema';
import { withLiveValues, withLiveValuesOf } from './liveValues';
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

export async function findDevice(db: Db, key: string): Promise<DeviceWithOwner | undefined> {
  const [row] = await db.select(withOwner).from(devices).innerJoin(users, eq(users.id, devices.ownerId)).where(eq(devices.key, key));
  return withLiveValuesOf(db, row && flatten(row));
}

/**
 * `devicesOf` by user id alone, prepared once: the user's e-mail is looked up inside the same query, so the list
 * costs one round trip, and one more for the live values of devices whose newest reading is not in their fields
 * (devices/routes.ts, devices/liveValues.ts).
 */
export function devicesOfReader(db: Db): (userId: string) => Promise<DeviceWithOwner[]> {
  const userId = sql.placeholder('userId');
  const query = db
    .select(withOwner)
    .from(devices)
    .innerJoin(users, eq(users.id, devices.ownerId))
    .where(
      or(
        eq(devices.ownerId, userId),
        sql`${devices.access} @> jsonb_build_array((SELECT u.email FROM ${users} u WHERE u.id = ${userId}))`,
      ),
    )
    .orderBy(devices.key)
    .prepare('devices_of_user');
  return async (id) => withLiveValues(db, ((await query.execute({ userId: id })) as { device: DeviceRow; ownerEmail: string }[]).map(flatten));
}

/** Registers a device; false when the key is registered already (a concurrent registration won: no unique violation). */
export async function insertDevice(db: Db, row: NewDeviceRow): Promise<boolean> {
  const inserted = await db.insert(devices).values(row).onConflictDoNothing({ target: devices.key }).returning({ key: devices.key });
  return inserted.length > 0;
}

/** The columns a change may set (the key, product and registration stay). */
export type DeviceChange = Partial<Omit<DeviceRow, 'key' | 'product' | 'registeredAt' | 'updatedAt'>>;

/** What the representation is made of: when one of these changes, updatedAt (the ETag) moves. */
// renewalAttempts: the owner sees a declined renewal (representation.ts renewalOf).
const VISIBLE: readonly (keyof DeviceChange)[] = ['ownerId', 'name', 'tags', 'access', 'notify', 'fields', 'subscription', 'offline', 'renewalAttempts'];
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
    const [locked] = await tx.select().from(devices).where(eq(devices.key, key)).for('update');
    if (!locked) return undefined;
    // With its live values, so the fields written back hold them (devices/liveValues.ts).
    const row = await withLiveValuesOf(tx, locked);
    const changes = await change(row, tx);
    if (alsoDo) await alsoDo(tx, row, changes);
    const next = changedRow(row, changes, now);
    if (next === row) return row;
    await tx
      .update(devices)
      .set({ ...changes, updatedAt: next.updatedAt })
      .where(eq(devices.key, key));
    return next;
  });
}

/**
 * The row after `changes` (the same row when nothing differs); updatedAt moves forward when something the API shows
 * changed. The gateway's batches apply several changes to one row in memory with it (gateway/ingest.ts).
 */
export function changedRow(row: DeviceRow, changes: DeviceChange | null, now: Date): DeviceRow {
  if (!changes) return row;
  const differs = (Object.keys(changes) as (keyof DeviceChange)[]).filter((column) => !same(changes[column], row[column]));
  if (!differs.length) return row;
  // Connection.LastSeenAt (docs/product/devices.md) moves the ETag on the first report only: later messages would
  // change it every few seconds; it is current whenever Offline changes, which is when the cards show it.
  const firstReport = differs.includes('lastSeenAt') && row.lastSeenAt === null;
  const visible = firstReport || differs.some((column) => VISIBLE.includes(column));
  const updatedAt = visible ? new Date(Math.max(now.getTime(), row.updatedAt.getTime() + 1)) : row.updatedAt;
  return { ...row, ...changes, updatedAt };
}

/** Unregisters a device (only if `ownerId` still owns it, when given); false when nothing was deleted. */
export async function deleteDevice(db: Db, key: string, ownerId?: string): Promise<boolean> {
  const deleted = await db
    .delete(devices)
    .where(ownerId === undefined ? eq(devices.key, key) : and(eq(devices.key, key), eq(devices.ownerId, ownerId)))
    .returning({ key: devices.key });
  return deleted.length > 0;
}
