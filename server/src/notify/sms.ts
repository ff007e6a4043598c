// Outgoing SMS through a provider adapter. The built-in one records each message in the sms_outbox table, which
// admins read at GET /api/admin/sms-outbox (like the mailbox); a real provider implements the same interface.
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { smsOutbox } from '../db/schema';

export interface Sms {
  /** The phone number as the user entered it. */
  to: string;
  /** The account it goes to (kept by the outbox so admins can look it up). */
  email: string;
  text: string;
}

export interface SmsProvider {
  /** Rejects when the provider did not take the message (the job is then retried). */
  send(sms: Sms): Promise<void>;
}

export function outboxSmsProvider(db: Db, now: () => Date, log: FastifyBaseLogger): SmsProvider {
  return {
    async send(sms) {
      await db.insert(smsOutbox).values({ id: randomUUID(), toPhone: sms.to, toEmail: sms.email, text: sms.text, sentAt: now() });
      log.info({ to: sms.to }, 'SMS stored in the built-in outbox');
    },
  };
}
