// Request validation. Bodies are validated strictly: no type coercion and no silent removal of unknown fields
// (Fastify's defaults), so a wrong type or an unknown field is a 400 naming it. Query strings and path params
// arrive as text, so they keep Ajv's coercion.
import Ajv, { type Options } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';

function createAjv(options: Options): Ajv {
  const ajv = new Ajv({ useDefaults: true, allErrors: false, removeAdditional: false, ...options });
  // Formats only: ajv-formats' formatMinimum/Maximum keywords break when npm installs it with its own copy of ajv.
  addFormats(ajv, { keywords: false });
  return ajv;
}

export function validatorCompiler(): FastifySchemaCompiler<object> {
  const bodies = createAjv({ coerceTypes: false });
  const texts = createAjv({ coerceTypes: 'array' });
  return ({ schema, httpPart }) => (httpPart === 'body' ? bodies : texts).compile(schema);
}
