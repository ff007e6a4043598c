import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { namesOf, newProduct, productPaths, REGISTRIES, registered, renamed } from './newProduct';

const ROOT = join(__dirname, '..');

test('a product id has its names in code', () => {
  expect(namesOf('farmcam-sim', 'FarmCam SIM')).toEqual({
    id: 'farmcam-sim',
    camel: 'farmcamSim',
    pascal: 'FarmcamSim',
    upper: 'FARMCAM_SIM',
    brand: 'FarmCam SIM',
  });
  expect(namesOf('tanklevel')).toMatchObject({ camel: 'tanklevel', pascal: 'Tanklevel', brand: 'Tanklevel' });
});

test('renaming leaves another generation of the product alone', () => {
  const from = namesOf('fencealarm2', 'FenceAlarm2');
  const to = namesOf('tanklevel', 'TankLevel');
  expect(renamed("import { fencealarm2Info } from './fencealarm2/info'; // FenceAlarm2", from, to)).toBe(
    "import { tanklevelInfo } from './tanklevel/info'; // TankLevel",
  );
  expect(renamed('type Update = UpdateFencealarm2Body | FENCEALARM2_X;', from, to)).toBe(
    'type Update = UpdateTanklevelBody | TANKLEVEL_X;',
  );
  const gen1 = namesOf('fencealarm', 'FenceAlarm');
  expect(renamed("fencealarm2: 'Voltage', fencealarm: 'Voltage', FenceAlarm2, Fencealarm", gen1, to)).toBe(
    "fencealarm2: 'Voltage', tanklevel: 'Voltage', FenceAlarm2, Tanklevel",
  );
});

test("a registry gets the new product beside the old one's entries, lists and links, and comments stay", () => {
  const from = namesOf('fencealarm2', 'FenceAlarm2');
  const to = namesOf('tanklevel', 'TankLevel');
  const code = [
    '// fencealarm2 is the second generation',
    "export const PRODUCT_IDS = ['farmcam-sim', 'fencealarm', 'fencealarm2', 'smartplug'] as const;",
    '  fencealarm2: fencealarm2Info,',
    '  smartplug: smartplugInfo,',
  ].join('\n');
  expect(registered(code, from, to).split('\n')).toEqual([
    '// fencealarm2 is the second generation',
    "export const PRODUCT_IDS = ['farmcam-sim', 'fencealarm', 'fencealarm2', 'tanklevel', 'smartplug'] as const;",
    '  fencealarm2: fencealarm2Info,',
    '  tanklevel: tanklevelInfo,',
    '  smartplug: smartplugInfo,',
  ]);
  const docs = '[fencealarm](products/fencealarm.md), [fencealarm2](products/fencealarm2.md),\nFencealarm2s are listed';
  expect(registered(docs, from, to, true)).toBe(
    '[fencealarm](products/fencealarm.md), [fencealarm2](products/fencealarm2.md), [tanklevel](products/tanklevel.md),\nFencealarm2s are listed',
  );
});

describe('npm run new:product on a copy of the tree', () => {
  let root: string;
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'paddock-new-product-'));
    for (const path of [...REGISTRIES, ...productPaths(namesOf('fencealarm2'))]) {
      if (!existsSync(join(ROOT, path))) continue;
      cpSync(join(ROOT, path), join(root, path), { recursive: true });
    }
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('writes one folder a package and a line in every registry', () => {
    const written = newProduct(['tanklevel', '--name', 'TankLevel'], root);
    expect(written).toEqual(
      expect.arrayContaining([...REGISTRIES, 'shared/src/products/tanklevel/info.ts', 'docs/product/products/tanklevel.md']),
    );
    for (const path of productPaths(namesOf('tanklevel')).slice(0, 3)) expect(existsSync(join(root, path))).toBe(true);
    const info = readFileSync(join(root, 'shared/src/products/tanklevel/info.ts'), 'utf8');
    expect(info).toContain("id: 'tanklevel'");
    expect(info).toContain("name: 'TankLevel'");
    expect(info).not.toMatch(/fencealarm2/i);
    expect(readFileSync(join(root, 'shared/src/products/ids.ts'), 'utf8')).toContain("'fencealarm2', 'tanklevel'");
    expect(readFileSync(join(root, 'server/src/devices/products/index.ts'), 'utf8')).toContain("import { tanklevel } from './tanklevel';");
    expect(readFileSync(join(root, 'docs/product/devices.md'), 'utf8')).toContain('(products/tanklevel.md)');
    // Its plans and its own alarm levels, beside the model's.
    expect(readFileSync(join(root, 'shared/src/domain/money.ts'), 'utf8')).toMatch(/'Fencealarm2Year',\n\s*'TanklevelYear',/);
    expect(readFileSync(join(root, 'shared/src/domain/alarms.ts'), 'utf8')).toContain('export const TANKLEVEL_THRESHOLDS = [');
  });

  it('refuses an id in use, a bad id and an unknown model', () => {
    expect(() => newProduct(['smartplug'], root)).toThrow('smartplug is a product already');
    expect(() => newProduct(['Tank Level'], root)).toThrow('usage');
    expect(() => newProduct(['silo', '--from', 'tractor'], root)).toThrow('--from takes one of');
  });
});
