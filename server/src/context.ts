import type { RateLimitedAction, Config } from './config';
import type { Db } from './db/client';
import type { Limit, RateLimiter } from './auth/rateLimit';
import type { DeviceGateway } from './devices/gateway/gateway';
import type { Mailer } from './notify/mail';

/** What every route plugin works with; built once per app in app.ts. */
export interface AppContext {
  config: Config;
  db: Db;
  mailer: Mailer;
  limiter: RateLimiter;
  /** Publishes to devices and waits for their acks (connected to the broker only when the app runs devices). */
  gateway: DeviceGateway;
}

/** The per-e-mail and per-IP limits of an action. */
export function limitsFor(config: Config, action: RateLimitedAction, email: string, ip: string): Limit[] {
  const limit = config.rateLimits[action];
  return [
    { key: `${action}:email:${email}`, max: limit.perEmail },
    { key: `${action}:ip:${ip}`, max: limit.perIp },
  ];
}
