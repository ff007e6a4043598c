// Property-based fuzzing of every OpenAPI operation: generated path values, queries, bodies and headers (NUL and
// control characters, lone surrogates, 1 MB strings, deep nesting, wrong types, huge numbers), sent as the admin so
// authorization hides no validation. Bad input must be refused (4xx); no answer may be 5xx. FUZZ_SEED and FUZZ_RUNS
// replay or widen a run.
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { APP_START_TIMEOUT_MS, createTestApp, type TestApp } from '../testing/testApp';
import { inputFor as hostileInput, nastyText, nastyUrlString, rawBody, rawUrlText, stringFor } from './arbitraries';
import { admin, device, person, tokenOf, type Person } from './fixtures';
import { instantTimers, operationsOf, productIn, type JsonSchema, type Operation } from './operations';

const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const RUNS = Number(process.env.FUZZ_RUNS ?? 25);
/** Per operation, shrinking a failure included. */
const TIME_LIMIT_MS = 10_000;
/** FUZZ_VERBOSE=1 prints each operation's time and answers, to see what the generated input reaches. */
const VERBOSE = Boolean(process.env.FUZZ_VERBOSE);
const ANSWER_TIMEOUT_MS = 15_000;

type Part = { kind: 'valid' } | { kind: 'text'; value: string } | { kind: 'raw'; value: string };
type Body = { kind: 'none' } | { kind: 'json'; value: unknown } | { kind: 'raw'; value: string };
interface Input {
  path: Record<string, Part>;
  query: [string, Part][];
  body: Body;
  headers: Record<string, string>;
}

/** Path parameters the fixture has a real value for: the victim's id and its device's key. */
const KNOWN_PARAMS = new Set(['id', 'imei', 'imsi', 'key']);

function generated(operation: Operation): fc.Arbitrary<Input> {
  const text = (arbitrary: fc.Arbitrary<string>) => arbitrary.map((value): Part => ({ kind: 'text', value }));
  const raw = rawUrlText.map((value): Part => ({ kind: 'raw', value }));
  const path = fc.record(
    Object.fromEntries(
      operation.pathParams.map((parameter) => {
        const fitting = KNOWN_PARAMS.has(parameter.name) ? fc.constant<Part>({ kind: 'valid' }) : text(stringFor(parameter.schema, nastyUrlString));
        return [parameter.name, fc.oneof({ arbitrary: fitting, weight: 6 }, { arbitrary: text(nastyUrlString), weight: 2 }, { arbitrary: raw, weight: 1 })];
      }),
    ),
  );
  const querySchema: JsonSchema = {
    type: 'object',
    properties: Object.fromEntries(operation.query.map((parameter) => [parameter.name, parameter.schema])),
    required: operation.query.filter((parameter) => parameter.required).map((parameter) => parameter.name),
  };
  const extra = fc.oneof(
    { arbitrary: fc.constant([]), weight: 5 },
    { arbitrary: fc.tuple(nastyText, fc.oneof(text(nastyUrlString), raw)).map((pair) => [pair]), weight: 1 },
  );
  const known = operation.query.length ? hostileInput(querySchema, nastyUrlString).map(queryPairs) : fc.constant([]);
  const query = fc.tuple(known, extra).map(([pairs, extras]) => [...pairs, ...extras]);
  const canHaveBody = operation.method !== 'GET';
  const body: fc.Arbitrary<Body> = canHaveBody
    ? fc.oneof(
        { arbitrary: hostileInput(operation.body).map((value): Body => ({ kind: 'json', value })), weight: operation.body ? 8 : 2 },
        { arbitrary: rawBody.map((value): Body => ({ kind: 'raw', value })), weight: 2 },
        { arbitrary: fc.constant<Body>({ kind: 'none' }), weight: 1 },
      )
    : fc.constant({ kind: 'none' });
  const headers = fc.record(
    {
      'content-type': fc.oneof(
        { arbitrary: fc.constant('application/json'), weight: 8 },
        { arbitrary: fc.constantFrom('application/json; charset=utf-8', 'application/json; charset=latin1', 'text/plain', 'application/x-www-form-urlencoded'), weight: 2 },
      ),
      'accept-language': fc.oneof(fc.constantFrom('*', 'xx-YY', 'de;q=abc', ',,;;q=', 'sv-SE,sv;q=0.9,en;q=0.8', 'a'.repeat(10_000)), fc.string({ unit: 'grapheme-ascii', maxLength: 30 })),
      'if-none-match': fc.oneof(fc.constantFrom('*', '"x"', 'W/"1"'), fc.string({ unit: 'grapheme-ascii', maxLength: 30 })),
    },
    { requiredKeys: ['content-type'] },
  );
  return fc.record({ path, query, body, headers });
}

