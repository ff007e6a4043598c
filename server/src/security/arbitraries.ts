// fast-check generators of hostile input for the fuzz test: strings with NUL and control characters, lone
// surrogates, 1 MB strings, deep nesting, wrong types and huge numbers, mostly in the shape the route's schema asks
// for, so they get past validation to the code behind it.
import fc from 'fast-check';
import type { JsonSchema } from './operations';

const MEGABYTE = 1_000_000;

export const nastyText = fc.constantFrom(
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u0000\u0000\u0000',
  '\u0001\u0007\b\u001b\u007f\u0085',
  '\r\n\t\v\f',
  '\uD800',
  'x\uDFFFy',
  '\u202E\u200B\uFEFF',
  'Åäö ß é ñ',
  '😀👨‍👩‍👧',
  '𝕏\u{10FFFF}',
  'null',
  '-1',
  '1e309',
  '%00',
  '%',
  '../../etc/passwd',
  "'; DROP TABLE users; --",
  '\\',
  '<script>alert(1)</script>',
  '${7*7}{{7*7}}',
);

/** What PostgreSQL cannot store (NUL; lone surrogates in jsonb), and control characters that break lines and logs. */
const controlText = fc.constantFrom('\u0000', 'a\u0000b', '\u0000\u0000\u0000', '\uD800', 'x\uDFFF', '\u0001\u0007\b\u001b\u007f', '\r\n');

const hostile = (big: fc.Arbitrary<string>) =>
  fc.oneof(
    { arbitrary: controlText, weight: 4 },
    { arbitrary: nastyText, weight: 6 },
    { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 4 },
    { arbitrary: fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)), maxLength: 20 }), weight: 2 },
    { arbitrary: big, weight: 1 },
  );

/** Hostile strings: chosen ones, arbitrary code units (controls and lone surrogates included), and 1 MB ones. */
export const nastyString: fc.Arbitrary<string> = hostile(
  fc.constantFrom('x'.repeat(MEGABYTE), `${'\u0000'.repeat(1000)}${'y'.repeat(MEGABYTE - 1000)}`, 'é'.repeat(300_000)),
);

/** The same for paths and queries, big ones capped: a real server refuses a URL over 16 kB before the app sees it. */
export const nastyUrlString: fc.Arbitrary<string> = hostile(fc.constantFrom('x'.repeat(20_000), '\u0000'.repeat(5000)));

const hugeNumber = fc.constantFrom(1e308, -1e308, 2 ** 53 + 2, -(2 ** 63), 2 ** 64, 1e-320, -0, 0.5, -1, 4294967296);

/** Anything JSON can carry that no schema asks for: wrong types, deep nesting, odd keys. */
export const wildValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  hugeNumber,
  fc.integer(),
  nastyString,
  fc.array(fc.oneof(fc.integer(), nastyText), { maxLength: 5 }),
  fc.dictionary(nastyText, fc.oneof(fc.integer(), nastyText), { maxKeys: 4 }),
  fc.integer({ min: 1, max: 200 }).map((depth) => nest(depth, [])),
);

function nest(depth: number, inner: unknown): unknown {
  let value = inner;
  for (let level = 0; level < depth; level += 1) value = level % 2 ? [value] : { a: value };
  return value;
}

// Mostly close to now, so two of them often make a window the history routes accept.
const isoDates = fc.oneof(
  { arbitrary: fc.date({ noInvalidDate: true, min: new Date('2026-01-01T00:00:00Z'), max: new Date('2027-01-01T00:00:00Z') }).map((date) => date.toISOString()), weight: 4 },
  fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
  fc.constantFrom('2026-02-30T00:00:00Z', '0000-01-01T00:00:00Z', '9999-12-31T23:59:59.999Z', '2026-11-23T12:00:00+14:00', '2026-11-23T12:00:00.123456789Z'),
);

/** A string for the schema: often one that fits its pattern or format (plus hostile text), else anything hostile. */
export function stringFor(schema: JsonSchema, nasty: fc.Arbitrary<string> = nastyString): fc.Arbitrary<string> {
  const fitting: fc.Arbitrary<string>[] = [];
  if (schema.format === 'date-time') fitting.push(isoDates);
  const fits = schema.pattern ? matching(schema.pattern, schema.maxLength) : null;
  if (fits) fitting.push(fits);
  if (!fitting.length) return nasty;
  const fit = fc.oneof(...fitting);
  return fc.oneof(
    { arbitrary: fit, weight: 3 },
    { arbitrary: fc.tuple(fit, nasty).map(([valid, tail]) => valid + tail), weight: 1 },
    { arbitrary: nasty, weight: 2 },
  );
}

