// The inventory: every manufactured device (key, product, secret) is known before a customer registers it.
// Operators import the factory's CSV (`npx tsx server/src/main.ts inventory-import devices.csv`); the demo seed
// adds a small inventory and registers one device of each product to the demo user.
import { createHmac } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { IMEI_PATTERN, IMSI_PATTERN, isProductId, offlineDeadline, PRODUCTS, withSystemTags, type ProductId } from '@paddock/shared/domain';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { devices, inventory, serverKeys, type UserRow } from '../db/schema';
import { generateSecret } from '../secrets';
import { configAfterChange } from './gateway/configSync';
import { initialFields, initialSubscription } from './representation';
import { sha256 } from './store';

export interface InventoryEntry {
  key: string;
  product: ProductId;
  secret: string;
}

export interface ParsedInventory {
  entries: InventoryEntry[];
  /** One line per refused row: `line 3: …`. */
  errors: string[];
}

const SECRET_MIN_LENGTH = 16;

/** Reads `key,product,secret` lines (a header line and blank lines are skipped); each bad row is named. */
export function parseInventoryCsv(text: string): ParsedInventory {
  const entries: InventoryEntry[] = [];
  const errors: string[] = [];
  const seen = new Set<string>();
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trim();
    const at = `line ${index + 1}`;
    if (!line || (index === 0 && /^key\s*,/i.test(line))) return;
    const [key = '', product = '', secret = '', ...extra] = line.split(',').map((cell) => cell.trim());
    if (extra.length) return errors.push(`${at}: expected 3 columns (key,product,secret), got ${extra.length + 3}`);
    if (!isProductId(product)) return errors.push(`${at}: unknown product "${product}" (one of ${Object.keys(PRODUCTS).join(', ')})`);
    const pattern = PRODUCTS[product].keyField === 'Imsi' ? IMSI_PATTERN : IMEI_PATTERN;
    if (!new RegExp(pattern).test(key)) return errors.push(`${at}: "${key}" is not a valid ${PRODUCTS[product].keyField.toUpperCase()} (15 digits)`);
    if (secret.length < SECRET_MIN_LENGTH) return errors.push(`${at}: the secret must have at least ${SECRET_MIN_LENGTH} characters`);
    if (seen.has(key)) return errors.push(`${at}: ${key} appears twice`);
    seen.add(key);
    entries.push({ key, product, secret });
  });
  return { entries, errors };
}

/** Adds the entries the inventory does not have yet (a key already known is left as it is). */
export async function importInventory(db: Db, entries: readonly InventoryEntry[], now: Date): Promise<{ added: number; known: number }> {
  if (!entries.length) return { added: 0, known: 0 };
  const added = await db
    .insert(inventory)
    .values(entries.map((entry) => ({ key: entry.key, product: entry.product, secretHash: sha256(entry.secret), createdAt: now })))
    .onConflictDoNothing()
    .returning({ key: inventory.key });
  return { added: added.length, known: entries.length - added.length };
}

// ---- Demo ------------------------------------------------------------------------------------------------------

const DEMO_PREFIX: Record<ProductId, string> = {
  'farmcam-sim': '240010000000',
  fencealarm: '350000100000',
  fencealarm2: '350000200000',
  smartplug: '350000300000',
  smartplug2: '350000400000',
};
/** Demo keys per product: number 1 is registered to the demo user, the others are free to register. */
export const DEMO_DEVICES_PER_PRODUCT = 40;
const DEMO_NAMES: Record<ProductId, string> = {
  'farmcam-sim': 'Barn camera',
  fencealarm: 'North paddock fence',
  fencealarm2: 'River meadow fence',
  smartplug: 'Calf shed heater',
  smartplug2: 'Water trough pump',
};

/** The demo key number `n` (1-based) of a product: 15 digits. */
export const demoKey = (product: ProductId, n: number) => `${DEMO_PREFIX[product]}${String(n).padStart(3, '0')}`;

const DEMO_SECRET_KEY = 'demo-device-secret';

/**
 * The secret the demo devices' secrets derive from: DEMO_DEVICE_SECRET, else a random one made by whichever instance
 * starts first and kept in server_keys (the simulator of every instance, and `npm run simulate`, read it there).
 */
