// Cheap, fresh fixtures for the security tests, which need hundreds: accounts share one password hash, tokens are
// issued directly (no sign-in, no argon2), devices come from keys added to the inventory for the purpose.
import { randomBytes } from 'node:crypto';
import { offlineDeadline, withSystemTags, type ProductId } from '@paddock/shared/domain';
import { hashPassword } from '../auth/passwords';
import { issueToken } from '../auth/tokens';
import { importInventory } from '../devices/inventory';
import { configAfterChange } from '../devices/gateway/configSync';
import { initialFields, initialSubscription } from '../devices/representation';
import { insertDevice } from '../devices/store';
import { findUserByEmail, insertUser } from '../users/store';
import type { TestApp } from '../testing/testApp';

export interface Person {
  id: string;
  email: string;
  password: string;
  token: string;
}

const PASSWORD = 'correct-horse-battery';
let passwordHash: Promise<string> | undefined;
let keyCount = 0;

/** A fresh bearer token of the user. */
export async function tokenOf(t: TestApp, userId: string): Promise<string> {
  return (await issueToken(t.database.db, userId, t.config.now(), t.config.tokenTtlHours)).String;
}

/** A fresh verified account, signed in. */
export async function person(t: TestApp, label = 'user'): Promise<Person> {
  passwordHash ??= hashPassword(PASSWORD);
  const email = `${label}-${randomBytes(4).toString('hex')}@example.com`;
  const row = await insertUser(t.database.db, { email, country: 'SE', verified: true, passwordHash: await passwordHash }, t.config.now());
  return { id: row.id, email, password: PASSWORD, token: await tokenOf(t, row.id) };
}

/** The seeded admin, with a fresh token. */
export async function admin(t: TestApp): Promise<Person> {
  const row = await findUserByEmail(t.database.db, t.config.admin.email);
  if (!row) throw new Error(`no admin ${t.config.admin.email} was seeded`);
  return { id: row.id, email: row.email, password: '', token: await tokenOf(t, row.id) };
}

/** A key the inventory has for the product and nobody registered. */
export async function freeKey(t: TestApp, product: ProductId): Promise<string> {
  keyCount += 1;
  const key = String(700_000_000_000_000 + keyCount * 1000 + Math.floor(Math.random() * 1000));
  await importInventory(t.database.db, [{ key, product, secret: randomBytes(16).toString('hex') }], t.config.now());
  return key;
}

const nestsMetadata = (product: ProductId) => product === 'fencealarm2' || product === 'smartplug2';

/** A body that sets a device's metadata, in the product's shape (flat, or under Metadata). */
export const metadataBody = (product: ProductId, metadata: Record<string, unknown>) => (nestsMetadata(product) ? { Metadata: metadata } : metadata);

/** A body that chooses the device's next plan, in the product's shape. */
export const planBody = (product: ProductId, priceId: string) => (nestsMetadata(product) ? { Subscription: { PriceId: priceId } } : { PriceId: priceId });

/** A new device of the product, registered to the owner (as the registration route does) and shared with `sharedWith`; its key. */
export async function device(t: TestApp, owner: Person, product: ProductId, sharedWith: Person[] = []): Promise<string> {
  const key = await freeKey(t, product);
  const now = t.config.now();
  const { fields, configVersion } = configAfterChange(product, null, initialFields(product), 0);
  // Straight into the database: registration has its own tests, and through the API it is slow enough to matter here.
  await insertDevice(t.database.db, {
    key,
    product,
    ownerId: owner.id,
    name: 'Fixture',
    tags: withSystemTags(product, owner.email, []),
    access: [owner.email, ...sharedWith.map((user) => user.email)],
    notify: [owner.email],
    fields,
    configVersion,
    subscription: initialSubscription(now),
    registeredAt: now,
    updatedAt: now,
    offlineAt: offlineDeadline(product, now),
  });
  return key;
}
