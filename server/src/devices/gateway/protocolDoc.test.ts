// docs/protocol.md "Fields and limits" is generated here from the schemas the gateway checks uplinks with
// (payloads.ts): a field, a limit or a product that changes in the schemas fails this test until the doc says so.
// The settings the doc names with their defaults are checked against server/src/config.ts the same way.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { configReportSchema, DeviceAck, DeviceStatus, FotaReport, READING_SCHEMAS } from '@paddock/shared/contract';
import { DAYS_PATTERN, isConfiguredProduct, PRODUCT_IDS, SCHEDULE_PATTERN, TIME_ZONE_PATTERN, TIMER_ENTRY_PATTERN } from '@paddock/shared/domain';
import type { TSchema } from '@sinclair/typebox';
import { CONFIG_DOCS } from '../../config';

const PROTOCOL = readFileSync(path.resolve(__dirname, '..', '..', '..', '..', 'docs', 'protocol.md'), 'utf8');

interface Json {
  type?: string;
  const?: unknown;
  anyOf?: Json[];
  properties?: Record<string, Json>;
  required?: string[];
  additionalProperties?: boolean;
  items?: Json;
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minLength?: number;
  maxLength?: number;
  maxItems?: number;
  uniqueItems?: boolean;
}

/** The shapes the patterns stand for, in the doc's words. */
const PATTERNS: Record<string, string> = {
  [SCHEDULE_PATTERN]: 'a timer entry `minute hour days` ([Time zones](#time-zones))',
  [TIMER_ENTRY_PATTERN]: 'a timer entry `minute hour days` ([Time zones](#time-zones)) or `sunset+30 days` ([Sun entries](#sun-entries))',
  [DAYS_PATTERN]: 'day numbers 0–6 (Sunday 0), comma-separated, each once: `1,2,3`',
  [TIME_ZONE_PATTERN]: 'an IANA zone name: `Europe/Stockholm`',
};

const code = (value: unknown) => `\`${typeof value === 'string' ? value : JSON.stringify(value)}\``;

function typeOf(schema: Json): string {
  if (schema.anyOf) return [...new Set(schema.anyOf.map(typeOf))].join(' or ');
  if (schema.type === 'array') return `array of ${typeOf(schema.items ?? {})}s`;
  if (schema.type === 'string' && schema.format === 'date-time') return 'string (time)';
  return schema.type ?? 'any';
}

function limitsOf(schema: Json): string[] {
  const limits: string[] = [];
  if (schema.anyOf?.every((option) => option.const !== undefined)) limits.push(`one of ${schema.anyOf.map((option) => code(option.const)).join(', ')}`);
  const { minimum: min, maximum: max } = schema;
  if (min !== undefined && max !== undefined) limits.push(`${min} to ${max}`);
  else if (min !== undefined) limits.push(`≥ ${min}`);
  else if (max !== undefined) limits.push(`≤ ${max}`);
  if (schema.exclusiveMinimum !== undefined) limits.push(`> ${schema.exclusiveMinimum}`);
  if (schema.format === 'date-time') limits.push('RFC 3339 with its zone ([Times](#times))');
  else if (schema.format) limits.push(`format ${schema.format}`);
  if (schema.pattern) limits.push(PATTERNS[schema.pattern] ?? `matches ${code(schema.pattern)}`);
  const { minLength, maxLength } = schema;
  if (minLength !== undefined && maxLength !== undefined) limits.push(`${minLength} to ${maxLength} characters`);
  else if (maxLength !== undefined) limits.push(`at most ${maxLength} characters`);
  else if (minLength !== undefined) limits.push(`at least ${minLength} characters`);
  if (schema.type === 'array') {
    if (schema.maxItems !== undefined) limits.push(`at most ${schema.maxItems} entries`);
    if (schema.uniqueItems) limits.push('no entry twice');
    if (schema.items && schema.items.type !== 'object') limits.push(...limitsOf(schema.items).map((limit) => `each ${limit}`));
  }
  if (schema.type === 'object' && schema.additionalProperties === false) limits.push('no other fields');
  return limits;
}