/** A value in the shape of the schema, with hostile strings and numbers in it, and now and then something wild. */
export function valueFor(schema: JsonSchema | undefined, nasty: fc.Arbitrary<string> = nastyString, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 6) return wildValue;
  return fc.oneof({ arbitrary: shapedFor(schema, nasty, depth), weight: 5 }, { arbitrary: wildValue, weight: 1 });
}

function shapedFor(schema: JsonSchema, nasty: fc.Arbitrary<string>, depth: number): fc.Arbitrary<unknown> {
  const union = schema.anyOf ?? schema.oneOf;
  if (union) return fc.oneof(...union.map((member) => shapedFor(member, nasty, depth + 1)));
  switch (typeOf(schema)) {
    case 'object': {
      const properties = schema.properties ?? {};
      const model = Object.fromEntries(Object.entries(properties).map(([name, property]) => [name, valueFor(property, nasty, depth + 1)]));
      const record = fc.record(model, { requiredKeys: (schema.required ?? []).filter((name) => name in properties) });
      // Sometimes a key the schema does not know.
      return fc.oneof({ arbitrary: record, weight: 5 }, { arbitrary: fc.tuple(record, nastyText, wildValue).map(([value, key, extra]) => ({ ...value, [key]: extra })), weight: 1 });
    }
    case 'array':
      return fc.array(valueFor(schema.items, nasty, depth + 1), { maxLength: Math.min(schema.maxItems ?? 5, 5) });
    case 'string':
      return stringFor(schema, nasty);
    case 'integer':
      return fc.oneof(fc.integer({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1000 }), hugeNumber);
    case 'number':
      return fc.oneof(fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true }), hugeNumber);
    default:
      return fittingFor(schema, false, depth);
  }
}

function typeOf(schema: JsonSchema): string | undefined {
  if (schema.const !== undefined) return 'const';
  if (schema.enum) return 'enum';
  return Array.isArray(schema.type) ? schema.type[0] : schema.type;
}

/** Strings matching the pattern; for one with lookaheads fast-check cannot read, those of it without them, filtered. */
function matching(pattern: string, maxLength = Infinity): fc.Arbitrary<string> | null {
  const full = new RegExp(pattern);
  const fits = (text: string) => text.length <= maxLength && full.test(text);
  for (const source of [pattern, pattern.replace(/\(\?[=!](?:[^()]|\([^()]*\))*\)/g, '')]) {
    try {
      return fc.stringMatching(new RegExp(source)).filter(fits);
    } catch {
      // Try the next form.
    }
  }
  return null;
}

/**
 * Strings the schema still accepts with such characters in them, where it accepts any: what PostgreSQL cannot
 * store must be refused before it gets there.
 */
function taint(fitting: fc.Arbitrary<string>, schema: JsonSchema): fc.Arbitrary<string> {
  const pattern = schema.pattern ? new RegExp(schema.pattern) : null;
  const accepts = (text: string) => text.length <= (schema.maxLength ?? Infinity) && (!pattern || pattern.test(text));
  if (!fc.sample(fitting, { numRuns: 10, seed: 1 }).some((example) => accepts(`${example}\u0000`))) return fitting;
  const withControls = fc
    .tuple(fitting, controlText, fc.boolean())
    .map(([text, control, before]) => (before ? control + text : text + control))
    .filter(accepts);
  return fc.oneof(fitting, withControls);
}