/** A generated query object as name=value pairs: an array repeats its name, anything else not a string is JSON. */
function queryPairs(value: unknown): [string, Part][] {
  const entries = value !== null && typeof value === 'object' && !Array.isArray(value) ? Object.entries(value) : [['q', value] as const];
  return entries.flatMap(([name, item]) =>
    (Array.isArray(item) ? item : [item]).map((one): [string, Part] => [name, { kind: 'text', value: typeof one === 'string' ? one : JSON.stringify(one) ?? '' }]),
  );
}

/** Percent-encoded UTF-8; a lone surrogate, which UTF-8 cannot carry, becomes U+FFFD as a browser would send it. */
const encode = (text: string) => encodeURIComponent(text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD'));
const urlText = (part: Part, valid: string) => (part.kind === 'valid' ? valid : part.kind === 'raw' ? part.value : encode(part.value));

/** The victim the path values name: never the admin who calls, so deleting or renaming it costs the run nothing. */
interface Victim {
  user: Person;
  key: string;
}

async function victimFor(t: TestApp, operation: Operation): Promise<Victim> {
  const user = await person(t, 'victim');
  const product = productIn(operation.path) ?? 'smartplug';
  return { user, key: await device(t, user, product) };
}

function request(operation: Operation, input: Input, victim: Victim, token: string): InjectOptions {
  const values: Record<string, string> = { id: victim.user.id, imei: victim.key, imsi: victim.key, key: victim.key };
  const path = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => urlText(input.path[name], values[name] ?? ''));
  const query = input.query.map(([name, part]) => `${encode(name)}=${urlText(part, '')}`).join('&');
  const payload = input.body.kind === 'json' ? JSON.stringify(input.body.value) : input.body.kind === 'raw' ? input.body.value : undefined;
  return {
    method: operation.method,
    url: query ? `${path}?${query}` : path,
    headers: { ...input.headers, authorization: `Bearer ${token}` },
    ...(payload === undefined ? {} : { payload }),
  };
}

const clip = (text: string, max = 200) => (text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text);
/** The request as a reader wants it: JSON bodies as sent (control characters escaped), raw ones quoted, no token. */
function describeRequest(options: InjectOptions, input: Input): string {
  const body = input.body.kind === 'json' ? ` body ${clip(String(options.payload))}` : input.body.kind === 'raw' ? ` raw body ${clip(JSON.stringify(input.body.value))}` : '';
  return `${options.method} ${clip(String(options.url))}${body} headers ${clip(JSON.stringify(input.headers))}`;
}

let t: TestApp;
let operations: Operation[];
beforeAll(async () => {
  t = await createTestApp({}, { timers: instantTimers });
  operations = operationsOf(t.app);
}, APP_START_TIMEOUT_MS);
afterAll(() => t.close());

/** The failing answer fast-check ended on (after shrinking), or null when every run answered below 500. */
async function fuzz(operation: Operation): Promise<string | null> {
  const { id: adminId } = await admin(t);
  let victim = await victimFor(t, operation);
  let failure: string | null = null;
  const statuses = new Map<string, number>();
  const started = Date.now();
  const property = fc.asyncProperty(generated(operation), async (input) => {
    // A deleted victim would turn later runs into plain 404s.
    if (operation.method === 'DELETE') victim = await victimFor(t, operation);
    // Fresh each run: GET and DELETE /token retire the one they are called with.
    const options = request(operation, input, victim, await tokenOf(t, adminId));
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), ANSWER_TIMEOUT_MS)));
    const response = await Promise.race([t.app.inject(options), timeout]).finally(() => clearTimeout(timer));
    if (VERBOSE && response) {
      const answer = `${response.statusCode} ${/"Error":"(\w+)"/.exec(response.body)?.[1] ?? ''} ${/"Field":"([^"]*)"/.exec(response.body)?.[1] ?? ''}`.trim();
      statuses.set(answer, (statuses.get(answer) ?? 0) + 1);
    }
    if (response && response.statusCode < 500) return true;
    failure = `${operation.id}: ${response ? `${response.statusCode} ${clip(response.body, 300)}` : `no answer in ${ANSWER_TIMEOUT_MS} ms`}\n    to ${describeRequest(options, input)}`;
    return false;
  });
  const result = await fc.check(property, { seed: SEED, numRuns: RUNS, interruptAfterTimeLimit: TIME_LIMIT_MS });
  if (VERBOSE) console.log(`${operation.id}: ${Date.now() - started} ms, answers ${JSON.stringify(Object.fromEntries(statuses))}`);
  if (result.failed && !failure) failure = `${operation.id}: ${String(result.errorInstance)}`;
  return result.failed ? failure : null;
}

it('answers no generated request to any operation with a 5xx', async () => {
  const failures: string[] = [];
  for (const operation of operations) {
    const failure = await fuzz(operation);
    if (failure) failures.push(failure);
  }
  if (failures.length) {
    throw new Error(
      `${failures.length} of ${operations.length} operations answered 5xx (seed ${SEED}; replay with FUZZ_SEED=${SEED}):\n${failures.join('\n')}`,
    );
  }
}, 600_000);