/** One row per field, nested ones as `Parent.Field` (an array's objects as `Parent[].Field`). */
function rows(schema: Json, prefix = ''): string[][] {
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {}).flatMap(([name, field]) => {
    const fieldPath = `${prefix}${name}`;
    const row = [code(fieldPath), typeOf(field), required.has(name) ? 'yes' : 'no', limitsOf(field).join('; ') || '—'];
    const nested = field.type === 'object' ? field : field.type === 'array' && field.items?.type === 'object' ? field.items : null;
    const inner = nested ? rows(nested, field.type === 'array' ? `${fieldPath}[].` : `${fieldPath}.`) : [];
    return [row, ...inner];
  });
}

const table = (head: string[], body: string[][]) =>
  [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`, ...body.map((cells) => `| ${cells.join(' | ')} |`)].join('\n');

const HEAD = ['field', 'type', 'required', 'limits'];
const byProduct = (products: readonly string[], schemaOf: (product: string) => TSchema) =>
  table(['product', ...HEAD], products.flatMap((product) => rows(schemaOf(product) as Json).map((row) => [product, ...row])));

/** Every table of "Fields and limits", by the name of the marker before it (`<!-- fields: reading -->`). */
const GENERATED: Record<string, () => string> = {
  status: () => table(HEAD, rows(DeviceStatus as Json)),
  reading: () => byProduct(PRODUCT_IDS, (product) => READING_SCHEMAS[product as keyof typeof READING_SCHEMAS]),
  config: () => byProduct(PRODUCT_IDS.filter(isConfiguredProduct), (product) => configReportSchema(product as Parameters<typeof configReportSchema>[0])),
  fota: () => table(HEAD, rows(FotaReport as Json)),
  ack: () => table(HEAD, rows(DeviceAck as Json)),
};

/** The table right after `<!-- fields: name -->` in the doc (its lines up to the first that is not a table row). */
function documented(name: string): string | null {
  const lines = PROTOCOL.split('\n');
  const at = lines.findIndex((line) => line.trim() === `<!-- fields: ${name} -->`);
  if (at < 0) return null;
  const body: string[] = [];
  for (const line of lines.slice(at + 1)) {
    if (!line.startsWith('|')) break;
    body.push(line);
  }
  return body.join('\n');
}

describe('docs/protocol.md "Fields and limits"', () => {
  it.each(Object.keys(GENERATED))('the %s table is the one the schema gives', (name) => {
    // On failure, the expected table is the one to paste into the doc after its marker.
    expect(documented(name)).toBe(GENERATED[name]());
  });

  it('states the limits the issue found missing: FenceAlarm needs Battery, IntervalSeconds stops at 86400', () => {
    expect(documented('reading')).toContain('| fencealarm | `Battery` | number | yes | ≥ 0 |');
    expect(documented('status')).toContain('| `IntervalSeconds` | integer | no | 1 to 86400 |');
  });
});

describe('docs/protocol.md settings', () => {
  // "`MQTT_SIGN_IN_FAILURES` (default 10)": the name, then its default as server/src/config.ts has it.
  const named = [...PROTOCOL.matchAll(/`([A-Z][A-Z0-9_]+)`\s+\(default (\d+)/g)].map(([, name, value]) => ({ name, value }));

  it('names the sign-in lock-out settings with their defaults', () => {
    expect(named.map(({ name }) => name)).toEqual(expect.arrayContaining(['MQTT_SIGN_IN_FAILURES', 'MQTT_SIGN_IN_FAILURES_IP', 'RATE_LIMIT_WINDOW_MINUTES']));
  });

  it('gives each setting the default server/src/config.ts has', () => {
    for (const { name, value } of named) {
      expect({ name, default: CONFIG_DOCS.find((doc) => doc.name === name)?.default }).toEqual({ name, default: value });
    }
  });
});
