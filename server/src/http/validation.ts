// Request validation. Bodies are validated strictly: no type coercion and no silent removal of unknown fields
// (Fastify's defaults), so a wrong type or an unknown field is a 400 naming it. Query strings and path params
// arrive as text, so they keep Ajv's coercion.
import Ajv, { type Options } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyRequest, FastifySchemaCompiler } from 'fastify';
import type { DeferredSchemas } from './deferredSchemas';
import { badRequest } from './errors';

function createAjv(options: Options): Ajv {
  const ajv = new Ajv({ useDefaults: true, allErrors: false, removeAdditional: false, ...options });
  // Formats only: ajv-formats' formatMinimum/Maximum keywords break when npm installs it with its own copy of ajv.
  addFormats(ajv, { keywords: false });
  return ajv;
}

/** Each route part's validator, compiled on its first request (http/deferredSchemas.ts). */
export function validatorCompiler(deferred: DeferredSchemas): FastifySchemaCompiler<object> {
  const bodies = createAjv({ coerceTypes: false });
  const texts = createAjv({ coerceTypes: 'array' });
  return ({ schema, httpPart }) => deferred.validator(() => (httpPart === 'body' ? bodies : texts).compile(schema));
}

/** Deepest nesting of objects and arrays a request may send; the API's own shapes are a few levels deep. */
export const MAX_INPUT_DEPTH = 32;

export interface UnstorableInput {
  /** Dotted path of the field ('' for the whole part). */
  field: string;
  problem: 'nul' | 'encoding' | 'depth';
}

// Half of a UTF-16 pair: JSON may carry one (`"\ud800"`), but it is no text, and UTF-8 (the database, mail, URLs) cannot hold it.
const LONE_SURROGATE = /\p{Surrogate}/u;
const LONE_SURROGATE_ALL = /\p{Surrogate}/gu;

/**
 * The first string (value or key) holding U+0000, which PostgreSQL text and jsonb cannot store, or a lone
 * surrogate, or the first value nested deeper than MAX_INPUT_DEPTH. Iterative, so a deeply nested body cannot overflow the stack.
 */
export function findUnstorableInput(value: unknown): UnstorableInput | null {
  const stack: { value: unknown; path: string[] }[] = [{ value, path: [] }];
  while (stack.length) {
    const { value: current, path } = stack.pop()!;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return { field: path.join('.'), problem: 'nul' };
      if (LONE_SURROGATE.test(current)) return { field: path.join('.'), problem: 'encoding' };
      continue;
    }
    if (current === null || typeof current !== 'object' || ArrayBuffer.isView(current)) continue;
    if (path.length >= MAX_INPUT_DEPTH) return { field: path.join('.'), problem: 'depth' };
    const entries = Object.entries(current);
    for (const [key] of entries) {
      if (key.includes('\u0000')) return { field: [...path, key.replaceAll('\u0000', '\\0')].join('.'), problem: 'nul' };
      if (LONE_SURROGATE.test(key)) return { field: [...path, key.replace(LONE_SURROGATE_ALL, '\uFFFD')].join('.'), problem: 'encoding' };
    }
    // Reversed, so that the first field in the request is the one named.
    for (const [key, child] of entries.reverse()) stack.push({ value: child, path: [...path, key] });
  }
  return null;
}

/**
 * A preValidation hook for every route, so that no route can pass such a value to the database (a 500 there):
 * 400 naming the field, before the schema is checked.
 */
export async function rejectUnstorableInput(request: FastifyRequest): Promise<void> {
  const parts = [
    ['body', request.body],
    ['querystring', request.query],
    ['params', request.params],
  ] as const;
  for (const [part, value] of parts) {
    const found = findUnstorableInput(value);
    if (!found) continue;
    if (!found.field) throw badRequest(part === 'body' ? 'invalid_body' : 'bad_request');
    throw badRequest('invalid_field', found.field, { field: found.field });
  }
}
