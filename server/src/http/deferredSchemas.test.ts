// Route schemas compiled on first use (http/deferredSchemas.ts): nothing compiled at start, a route's validators and
// serializer compiled by its first request and then kept, validation errors still name the field.
import Fastify, { type FastifyInstance } from 'fastify';
import { DeferredSchemas } from './deferredSchemas';
import { validatorCompiler } from './validation';

let deferred: DeferredSchemas;
let app: FastifyInstance;
beforeEach(async () => {
  deferred = new DeferredSchemas();
  app = Fastify({ schemaController: { compilersFactory: { buildSerializer: deferred.serializers() } } });
  app.setValidatorCompiler(validatorCompiler(deferred));
  const schema = {
    body: { type: 'object', properties: { Name: { type: 'string', minLength: 2 } }, required: ['Name'], additionalProperties: false },
    querystring: { type: 'object', properties: { count: { type: 'integer' } } },
    response: { 200: { type: 'object', properties: { Name: { type: 'string' }, Count: { type: 'integer' } } } },
  };
  app.post('/a', { schema }, async (request) => {
    const { Name } = request.body as { Name: string };
    const { count } = request.query as { count?: number };
    return { Name, Count: count, Secret: 'not in the response schema' };
  });
  app.post('/b', { schema }, async () => ({ Name: 'b' }));
  await app.ready();
});
afterEach(() => app.close());

it('compiles nothing at start, and a route’s schemas at its first request only', async () => {
  expect(deferred.pending).toBe(6); // two routes: body, querystring and one response each
  const reply = await app.inject({ method: 'POST', url: '/a?count=3', payload: { Name: 'Ann' } });
  expect(reply.statusCode).toBe(200);
  // Coerced query, and only the fields of the response schema.
  expect(reply.json()).toEqual({ Name: 'Ann', Count: 3 });
  expect(deferred.pending).toBe(3);
  await app.inject({ method: 'POST', url: '/a', payload: { Name: 'Bob' } });
  expect(deferred.pending).toBe(3);
});

it('refuses a bad body with the field named, on the first request and after', async () => {
  for (const payload of [{ Name: 'A' }, { Name: 'Ann', Other: 1 }, { Name: 'A' }]) {
    const reply = await app.inject({ method: 'POST', url: '/b', payload });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toMatch(/Name|additional/);
  }
  expect((await app.inject({ method: 'POST', url: '/b', payload: { Name: 'Ann' } })).statusCode).toBe(200);
});

it('compiles what is left on compileAll', () => {
  deferred.compileAll();
  expect(deferred.pending).toBe(0);
});
