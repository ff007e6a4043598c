// Reads an MQTT payload against its protocol schema (shared/src/contract/deviceProtocol.ts): JSON, then the
// schema, without coercion, so a field of the wrong type makes the message invalid and it is dropped.
import type { TSchema } from '@sinclair/typebox';
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { fieldName } from '../../http/errorHandler';

const ajv = new Ajv({ allErrors: false, coerceTypes: false, removeAdditional: false, useDefaults: false });
addFormats(ajv, { keywords: false });
const compiled = new WeakMap<TSchema, ValidateFunction>();

/** Why a payload was refused, as a fixed word (the metrics' drop reason, docs/operations/monitor.md). */
export type PayloadProblem = 'not_json' | 'missing_field' | 'invalid_field';
export type Parsed<T> = { ok: true; value: T } | { ok: false; reason: string; problem: PayloadProblem };

/** The payload as T, or why not: "not JSON", "not an object", "Voltage: must be number"… */
export function parsePayload<T>(schema: TSchema, payload: Buffer | string): Parsed<T> {
  let value: unknown;
  try {
    value = JSON.parse(payload.toString());
  } catch {
    return { ok: false, reason: 'not JSON', problem: 'not_json' };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { ok: false, reason: 'not a JSON object', problem: 'not_json' };
  let validate = compiled.get(schema);
  if (!validate) {
    validate = ajv.compile(schema);
    compiled.set(schema, validate);
  }
  if (validate(value)) return { ok: true, value: value as T };
  const error = validate.errors?.[0];
  const params = (error?.params ?? {}) as Record<string, unknown>;
  const field = error ? fieldName(error.instancePath, params.missingProperty as string | undefined) : '';
  const problem = error?.keyword === 'required' ? 'missing_field' : 'invalid_field';
  return { ok: false, reason: `${field || 'payload'}: ${error?.message ?? 'invalid'}`, problem };
}

/** Only the properties the schema names (what a device adds beyond them is not stored). */
export function knownFields(schema: TSchema, value: Record<string, unknown>): Record<string, unknown> {
  const properties = (schema as { properties?: Record<string, unknown> }).properties ?? {};
  return Object.fromEntries(Object.entries(value).filter(([name]) => name in properties));
}
