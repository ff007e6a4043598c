// The request headers of the contract, as plain strings in a module without schemas: the API client and the API
// calls, which every app bundles, import them from here without pulling in TypeBox (docs/architecture/README.md#budgets).

/**
 * Sent with every call an admin makes while impersonating: the id of the user acted as. The server answers for
 * that user because the caller is an admin, and records the call in the audit log with both (403 from anyone else).
 */
export const IMPERSONATION_HEADER = 'Paddock-Impersonating';

/** Header every purchase carries: a retried or repeated request with the same key returns the first result. */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
