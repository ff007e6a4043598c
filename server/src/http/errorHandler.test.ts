import { DrizzleQueryError } from 'drizzle-orm';
import type { FastifySchemaValidationError } from 'fastify';
import { describeFailure, fieldName, loggable, validationFailure } from './errorHandler';
import { AppError, rateLimited } from './errors';

const ajvError = (keyword: string, instancePath: string, params: Record<string, unknown> = {}): FastifySchemaValidationError =>
  ({ keyword, instancePath, schemaPath: '', params, message: '' }) as FastifySchemaValidationError;

describe('fieldName', () => {
  it.each([
    ['', 'Email', 'Email'],
    ['/EmailNotifications', 'Device', 'EmailNotifications.Device'],
    ['/EmailNotifications/Device', undefined, 'EmailNotifications.Device'],
    ['/a~1b/c~0d', undefined, 'a/b.c~d'],
    ['', undefined, ''],
  ])('%s + %s → %s', (path, property, name) => {
    expect(fieldName(path, property)).toBe(name);
  });
});

describe('validationFailure', () => {
  it.each([
    [ajvError('required', '', { missingProperty: 'Email' }), { code: 'missing_field', field: 'Email' }],
    [ajvError('additionalProperties', '/PushNotifications', { additionalProperty: 'Tokens' }), { code: 'unknown_field', field: 'PushNotifications.Tokens' }],
    [ajvError('minLength', '/Password', { limit: 12 }), { code: 'too_short', field: 'Password', values: { field: 'Password', min: 12 } }],
    [ajvError('minLength', '/target', { limit: 1 }), { code: 'missing_field', field: 'target' }],
    [ajvError('maxLength', '/Name', { limit: 200 }), { code: 'too_long', field: 'Name', values: { field: 'Name', max: 200 } }],
    [ajvError('pattern', '/Email'), { code: 'invalid_field', field: 'Email' }],
    [ajvError('type', '/EmailNotifications/Device'), { code: 'invalid_field', field: 'EmailNotifications.Device' }],
  ])('%o', (error, expected) => {
    expect(validationFailure([error], 'body')).toMatchObject({ status: 400, ...expected });
  });

  it('blames the whole body when it is not an object', () => {
    expect(validationFailure([ajvError('type', '')], 'body')).toEqual({ status: 400, code: 'invalid_body' });
    expect(validationFailure([ajvError('type', '')], 'querystring')).toEqual({ status: 400, code: 'bad_request' });
  });
});

describe('describeFailure', () => {
  it('maps our errors, Fastify errors and the unexpected', () => {
    expect(describeFailure(new AppError(409, 'email_taken', 'Email'))).toEqual({ status: 409, code: 'email_taken', field: 'Email', values: {} });
    expect(describeFailure(rateLimited(61))).toEqual({ status: 429, code: 'rate_limited', values: { minutes: 2 } });
    expect(describeFailure({ code: 'FST_ERR_CTP_BODY_TOO_LARGE', statusCode: 413 })).toEqual({ status: 413, code: 'payload_too_large' });
    expect(describeFailure({ code: 'FST_ERR_CTP_INVALID_JSON_BODY', statusCode: 400 })).toEqual({ status: 400, code: 'malformed_json' });
    expect(describeFailure({ code: 'FST_ERR_WHATEVER', statusCode: 400 })).toEqual({ status: 400, code: 'bad_request' });
    expect(describeFailure(new Error('boom'))).toEqual({ status: 500, code: 'internal_error' });
  });
});

describe('loggable', () => {
  it('keeps the parameters of a failed query out of the log', () => {
    const cause = new Error('duplicate key');
    const failed = new DrizzleQueryError('insert into "codes" values ($1)', ['secret-hash'], cause);
    expect(JSON.stringify(loggable(failed))).not.toContain('secret-hash');
    expect(loggable(failed)).toEqual({ message: 'Failed query: insert into "codes" values ($1)', cause });
    const other = new Error('other');
    expect(loggable(other)).toBe(other);
  });
});
