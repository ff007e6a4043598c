// Purchases charged once (docs/product/api.md Purchases): the key of one user action and the header that carries it.
// Apart from billing.ts, so that a page whose call takes a key (users.ts) does not bring in the billing calls.
// Not from the index: the header alone, without the schemas (contract/headers.ts).
import { IDEMPOTENCY_KEY_HEADER } from '../contract/headers';
import type { RequestOptions } from './client';

/**
 * A new idempotency key for one user action (docs/product/api.md Purchases): made once when the user starts the
 * action, sent with every try of it, so a double click or a retry is charged once.
 */
export function newIdempotencyKey(): string {
  const crypto = globalThis.crypto;
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The header that carries an idempotency key, merged into the call's own headers. */
export function idempotencyHeaders(key: string, options?: RequestOptions): RequestOptions {
  return { ...options, headers: { ...options?.headers, [IDEMPOTENCY_KEY_HEADER]: key } };
}
