// `npm run new:product -- <id> [--from <product>] [--name <Brand name>]` (CONTRIBUTING.md "Add a product"): a new
// product's folders, one a package, copied from the closest existing product with every name of it renamed, and its
// line in each registry. What differs (fields, rules, alarms, texts) is then edited in those folders; the type
// checker and the tests name anything still missing.
import { cpSync, existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { PRODUCT_IDS, PRODUCT_INFO, type ProductId } from '@paddock/shared/domain';

const ROOT = join(__dirname, '..');

/** The names a product goes by in code and text: `farmcam-sim` → farmcamSim, FarmcamSim, FARMCAM_SIM. */
export interface ProductNames {
  id: string;
  camel: string;
  pascal: string;
  upper: string;
  /** The brand, as on cards and in texts ('FenceAlarm2', 'FarmCam SIM'); also the wire type tag. */
  brand: string;
}

export function namesOf(id: string, brand?: string): ProductNames {
  const words = id.split('-');
  const camel = words.map((word, at) => (at === 0 ? word : word[0].toUpperCase() + word.slice(1))).join('');
  const pascal = camel[0].toUpperCase() + camel.slice(1);
  return { id, camel, pascal, upper: words.join('_').toUpperCase(), brand: brand ?? pascal };
}

/** Where a product lives in each package (one folder, or one file with its test, per package). */
export function productPaths(names: ProductNames): string[] {
  return [
    `shared/src/products/${names.camel}`,
    `mfe-devices/src/products/${names.id}`,
    `server/src/devices/products/${names.camel}.ts`,
    `server/src/devices/products/${names.camel}.test.ts`,
    `docs/product/products/${names.id}.md`,
  ];
}

/**
 * Every name of `from` in `text` as `to`'s. A name is matched where no digit follows (`fencealarm` leaves
 * `fencealarm2` alone) and the longer forms first (the brand before the id, `Fencealarm2` before `fencealarm2`).
 */
export function renamed(text: string, from: ProductNames, to: ProductNames): string {
  const pairs = (
    [
      [from.brand, to.brand],
      [from.id, to.id],
      [from.camel, to.camel],
      [from.pascal, to.pascal],
      [from.upper, to.upper],
    ] as const
  )
    .filter(([a], at, all) => all.findIndex(([b]) => b === a) === at)
    .sort(([a], [b]) => b.length - a.length);
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const pattern = new RegExp(pairs.map(([a]) => `${escape(a)}(?![0-9])`).join('|'), 'g');
  return text.replace(pattern, (match) => pairs.find(([a]) => a === match)![1]);
}

/** The registries: each holds a line (an import, an entry) or a list item per product. */
export const REGISTRIES = [
  'shared/src/products/ids.ts',
  'shared/src/products/catalogue.ts',
  'shared/src/products/registry.ts',
  'shared/src/products/index.ts',
  'shared/src/contract/index.ts',
  'shared/src/domain/variants.ts',
  // The price catalogue's keys (its plans) and the products' own alarm levels, leaves below the products.
  'shared/src/domain/money.ts',
  'shared/src/domain/alarms.ts',
  'mfe-devices/src/products/index.ts',
  'server/src/devices/products/index.ts',
  'server/src/security/authorization.test.ts',
  'docs/product/devices.md',
];

const mentions = (line: string, names: ProductNames) => new RegExp(`(${names.id}|${names.camel}|${names.pascal}|${names.upper})(?![0-9])`).test(line);

/**
 * `text` with the new product added after each of `from`'s entries: a list of ids on one line gets the new id beside
 * `from`'s (a quoted id, a docs link); any other line naming `from` (outside comments; in code only) is copied,
 * renamed, below it.
 */
export function registered(text: string, from: ProductNames, to: ProductNames, markdown = false): string {
  const others = PRODUCT_IDS.filter((id) => id !== from.id);
  const out: string[] = [];
  for (const line of text.split('\n')) {
    out.push(line);
    if (!mentions(line, from) || /^\s*(\/\/|\*|\/\*\*)/.test(line)) continue;
    if (others.some((id) => line.includes(`'${id}'`) || line.includes(`(products/${id}.md)`))) {
      out[out.length - 1] = line
        .replace(new RegExp(`'${from.id}'(?![0-9])`), `'${from.id}', '${to.id}'`)
        .replace(`[${from.id}](products/${from.id}.md)`, `[${from.id}](products/${from.id}.md), [${to.id}](products/${to.id}.md)`);
    } else if (!markdown) {
      out.push(renamed(line, from, to));
    }
  }
  return out.join('\n');
}

/** `source` (a folder or a file) copied to `target` with `from`'s names as `to`'s; the files written, each once. */
function copyRenamed(source: string, target: string, from: ProductNames, to: ProductNames): string[] {
  cpSync(source, target, { recursive: true });
  const files = statSync(target).isDirectory()
    ? readdirSync(target, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => join(entry.parentPath, entry.name))
    : [target];
  for (const file of files) writeFileSync(file, renamed(readFileSync(file, 'utf8'), from, to));
  return files;
}

export function newProduct(argv: readonly string[], root = ROOT): string[] {
  const [id] = argv.filter((arg, at) => !arg.startsWith('--') && !['--from', '--name'].includes(argv[at - 1]));
  const option = (flag: string) => (argv.includes(flag) ? argv[argv.indexOf(flag) + 1] : undefined);
  if (!id || !/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(id))
    throw new Error('usage: npm run new:product -- <id, e.g. tanklevel> [--from fencealarm2] [--name "TankLevel"]');
  if ((PRODUCT_IDS as readonly string[]).includes(id)) throw new Error(`${id} is a product already`);
  const fromId = (option('--from') ?? 'fencealarm2') as ProductId;
  if (!PRODUCT_IDS.includes(fromId)) throw new Error(`--from takes one of ${PRODUCT_IDS.join(', ')}, not ${fromId}`);
  const from = namesOf(fromId, PRODUCT_INFO[fromId].name);
  const to = namesOf(id, option('--name'));

  const written: string[] = [];
  const targets = productPaths(to);
  for (const [at, source] of productPaths(from).entries()) {
    if (!existsSync(join(root, source))) continue;
    if (existsSync(join(root, targets[at]))) throw new Error(`${targets[at]} exists already`);
    written.push(...copyRenamed(join(root, source), join(root, targets[at]), from, to).map((file) => relative(root, file)));
  }
  for (const registry of REGISTRIES) {
    const file = join(root, registry);
    const before = readFileSync(file, 'utf8');
    const after = registered(before, from, to, registry.endsWith('.md'));
    if (after === before) throw new Error(`${registry} names no ${from.id}: say in scripts/newProduct.ts how it lists products`);
    writeFileSync(file, after);
    written.push(registry);
  }
  return written;
}

if (require.main === module) {
  try {
    const written = newProduct(process.argv.slice(2));
    console.log(`Written:\n${written.map((file) => `  ${file}`).join('\n')}`);
    console.log('Next: CONTRIBUTING.md "Add a product" from step 2 (edit the copied folders), then `npm run typecheck`.');
  } catch (error) {
    console.error((error as Error).message);
    process.exit(2);
  }
}
