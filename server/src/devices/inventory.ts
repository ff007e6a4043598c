// The inventory: every manufactured device (key, product, secret) is known before a customer registers it.
// Operators import the factory's CSV (`node server/dist/main.js inventory-import devices.csv`, after `npm run build`); the demo seed
// adds a small inventory and registers one device of each product to the demo user.
import { createHmac } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { and, eq, inArray } from 'drizzle-orm';
import { IMEI_PATTERN, IMSI_PATTERN, isProductId, offlineDeadline, PRODUCTS, withSystemTags, type ProductId } from '@paddock/shared/domain';
import type { Config } from '../config';
import { sha256 } from '../crypto';
import type { Db } from '../db/client';
import { devices, inventory, serverKeys, type UserRow } from '../db/schema';
import { generateSecret } from '../secrets';
import { configAfterChange } from './gateway/configSync';
import { SERVER_PRODUCTS } from './products';
import { initialFields, initialSubscription } from './representation';

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

/**
 * Reads `key,product,secret` rows (a header row and blank lines are skipped); each bad row is named. csv-parse reads
 * quoted fields and drops the byte-order mark Excel puts before UTF-8.
 */
export function parseInventoryCsv(text: string): ParsedInventory {
  const entries: InventoryEntry[] = [];
  const problems: { line: number; text: string }[] = [];
  const seen = new Set<string>();
  const rows: { record: string[]; line: number }[] = [];
  parse(text, {
    bom: true,
    trim: true,
    record_delimiter: ['\r\n', '\n'],
    skip_empty_lines: true,
    skip_records_with_empty_values: true,
    relax_column_count: true,
    skip_records_with_error: true,
    on_skip: (error) => {
      if (error) problems.push({ line: Number(error.lines), text: error.message });
      return undefined;
    },
    on_record: (record, context) => {
      rows.push({ record, line: context.lines });
      return null;
    },
  });
  for (const { record, line } of rows) {
    const refuse = (problem: string) => problems.push({ line, text: problem });
    if (line === 1 && /^key$/i.test(record[0])) continue;
    const [key = '', product = '', secret = '', ...extra] = record;
    if (extra.length) refuse(`expected 3 columns (key,product,secret), got ${record.length}`);
    else if (!isProductId(product)) refuse(`unknown product "${product}" (one of ${Object.keys(PRODUCTS).join(', ')})`);
    else if (!new RegExp(PRODUCTS[product].keyField === 'Imsi' ? IMSI_PATTERN : IMEI_PATTERN).test(key)) {
      refuse(`"${key}" is not a valid ${PRODUCTS[product].keyField.toUpperCase()} (15 digits)`);
    } else if (secret.length < SECRET_MIN_LENGTH) refuse(`the secret must have at least ${SECRET_MIN_LENGTH} characters`);
    else if (seen.has(key)) refuse(`${key} appears twice`);
    else {
      seen.add(key);
      entries.push({ key, product, secret });
    }
  }
  const errors = problems.sort((a, b) => a.line - b.line).map((problem) => `line ${problem.line}: ${problem.text}`);
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

/** Demo keys per product: number 1 is registered to the demo user, the others are free to register. */
export const DEMO_DEVICES_PER_PRODUCT = 60;

/** The demo key number `n` (1-based) of a product: 15 digits. */
export const demoKey = (product: ProductId, n: number) => `${SERVER_PRODUCTS[product].demo.keyPrefix}${String(n).padStart(3, '0')}`;

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
export function registerDemoDevices(db: Db, demo: Pick<UserRow, 'id' | 'email'>, now: Date, trialDays?: number): Promise<void> {
  const entries = (Object.keys(PRODUCTS) as ProductId[]).map((product) => ({ key: demoKey(product, 1), product }));
  return registerInventoryDevices(db, demo, entries, now, trialDays);
}

/** Registers these inventory devices to `owner` as a registration does (the seed; tests that need a whole fleet). */
export async function registerInventoryDevices(
  db: Db,
  owner: Pick<UserRow, 'id' | 'email'>,
  entries: readonly { key: string; product: ProductId }[],
  now: Date,
  trialDays?: number,
): Promise<void> {
  await db
    .insert(devices)
    .values(
      entries.map(({ key, product }) => ({
        key,
        product,
        ownerId: owner.id,
        name: SERVER_PRODUCTS[product].demo.name,
        tags: withSystemTags(product, owner.email, ['Home farm']),
        access: [owner.email],
        notify: [owner.email],
        // As a registration: a configuration to run (the broker hands it out at start), a trial, an offline deadline.
        ...configuredFields(product),
        subscription: initialSubscription(now, trialDays),
        registeredAt: now,
        updatedAt: now,
        offlineAt: offlineDeadline(product, now),
      })),
    )
    .onConflictDoNothing();
}
