// What every purchase route shares (docs/product/api.md): purchases are charged once per Idempotency-Key (a retried
// or double-clicked request carries the key of the first and gets its result; without a key every request is a new
// purchase), a declined payment is 402, and a caller gets at most RATE_LIMIT_PURCHASE of them (and of payment portal
// links) per window (docs/product/limits.md), else 429.
import { randomUUID } from 'node:crypto';
import { IDEMPOTENCY_KEY_HEADER } from '@paddock/shared/contract';
import type { FastifyRequest } from 'fastify';
import type { Limit } from '../auth';
import type { Config } from '../config';
import { limitsFor } from '../context';
import { AppError } from '../http/errors';
import { PaymentDeclinedError } from './payments';

/** The request's purchase key: its Idempotency-Key header (checked by the route's PurchaseHeaders schema), else a new one. */
export function purchaseKeyOf(request: FastifyRequest): string {
  const header = request.headers[IDEMPOTENCY_KEY_HEADER];
  return typeof header === 'string' && header ? header : randomUUID();
}

/** The rate limits one purchase (or portal link) counts against: the signed-in caller's and the client IP's. Every attempt counts. */
export const purchaseLimits = (config: Config, callerId: string, request: FastifyRequest): Limit[] =>
  limitsFor(config, 'purchase', callerId, request.ip);

/** For `.catch`: a declined payment becomes 402 payment_declined in the caller's language; anything else is rethrown. */
export function declinedAsPaymentRequired(request: FastifyRequest, item: string) {
  return (error: unknown): never => {
    if (!(error instanceof PaymentDeclinedError)) throw error;
    request.log.warn({ item, err: error }, 'payment declined');
    throw new AppError(402, 'payment_declined');
  };
}