/** A value the schema accepts, as far as its keywords say; an object with its required keys and at most two others. */
export function fittingFor(schema: JsonSchema | undefined, tainted = false, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 8) return fc.constant(null);
  const union = schema.anyOf ?? schema.oneOf;
  if (union) return fc.oneof(...union.map((member) => fittingFor(member, tainted, depth + 1)));
  switch (typeOf(schema)) {
    case 'const':
      return fc.constant(schema.const);
    case 'enum':
      return fc.constantFrom(...schema.enum!);
    case 'object': {
      const properties = schema.properties ?? {};
      const required = (schema.required ?? []).filter((name) => name in properties);
      const optional = Object.keys(properties).filter((name) => !required.includes(name));
      // At least one key, so a mutation has a field to work on.
      const minLength = required.length || !optional.length ? 0 : 1;
      return fc
        .subarray(optional, { minLength, maxLength: Math.min(optional.length, 2) })
        .chain((chosen) => fc.record(Object.fromEntries([...required, ...chosen].map((name) => [name, fittingFor(properties[name], tainted, depth + 1)]))));
    }
    case 'array': {
      const items = fittingFor(schema.items, tainted, depth + 1);
      const maxLength = Math.min(schema.maxItems ?? 3, 3);
      return schema.uniqueItems ? fc.uniqueArray(items, { maxLength, selector: (item) => JSON.stringify(item) }) : fc.array(items, { maxLength });
    }
    case 'string': {
      if (schema.format === 'date-time') return isoDates;
      const fitting =
        (schema.pattern ? matching(schema.pattern, schema.maxLength) : null) ??
        fc.string({ unit: 'grapheme-ascii', minLength: Math.max(schema.minLength ?? 0, 1), maxLength: Math.min(schema.maxLength ?? 20, 20) });
      return tainted ? taint(fitting, schema) : fitting;
    }
    case 'integer':
      return fc.integer({ min: schema.minimum ?? 0, max: schema.maximum ?? 1000 });
    case 'number':
      return fc.double({ min: schema.minimum ?? 0, max: schema.maximum ?? 1000, noNaN: true, minExcluded: schema.exclusiveMinimum === true });
    case 'boolean':
      return fc.boolean();
    default:
      return fc.constant(null);
  }
}

type Mutation = { at: number; append: string } | { at: number; replace: unknown };

/** The places in a JSON value that hold a string, number, boolean or null, as key paths. */
function leavesOf(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (value === null || typeof value !== 'object') return [path];
  const entries = Array.isArray(value) ? value.map((item, index) => [index, item] as const) : Object.entries(value);
  return entries.flatMap(([key, item]) => leavesOf(item, [...path, key]));
}

function mutate(value: unknown, mutation: Mutation): unknown {
  const leaves = leavesOf(value);
  if (!leaves.length) return 'replace' in mutation ? mutation.replace : mutation.append;
  const at = leaves[mutation.at % leaves.length];
  const change = (current: unknown, rest: (string | number)[]): unknown => {
    if (!rest.length) return 'append' in mutation ? `${String(current ?? '')}${mutation.append}` : mutation.replace;
    const [key, ...tail] = rest;
    const copy = (Array.isArray(current) ? [...current] : { ...(current as object) }) as Record<string | number, unknown>;
    copy[key] = change(copy[key], tail);
    return copy;
  };
  return change(value, at);
}

/**
 * Mostly a value the schema accepts with control characters wherever it takes them, or with one hostile spot
 * (text appended to one field, or one field replaced by something hostile), so the rest passes validation and the
 * hostile part reaches the code behind it; sometimes hostile everywhere.
 */
export function inputFor(schema: JsonSchema | undefined, nasty: fc.Arbitrary<string> = nastyString): fc.Arbitrary<unknown> {
  const fitting = fittingFor(schema);
  const mutation: fc.Arbitrary<Mutation> = fc.oneof(
    { arbitrary: fc.record({ at: fc.nat(), append: nasty }), weight: 3 },
    { arbitrary: fc.record({ at: fc.nat(), replace: fc.oneof(nasty, wildValue) }), weight: 1 },
  );
  return fc.oneof(
    { arbitrary: fittingFor(schema, true), weight: 4 },
    { arbitrary: fc.tuple(fitting, mutation).map(([value, change]) => mutate(value, change)), weight: 4 },
    { arbitrary: fitting, weight: 1 },
    { arbitrary: valueFor(schema, nasty), weight: 1 },
  );
}

/** Request bodies sent as they are: broken JSON, nesting deeper than any parser likes, prototype keys. */
export const rawBody = fc.oneof(
  fc.constantFrom('', '{', '{"a":', 'nul', '\u0000', '[]', '""', '0', '{"__proto__":{"admin":true}}', '{"constructor":{"prototype":{"admin":true}}}'),
  fc.integer({ min: 1000, max: 200_000 }).map((depth) => '['.repeat(depth) + ']'.repeat(depth)),
  fc.integer({ min: 1000, max: 100_000 }).map((depth) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth)),
  nastyString,
);

/** Path or query text sent without encoding: stray and overlong percent escapes, separators. */
export const rawUrlText = fc.constantFrom('%', '%zz', '%00', '%C0%80', '%ED%A0%80', '%FF%FE', '..%2F..%2F', '%2e%2e', ';', '&', '#', '?', '%20');
