// Each per-product call answers with its own product's schema (docs/product/api.md "The document"), and the reply is
// serialized with it: a field the representation has and the schema lacks would be dropped without a word. So for
// each product a device with every field of its schema set (and whatever a registration and its uplinks store) is read
// through GET /{collection}/{key} and the device list, and must come back exactly as representation.ts builds it.
import { isConfiguredProduct, PRODUCT_IDS, PRODUCTS, type ProductId } from '@paddock/shared/domain';
import type { TSchema } from '@sinclair/typebox';
import { eq } from 'drizzle-orm';
import { devices } from '../db/schema';
import { call, createMember, setUpTestApp, type TestApp } from '../testing/testApp';
import { ingestUplink } from './gateway/ingest';
import { demoKey } from './inventory';
import { toDevice, viewerOf } from './representation';
import { findDevice } from './store';

let t: TestApp;
setUpTestApp((app) => (t = app));

type Schema = TSchema & { properties?: Record<string, Schema>; items?: Schema; anyOf?: Schema[]; const?: unknown; type?: string };

const AT = '2026-03-01T10:00:00.000Z';

/** A value for `schema` with every optional field present and no null where something else is allowed. */
function sample(schema: Schema): unknown {
  if ('const' in schema) return schema.const;
  if (schema.anyOf) return sample(schema.anyOf.find((member) => member.type !== 'null') ?? schema.anyOf[0]);
  switch (schema.type) {
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([name, property]) => [name, sample(property)]));
    case 'array':
      return [sample(schema.items!)];
    case 'string':
      // The serializer checks formats only to choose a union's member; patterns not at all.
      return schema.format === 'date-time' ? AT : 'text';
    case 'integer':
    case 'number':
      return typeof schema.minimum === 'number' ? Math.max(schema.minimum, 1) : 1;
    case 'boolean':
      return true;
    default:
      return null;
  }
}

/** `value` with what it lacks of `schema` (absent, null where more is allowed, empty arrays) filled in by sample. */
function completed(schema: Schema, value: unknown): unknown {
  if (value === undefined || value === null) return sample(schema);
  const object = schema.anyOf?.find((member) => member.type === 'object') ?? schema;
  if (Array.isArray(value)) return value.length && schema.items ? value.map((item) => completed(schema.items!, item)) : sample(schema);
  if (typeof value !== 'object' || object.type !== 'object') return value;
  const fields = { ...(value as Record<string, unknown>) };
  for (const [name, property] of Object.entries(object.properties ?? {})) fields[name] = completed(property, fields[name]);
  return fields;
}

/** The dotted paths of `schema`'s fields that `value` lacks. */
function missing(schema: Schema, value: unknown, path = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((item, i) => (schema.items ? missing(schema.items, item, `${path}[${i}]`) : []));
  if (typeof value !== 'object' || value === null) return [];
  const object = schema.anyOf?.find((member) => member.type === 'object') ?? schema;
  return Object.entries(object.properties ?? {}).flatMap(([name, property]) => {
    const field = path ? `${path}.${name}` : name;
    const inner = (value as Record<string, unknown>)[name];
    return inner === undefined ? [field] : missing(property, inner, field);
  });
}

/** The parts of the representation that come from the row's columns, not its stored fields (representation.ts). */
const fromColumns = (product: ProductId) =>
  new Set(['Product', PRODUCTS[product].keyField, 'Subscription', 'Renewal', 'Metadata', 'Connection']);

it.each(PRODUCT_IDS)('%s: a device with every field set is answered whole, with no field lost or added', async (product) => {
  const { apiCollection, keyField, listKey } = PRODUCTS[product];
  const schema = PRODUCTS[product].schema as Schema;
  const owner = await createMember(t);
  const key = demoKey(product, 38);
  const registered = await call(t.app, 'POST', `/api/users/${owner.id}/${apiCollection}`, {
    token: owner.token,
    body: { [keyField]: key, Name: 'Every field' },
  });
  expect(registered.statusCode).toBe(201);

  // What the device's own messages store, through the gateway's path.
  const uplink = (name: string, payload: unknown) =>
    ingestUplink(t.database.db, { key, name, payload: Buffer.from(JSON.stringify(payload)), retained: false, receivedAt: t.clock.now() });
  expect(await uplink('status', { Online: true, Firmware: '1.2.3', IntervalSeconds: 60 })).toEqual({ outcome: 'applied' });
  expect(await uplink('reading', sample(PRODUCTS[product].readingSchema as Schema))).toEqual({ outcome: 'applied' });
  if (isConfiguredProduct(product)) {
    // The device confirms the configuration it was sent.
    const row = (await findDevice(t.database.db, key))!;
    const config = PRODUCTS[product].config(toDevice(row) as never);
    expect(await uplink('config', { ...config, Version: row.configVersion })).toEqual({ outcome: 'applied' });
  }
  // Then every other field of the schema, and a declined renewal's retry (shown to the owner).
  const stored = (await findDevice(t.database.db, key))!;
  const fields = { ...stored.fields };
  for (const [name, property] of Object.entries(schema.properties!))
    if (!fromColumns(product).has(name)) fields[name] = completed(property, fields[name]);
  await t.database.db
    .update(devices)
    .set({ fields, renewalAttempts: 1, renewalRetryAt: new Date(AT) })
    .where(eq(devices.key, key));

  const expected = JSON.parse(JSON.stringify(toDevice((await findDevice(t.database.db, key))!, viewerOf(owner))));
  const read = await call(t.app, 'GET', `/api/${apiCollection}/${key}`, { token: owner.token });
  expect(read.statusCode).toBe(200);
  expect(read.json()).toEqual(expected);
  expect(missing(schema, read.json())).toEqual([]);
  // The device list is serialized with the same schema.
  const list = await call(t.app, 'GET', `/api/users/${owner.id}/devices`, { token: owner.token });
  expect(list.json()[listKey]).toEqual([expected]);
});
