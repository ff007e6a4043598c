// The whole generated OpenAPI document passes a third-party validator (@seriousme/openapi-schema-validator, the
// OpenAPI 3.0 JSON schema), and every operation that takes a body documents 413 (docs/product/api.md "The document").
// Each product's representation is one named component, and a per-product call answers its own product's, never the
// Device union of all five.
// The validator is an ES module with import.meta: it runs in a child Node process, the document on its stdin.
import { spawnSync } from 'node:child_process';
import { isDeepStrictEqual } from 'node:util';
import { PRODUCT_IDS, PRODUCTS, type ProductId } from '@paddock/shared/domain';
import { productIn } from '../security/operations';
import { APP_START_TIMEOUT_MS, createTestApp, type TestApp } from '../testing/testApp';

const validate = `
import { Validator } from '@seriousme/openapi-schema-validator';
let text = '';
for await (const chunk of process.stdin) text += chunk;
const result = await new Validator({ allErrors: true }).validate(JSON.parse(text));
process.stdout.write(JSON.stringify(result));
`;

type Operation = { requestBody?: unknown; responses: Record<string, { content?: Record<string, { schema: unknown }> }> };
type Document = { openapi: string; paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, unknown> } };

// One app for both tests: its start is most of their time.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, APP_START_TIMEOUT_MS);
afterAll(() => t.close());

it('the generated OpenAPI document is valid OpenAPI 3.0 and documents 413 wherever a body is accepted', async () => {
  const document = t.app.swagger() as unknown as Document;
  expect(document.openapi).toMatch(/^3\.0\./);
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', validate], {
    input: JSON.stringify(document),
    encoding: 'utf8',
    cwd: __dirname,
    maxBuffer: 64 * 1024 * 1024,
  });
  expect(run.stderr).toBe('');
  const result = JSON.parse(run.stdout) as { valid: boolean; errors?: unknown };
  expect(result.errors ?? []).toEqual([]);
  expect(result.valid).toBe(true);

  const withBody = Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations)
      .filter(([, operation]) => operation.requestBody !== undefined)
      .map(([method, operation]) => ({ operation: `${method} ${path}`, has413: '413' in operation.responses })),
  );
  expect(withBody.length).toBeGreaterThan(20);
  expect(withBody.filter((entry) => !entry.has413)).toEqual([]);
});

/** Every `$ref` in `node`. */
function refsIn(node: unknown, found: string[] = []): string[] {
  if (Array.isArray(node)) for (const item of node) refsIn(item, found);
  else if (typeof node === 'object' && node !== null)
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') found.push(value);
      else refsIn(value, found);
    }
  return found;
}

/** Every object in `node`, `node` included. */
function objectsIn(node: unknown, found: object[] = []): object[] {
  if (Array.isArray(node)) for (const item of node) objectsIn(item, found);
  else if (typeof node === 'object' && node !== null) {
    found.push(node);
    for (const value of Object.values(node)) objectsIn(value, found);
  }
  return found;
}

const componentOf = (product: ProductId) => PRODUCTS[product].schema.$id!;
const COMPONENTS = '#/components/schemas/';
const refTo = (name: string) => `${COMPONENTS}${name}`;

it("every per-product operation answers its own product's schema, a named component, never the Device union", async () => {
  const document = t.app.swagger() as unknown as Document;
  const components = document.components.schemas;
  const productOfRef = new Map(PRODUCT_IDS.map((product) => [refTo(componentOf(product)), product]));
  expect(PRODUCT_IDS.filter((product) => typeof PRODUCTS[product].schema.$id !== 'string')).toEqual([]);
  expect(PRODUCT_IDS.filter((product) => !(componentOf(product) in components))).toEqual([]);
  // Every reference resolves, and no operation holds a copy of a product's schema instead of referring to it.
  expect(refsIn(document).filter((ref) => !ref.startsWith(COMPONENTS) || !(ref.slice(COMPONENTS.length) in components))).toEqual([]);
  const inPaths = objectsIn(document.paths);
  expect(PRODUCT_IDS.filter((product) => inPaths.some((node) => isDeepStrictEqual(node, components[componentOf(product)])))).toEqual([]);

  // Any product a per-product path's success answers refers to is that path's product.
  const answers = Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations).flatMap(([method, operation]) =>
      Object.entries(operation.responses)
        .filter(([status]) => status.startsWith('2'))
        .map(([status, response]) => ({
          call: `${method} ${path} ${status}`,
          product: productIn(path),
          answers: [...new Set(refsIn(response.content).flatMap((ref) => productOfRef.get(ref) ?? []))],
        })),
    ),
  );
  const perProduct = answers.filter((answer) => answer.product !== undefined && answer.answers.length > 0);
  expect(perProduct.filter((answer) => answer.answers.join() !== answer.product)).toEqual([]);
  // 40 when written: the device calls, plan, trial and cancellation of each product, its plugs' and SIM's own.
  expect(perProduct.length).toBeGreaterThanOrEqual(40);

  for (const product of PRODUCT_IDS) {
    const { apiCollection, keyField } = PRODUCTS[product];
    const device = `/api/${apiCollection}/{${keyField.toLowerCase()}}`;
    const schemaOf = (method: string, path: string, status: string) =>
      document.paths[path]?.[method]?.responses[status]?.content?.['application/json']?.schema;
    const own = { $ref: refTo(componentOf(product)) };
    // The device itself: registration, reading, both updates, staff's trial and cancellation.
    expect(schemaOf('post', `/api/users/{id}/${apiCollection}`, '201')).toEqual(own);
    for (const method of ['get', 'patch', 'put']) expect(schemaOf(method, device, '200')).toEqual(own);
    expect(schemaOf('put', `${device}/trial`, '200')).toEqual(own);
    expect(schemaOf('delete', `${device}/subscription`, '200')).toEqual(own);
    expect(schemaOf('post', `${device}/plan`, '200')).toMatchObject({ properties: { Device: own } });
  }
  // A call that is not per product (an offer names any device) answers any of them, each by reference.
  expect(answers.find((answer) => answer.call === 'post /api/transfers/{id}/accept 200')?.answers.sort()).toEqual([...PRODUCT_IDS].sort());
});
