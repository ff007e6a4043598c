import type { RateLimitedAction, Config } from './config';
import type { Db } from './db/client';
import type { Limit, RateLimiter } from './auth/rateLimit';
import type { DeviceGateway } from './devices/gateway/gateway';
import type { Mailer } from './notify/mail';
import type { PaymentProvider } from './billing/payments';

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
 * The limits of an action for a subject (an e-mail; registerDevice and purchase: a user id) and a client IP.
 * Sign-in counts per (e-mail, IP), so an attacker's failures lock out only the attacker's address, plus a much
 * higher per-e-mail ceiling against attacks from many addresses.
 */
export function limitsFor(config: Config, action: RateLimitedAction, subject: string, ip: string): Limit[] {
  const limit = config.rateLimits[action];
  const ipLimit = { key: `${action}:ip:${ip}`, max: limit.perIp };
  if (action === 'signIn') {
    return [
      { key: `${action}:email-ip:${subject}:${ip}`, max: limit.perEmail },
      { key: `${action}:email:${subject}`, max: limit.perEmailCeiling ?? limit.perEmail * 10 },
      ipLimit,
    ];
  }
  const kind = action === 'registerDevice' || action === 'purchase' ? 'user' : 'email';
  return [{ key: `${action}:${kind}:${subject}`, max: limit.perEmail }, ipLimit];
}
