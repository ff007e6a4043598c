// The whole generated OpenAPI document passes a third-party validator (@seriousme/openapi-schema-validator, the
// OpenAPI 3.0 JSON schema), and every operation that takes a body documents 413 (docs/product/api.md "The document").
// The validator is an ES module with import.meta: it runs in a child Node process, the document on its stdin.
import { spawnSync } from 'node:child_process';
import { createTestApp } from '../testing/testApp';

const validate = `
import { Validator } from '@seriousme/openapi-schema-validator';
let text = '';
for await (const chunk of process.stdin) text += chunk;
const result = await new Validator({ allErrors: true }).validate(JSON.parse(text));
process.stdout.write(JSON.stringify(result));
`;

type Operation = { requestBody?: unknown; responses: Record<string, unknown> };

it('the generated OpenAPI document is valid OpenAPI 3.0 and documents 413 wherever a body is accepted', async () => {
  const t = await createTestApp();
  try {
    const document = t.app.swagger() as unknown as { openapi: string; paths: Record<string, Record<string, Operation>> };
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
  } finally {
    await t.close();
  }
});
