// The registry holds one complete module for every product id (the compile-time half is the `satisfies` type
// of PRODUCTS): adding a product without one of its parts fails here or in the type checker.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { Value } from '@sinclair/typebox/value';
import { PRODUCTS, PRODUCT_IDS, DEVICE_LIST_KEYS, DeviceList, emptyDeviceList, isConfiguredProduct } from '.';
import { HISTORY_MEASURES } from '../domain/logs';
import { NOTIFIED_ALARMS } from '../domain/alarmNotifications';

describe('product registry', () => {
  test('one module per product id, in id order, each under its own id', () => {
    expect(Object.keys(PRODUCTS)).toEqual([...PRODUCT_IDS]);
    for (const id of PRODUCT_IDS) expect(PRODUCTS[id].id).toBe(id);
  });

  test.each(PRODUCT_IDS)('%s has every part', (id) => {
    const product = PRODUCTS[id];
    for (const field of ['routeId', 'name', 'typeTag', 'apiCollection', 'listKey'] as const) expect(product[field]).not.toBe('');
    expect(product.schema.properties.Product.const).toBe(id);
    expect(product.schema.properties).toHaveProperty(product.keyField);
    expect(product.readingSchema.type).toBe('object');
    expect(isConfiguredProduct(id)).toBe(product.configSchema !== null);
    expect(product.histories.length).toBeGreaterThan(0);
    for (const measure of product.histories) expect(HISTORY_MEASURES).toContain(measure);
    for (const source of product.notifiedAlarms) expect(NOTIFIED_ALARMS).toContain(source.alarm);
    expect(product.defaultReportingSeconds).toBeGreaterThan(0);
    for (const rule of ['readingPatch', 'lastReadingAt', 'offlinePatch', 'warnings', 'config'] as const) expect(typeof product[rule]).toBe('function');
  });

  test('ids, list keys, route ids, collections and type tags are unique', () => {
    for (const field of ['listKey', 'routeId', 'apiCollection', 'typeTag'] as const) {
      expect(new Set(PRODUCT_IDS.map((id) => PRODUCTS[id][field])).size).toBe(PRODUCT_IDS.length);
    }
    expect(DEVICE_LIST_KEYS).toEqual(PRODUCT_IDS.map((id) => PRODUCTS[id].listKey));
  });

  test('the empty device list has one empty array per product and fits the DeviceList schema', () => {
    expect(Object.keys(emptyDeviceList())).toEqual([...DEVICE_LIST_KEYS]);
    expect(Value.Check(DeviceList, emptyDeviceList())).toBe(true);
  });
});

/** Every module `entry` loads at run time (type-only imports left out), within shared/src, and the packages it reaches. */
function runtimeImports(entry: string): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    const source = readFileSync(file, 'utf8');
    for (const [, typeOnly, specifier] of source.matchAll(/^(?:import|export)\s+(type\s+)?[^'";]*?from\s+'([^']+)';/gms)) {
      if (typeOnly) continue;
      if (!specifier.startsWith('.')) {
        packages.add(specifier);
        continue;
      }
      const base = resolve(dirname(file), specifier);
      const target = [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((candidate) => existsSync(candidate));
      if (target) visit(target);
    }
  };
  visit(entry);
  return { files, packages };
}

test('the registry without schemas loads no TypeBox and no contract schema (docs/architecture/README.md#budgets)', () => {
  const { files, packages } = runtimeImports(join(__dirname, 'registry.ts'));
  expect([...packages].filter((name) => name.startsWith('@sinclair/typebox'))).toEqual([]);
  expect([...files].filter((file) => /contract/.test(file))).toEqual([]);
  // The walk itself works: the rules of every product are reached.
  expect([...files].filter((file) => file.endsWith('rules.ts'))).toHaveLength(PRODUCT_IDS.length);
});
