// The one place that turns any failure into `{Error, Message, Field?}` in the caller's language.
import type { ErrorCode } from '@paddock/shared/contract';
import { DrizzleQueryError } from 'drizzle-orm';
import type { FastifyError, FastifyReply, FastifyRequest, FastifySchemaValidationError } from 'fastify';
import { formatMinutes, translate, type MessageValues } from '../i18n/messages';
import { isDatabaseUnavailable } from '../db/client';
import { requestLocale } from './locale';
import { AppError, RateLimitError } from './errors';

export interface Failure {
  status: number;
  code: ErrorCode;
  field?: string;
  values?: MessageValues;
}

/** `/EmailNotifications/Device` + `Billing` → `EmailNotifications.Device.Billing` (JSON pointer to a dotted name). */
export function fieldName(instancePath: string, property?: string): string {
  const parts = instancePath
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (property) parts.push(property);
  return parts.join('.');
}

/** Maps the first Ajv error of a request part to a failure naming the field. */
export function validationFailure(errors: readonly FastifySchemaValidationError[], part: string | undefined): Failure {
  const error = errors[0];
  const params = (error?.params ?? {}) as Record<string, unknown>;
  const property = (params.missingProperty ?? params.additionalProperty) as string | undefined;
  const field = error ? fieldName(error.instancePath, property) : '';
  if (!field) return { status: 400, code: part === 'body' ? 'invalid_body' : 'bad_request' };
  switch (error.keyword) {
    case 'required':
      return { status: 400, code: 'missing_field', field, values: { field } };
    case 'additionalProperties':
      return { status: 400, code: 'unknown_field', field, values: { field } };
    case 'minLength':
      return params.limit === 1
        ? { status: 400, code: 'missing_field', field, values: { field } }
        : { status: 400, code: 'too_short', field, values: { field, min: Number(params.limit) } };
    case 'maxLength':
      return { status: 400, code: 'too_long', field, values: { field, max: Number(params.limit) } };
    default:
      return { status: 400, code: 'invalid_field', field, values: { field } };
  }
}

const FASTIFY_FAILURES: Record<string, Failure> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'malformed_json' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'invalid_body' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'payload_too_large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: 'unsupported_media_type' },
};

/** What to reply for an error; anything unexpected is a 500 (and is logged by the caller). */
export function describeFailure(error: unknown): Failure {
  if (error instanceof RateLimitError) {
    return { status: 429, code: 'rate_limited', values: { minutes: Math.max(1, Math.ceil(error.retryAfterSeconds / 60)) } };
  }
  if (error instanceof AppError) return { status: error.statusCode, code: error.code, field: error.field, values: error.values };
  const fastifyError = error as Partial<FastifyError>;
  if (fastifyError.validation) return validationFailure(fastifyError.validation, fastifyError.validationContext);
  const known = fastifyError.code ? FASTIFY_FAILURES[fastifyError.code] : undefined;
  if (known) return known;
  const status = fastifyError.statusCode;
  if (status && status >= 400 && status < 500) return { status, code: status === 404 ? 'not_found' : 'bad_request' };
  if (isDatabaseUnavailable(error)) return { status: 503, code: 'service_unavailable' };
  return { status: 500, code: 'internal_error' };
}

export function sendFailure(request: FastifyRequest, reply: FastifyReply, failure: Failure): FastifyReply {
  const locale = requestLocale(request);
  const values = failure.code === 'rate_limited' ? { duration: formatMinutes(locale, Number(failure.values?.minutes)) } : failure.values;
  return reply.code(failure.status).send({
    Error: failure.code,
    Message: translate(locale, failure.code, values),
    ...(failure.field ? { Field: failure.field } : {}),
  });
}

/** A failed query's message lists its parameters (hashes, e-mails); the log gets the query and the cause only. */
export function loggable(error: unknown): unknown {
  if (error instanceof DrizzleQueryError) return { message: `Failed query: ${error.query}`, cause: error.cause };
  return error;
}

/** The driver's own message at the end of the cause chain (Drizzle's wrapper lists the query's parameters). */
function rootMessage(error: unknown): string | undefined {
  let message: string | undefined;
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if (typeof (e as { message?: unknown }).message === 'string') message = (e as Error).message;
  }
  return message;
}

/**
 * How soon a client should try again after a 503 (docs/architecture/README.md#a-stalled-database): about the
 * statement timeout, so a dashboard polling every 5 s does not add to a struggling database.
 */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

export function handleError(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const failure = describeFailure(error);
  if (failure.status === 503) {
    // Expected while the database is away, and one per request: a line without the stack or the query's parameters.
    request.log.warn({ reason: rootMessage(error) }, 'database unavailable: answered 503');
    reply.header('Retry-After', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
  } else if (failure.status >= 500) request.log.error({ err: loggable(error) }, 'request failed');
  if (error instanceof RateLimitError) reply.header('Retry-After', String(error.retryAfterSeconds));
  return sendFailure(request, reply, failure);
}
