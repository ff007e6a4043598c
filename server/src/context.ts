import type { RateLimitedAction, Config } from './config';
import type { Db } from './db/client';
import type { Limit, RateLimiter } from './auth';
import type { DeviceGateway } from './devices';
import type { Mailer } from './notify';
import type { PaymentProvider } from './billing';

/** What every route plugin works with; built once per app in app.ts. */
export interface AppContext {
  config: Config;
  db: Db;
  mailer: Mailer;
  limiter: RateLimiter;
  /** Publishes to devices and waits for their acks (connected to the broker only when the app runs devices). */
  gateway: DeviceGateway;
  /** The payment provider (billing/payments.ts): built-in by default. */
  payments: PaymentProvider;
}

/**
 * The limits of an action for a subject (an e-mail; registerDevice, purchase and offerTransfer: a user id) and a client IP.
 * Sign-in and the code routes count per (e-mail, IP), so an attacker's failures lock out only the attacker's
 * address, plus a much higher per-e-mail ceiling against attacks from many addresses.
 */
export function limitsFor(config: Config, action: RateLimitedAction, subject: string, ip: string): Limit[] {
  const limit = config.rateLimits[action];
  const ipLimit = { key: `${action}:ip:${ip}`, max: limit.perIp };
  if (action === 'signIn' || action === 'verifyEmail' || action === 'password') {
    // Wrong codes count like failed sign-ins, so a stranger cannot keep the owner from verifying or resetting; both
    // code routes share one per-e-mail ceiling, as they guess the same codes (docs/product/limits.md).
    const ceiling = action === 'signIn' ? `${action}:email:${subject}` : `code:email:${subject}`;
    return [
      { key: `${action}:email-ip:${subject}:${ip}`, max: limit.perEmail },
      { key: ceiling, max: limit.perEmailCeiling ?? limit.perEmail * 10 },
      ipLimit,
    ];
  }
  const kind = action === 'registerDevice' || action === 'purchase' || action === 'offerTransfer' ? 'user' : 'email';
  return [{ key: `${action}:${kind}:${subject}`, max: limit.perEmail }, ipLimit];
}
