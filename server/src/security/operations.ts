// The operations of a built app's OpenAPI document, read at run time, so the security tests cover every route
// the app has (a route added later is walked too), and what they need to be called: path, query and body.
import { PRODUCTS, type ProductId } from '@paddock/shared/domain';
import type { FastifyInstance } from 'fastify';
import type { Timers } from '../devices';

/** The JSON Schema subset the route schemas use (TypeBox output). */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  const?: unknown;
  enum?: unknown[];
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  /** OpenAPI 3.0's form: true beside `minimum` (http/openApiDocument.ts). */
  exclusiveMinimum?: boolean;
  maximum?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  $ref?: string;
}

export interface Parameter {
  name: string;
  required: boolean;
  schema: JsonSchema;
}

export interface Operation {
  /** `METHOD /path` as in the OpenAPI document, e.g. `GET /api/users/{id}`. */
  id: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  /** Needs a bearer token (OpenAPI `security`). */
  secured: boolean;
  pathParams: Parameter[];
  query: Parameter[];
  body: JsonSchema | undefined;
}

interface OpenApiOperation {
  security?: unknown[];
  parameters?: { in: string; name: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** Every operation of the app's OpenAPI document, in document order. */
export function operationsOf(app: FastifyInstance): Operation[] {
  const document = app.swagger() as { paths?: Record<string, Partial<Record<string, OpenApiOperation>>>; components?: { schemas?: Record<string, JsonSchema> } };
  const resolve = (schema: JsonSchema | undefined): JsonSchema | undefined =>
    schema?.$ref ? document.components?.schemas?.[schema.$ref.replace('#/components/schemas/', '')] : schema;
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS) {
      const operation = item?.[method];
      if (!operation) continue;
      const parameters = (where: string) =>
        (operation.parameters ?? [])
          .filter((parameter) => parameter.in === where)
          .map((parameter) => ({ name: parameter.name, required: parameter.required ?? false, schema: resolve(parameter.schema) ?? {} }));
      const upper = method.toUpperCase() as Operation['method'];
      operations.push({
        id: `${upper} ${path}`,
        method: upper,
        path,
        secured: (operation.security ?? []).length > 0,
        pathParams: parameters('path'),
        query: parameters('query'),
        body: resolve(operation.requestBody?.content?.['application/json']?.schema),
      });
    }
  }
  return operations;
}

const PRODUCT_OF_COLLECTION = new Map(Object.entries(PRODUCTS).map(([product, { apiCollection }]) => [apiCollection, product as ProductId]));

/** The product a path is about (`/api/smartplugs/{imei}/load`, `/api/users/{id}/smartplugs`), if any. */
export function productIn(path: string): ProductId | undefined {
  return path
    .split('/')
    .map((segment) => PRODUCT_OF_COLLECTION.get(segment))
    .find(Boolean);
}

/** The path with each `{name}` replaced by values[name] (URL-encoded); throws naming a parameter it has no value for. */
export function fillPath(operation: Operation, values: Record<string, string>): string {
  return operation.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${operation.id}: no value for path parameter {${name}}; teach server/src/security about it`);
    return encodeURIComponent(value);
  });
}

/** Command waits that time out at once, so an operation that waits on a device (none is connected) never hangs. */
export const instantTimers: Timers = {
  setTimeout: (callback) => setImmediate(callback),
  clearTimeout: (handle) => clearImmediate(handle as NodeJS.Immediate),
};