export async function loadDemoDeviceSecret(db: Db, config: Pick<Config, 'demoDeviceSecret' | 'now'>): Promise<string> {
  if (config.demoDeviceSecret) return config.demoDeviceSecret;
  await db.insert(serverKeys).values({ name: DEMO_SECRET_KEY, value: generateSecret(), createdAt: config.now() }).onConflictDoNothing();
  const secret = await readDemoDeviceSecret(db);
  if (!secret) throw new Error('the demo device secret is missing from server_keys');
  return secret;
}

/** The demo device secret kept in the database, or null before the first start made it. */
export async function readDemoDeviceSecret(db: Db): Promise<string | null> {
  const [row] = await db.select({ value: serverKeys.value }).from(serverKeys).where(eq(serverKeys.name, DEMO_SECRET_KEY));
  return row?.value ?? null;
}

/** The demo inventory with secrets derived from the demo device secret, so the simulator can sign in as each device. */
export function demoInventory(source: { demoDeviceSecret: string | null }): InventoryEntry[] {
  const { demoDeviceSecret } = source;
  if (!demoDeviceSecret) throw new Error('no demo device secret: it is kept in the database (loadDemoDeviceSecret)');
  return (Object.keys(PRODUCTS) as ProductId[]).flatMap((product) =>
    Array.from({ length: DEMO_DEVICES_PER_PRODUCT }, (_, i) => {
      const key = demoKey(product, i + 1);
      return { key, product, secret: createHmac('sha256', demoDeviceSecret).update(key).digest('hex').slice(0, 32) };
    }),
  );
}

function configuredFields(product: ProductId) {
  const { fields, configVersion } = configAfterChange(product, null, initialFields(product), 0);
  return { fields, configVersion };
}

/** The secret earlier versions published as DEMO_DEVICE_SECRET's default. */
const PUBLISHED_DEMO_DEVICE_SECRET = 'paddock-demo-devices';

/**
 * Adds the demo inventory (keys already known are left alone), and moves demo devices still signing in with the
 * secrets of the published default onto this secret, so those secrets open nothing after an upgrade.
 */
export async function importDemoInventory(db: Db, demoDeviceSecret: string, now: Date): Promise<void> {
  const entries = demoInventory({ demoDeviceSecret });
  await importInventory(db, entries, now);
  if (demoDeviceSecret === PUBLISHED_DEMO_DEVICE_SECRET) return;
  const published = new Map(demoInventory({ demoDeviceSecret: PUBLISHED_DEMO_DEVICE_SECRET }).map((entry) => [entry.key, sha256(entry.secret)]));
  const rows = await db.select({ key: inventory.key, secretHash: inventory.secretHash }).from(inventory).where(inArray(inventory.key, [...published.keys()]));
  const stale = new Set(rows.filter((row) => published.get(row.key) === row.secretHash).map((row) => row.key));
  for (const entry of entries.filter((candidate) => stale.has(candidate.key))) {
    await db
      .update(inventory)
      .set({ secretHash: sha256(entry.secret) })
      .where(and(eq(inventory.key, entry.key), eq(inventory.secretHash, published.get(entry.key)!)));
  }
}

/** Registers device number 1 of each product to the demo user, when the seed has just created that user. */
export async function registerDemoDevices(db: Db, demo: Pick<UserRow, 'id' | 'email'>, now: Date): Promise<void> {
  await db
    .insert(devices)
    .values(
      (Object.keys(PRODUCTS) as ProductId[]).map((product) => ({
        key: demoKey(product, 1),
        product,
        ownerId: demo.id,
        name: DEMO_NAMES[product],
        tags: withSystemTags(product, demo.email, ['Home farm']),
        access: [demo.email],
        notify: [demo.email],
        // As a registration: a configuration to run (the broker hands it out at start), a trial, an offline deadline.
        ...configuredFields(product),
        subscription: initialSubscription(now),
        registeredAt: now,
        updatedAt: now,
        offlineAt: offlineDeadline(product, now),
      })),
    )
    .onConflictDoNothing();
}
