// The OpenAPI 3.0.3 document as generated from the route schemas, made true to OpenAPI 3.0 (docs/product/api.md "The
// document"): the route schemas are JSON Schema draft 7 for the validator (ajv), where exclusiveMinimum/Maximum are
// numbers; OpenAPI 3.0 has them as booleans beside minimum/maximum. And every operation that takes a body can answer
// 413 payload_too_large (docs/product/errors.md), so it says so. A schema with an `$id` (each product's
// representation) is one named component that operations refer to. Checked by openApiDocument.test.ts with a
// third-party validator.
import type { FastifyDynamicSwaggerOptions, SwaggerTransform, SwaggerTransformObject } from '@fastify/swagger';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Draft 7's numeric exclusive bounds as OpenAPI 3.0's boolean ones, everywhere in `node`, in place. */
function openApi30Bounds(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) openApi30Bounds(item);
    return;
  }
  if (!isObject(node)) return;
  for (const [bound, exclusive] of [
    ['minimum', 'exclusiveMinimum'],
    ['maximum', 'exclusiveMaximum'],
  ] as const) {
    const limit = node[exclusive];
    if (typeof limit !== 'number') continue;
    // Both given: the tighter one wins; a number beside a looser inclusive bound is the exclusive one.
    const inclusive = node[bound];
    const tighter = typeof inclusive !== 'number' || (bound === 'minimum' ? limit >= inclusive : limit <= inclusive);
    if (tighter) {
      node[bound] = limit;
      node[exclusive] = true;
    } else delete node[exclusive];
  }
  for (const value of Object.values(node)) openApi30Bounds(value);
}

/** Operations with a request body answer 413 beside their documented failures (the same `{Error, Message, Field?}`). */
function documentPayloadTooLarge(document: Json): void {
  const paths = isObject(document.paths) ? document.paths : {};
  for (const operations of Object.values(paths)) {
    if (!isObject(operations)) continue;
    for (const operation of Object.values(operations)) {
      if (!isObject(operation) || operation.requestBody === undefined || !isObject(operation.responses)) continue;
      const responses = operation.responses;
      if (responses['413'] !== undefined) continue;
      const failure = Object.entries(responses).find(([status]) => status.startsWith('4'))?.[1];
      const content = isObject(failure) ? failure.content : undefined;
      responses['413'] = {
        description: 'Payload Too Large: the body is over the size limit (payload_too_large)',
        ...(content ? { content } : {}),
      };
    }
  }
}

/**
 * @fastify/swagger's refResolver: a schema with an `$id` is the component of that name (`def-N` otherwise), so a
 * generated client gets `Smartplug`, not an anonymous copy, wherever one is nested (the Device union, the device list).
 */
export const namedComponents: NonNullable<FastifyDynamicSwaggerOptions['refResolver']> = {
  buildLocalReference: (json, _baseUri, _fragment, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`),
};

/**
 * @fastify/swagger's transform: a whole response that is a named schema (GET /smartplugs/{imei}) would be inlined, its
 * `$id` dropped; it refers to the component instead, which the schemas nesting it emit (every product is in the list).
 */
export const referNamedResponses: SwaggerTransform = ({ schema, url }) => {
  const responses = (schema as { response?: Record<string, Json> }).response;
  if (!responses) return { schema, url };
  const response = Object.fromEntries(
    Object.entries(responses).map(([status, reply]) =>
      // `#/definitions/…` is what @fastify/swagger turns into `#/components/schemas/…`.
      typeof reply.$id === 'string'
        ? [status, { $ref: `#/definitions/${reply.$id}`, ...(reply.description ? { description: reply.description } : {}) }]
        : [status, reply],
    ),
  );
  return { schema: { ...schema, response }, url };
};

/**
 * An operation whose route marks its body optional (`'x-body-optional': true` in its schema, a preValidation hook
 * taking no body as `{}`; DELETE /users/{id}) says so: @fastify/swagger writes every body as required.
 */
function documentOptionalBodies(document: Json): void {
  const paths = isObject(document.paths) ? document.paths : {};
  for (const operations of Object.values(paths)) {
    if (!isObject(operations)) continue;
    for (const operation of Object.values(operations)) {
      if (!isObject(operation) || operation['x-body-optional'] !== true) continue;
      delete operation['x-body-optional'];
      if (isObject(operation.requestBody)) operation.requestBody.required = false;
    }
  }
}

/** @fastify/swagger's transformObject: the generated document, corrected as above. */
export const openApiDocument: SwaggerTransformObject = (generated) => {
  const source = 'openapiObject' in generated ? generated.openapiObject : generated.swaggerObject;
  const document = structuredClone(source) as Json;
  openApi30Bounds(document);
  documentPayloadTooLarge(document);
  documentOptionalBodies(document);
  return document as typeof source;
};
