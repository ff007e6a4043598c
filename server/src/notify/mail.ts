// Outgoing mail: SMTP when SMTP_URL is set, else the built-in mailbox (a table an admin can read).
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Db } from '../db/client';
import { mailbox } from '../db/schema';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /**
   * The sender's display name when it is not MAIL_FROM's: the branded variant's name for a mail a request on that
   * variant's host caused (docs/product/overview.md#branded-variants). The address stays MAIL_FROM's.
   */
  senderName?: string;
  /** An HTML alternative to `text` (the reports, docs/product/reports.md); `text` stays the plain part. */
  html?: string;
  /** Files attached (the reports' CSV). The built-in mailbox keeps the text only. */
  attachments?: MailAttachment[];
  /** Extra headers, e.g. List-Unsubscribe (RFC 8058) on the reports. */
  headers?: Record<string, string>;
}

export interface MailAttachment {
  filename: string;
  content: string;
  contentType: string;
}

/** MAIL_FROM with another display name: `Paddock <no-reply@x>` and `Paddock Partner` give `"Paddock Partner" <no-reply@x>`. */
export function fromWithName(mailFrom: string, senderName: string | undefined): string {
  if (!senderName) return mailFrom;
  const address = /<([^<>]+)>\s*$/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  return `"${senderName.replace(/["\\\r\n]/g, '')}" <${address}>`;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** Where mail goes, for the start banner. */
export function mailDescription(smtpUrl: string | null, adminMailbox = true): string {
  if (smtpUrl) return `SMTP ${new URL(smtpUrl).host}`;
  // ADMIN_MAILBOX off (docs/product/admin.md "Mailbox"): nobody reads it, so the start says mail goes nowhere useful.
  return adminMailbox ? 'built-in mailbox, read it as admin at GET /api/admin/mailbox' : 'built-in mailbox, not shown (ADMIN_MAILBOX off): set SMTP_URL';
}

export function createMailer(options: { smtpUrl: string | null; from: string; db: Db; now: () => Date; log: FastifyBaseLogger }): Mailer {
  return options.smtpUrl ? smtpMailer(options.smtpUrl, options.from, options.log) : mailboxMailer(options.db, options.now, options.log);
}

function smtpMailer(url: string, from: string, log: FastifyBaseLogger): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    async send(mail) {
      await transport.sendMail({
        from: fromWithName(from, mail.senderName),
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        ...(mail.html ? { html: mail.html } : {}),
        ...(mail.attachments?.length ? { attachments: mail.attachments } : {}),
        ...(mail.headers ? { headers: mail.headers } : {}),
      });
      log.info({ to: mail.to, subject: mail.subject }, 'mail sent');
    },
  };
}

function mailboxMailer(db: Db, now: () => Date, log: FastifyBaseLogger): Mailer {
  return {
    async send(mail) {
      await db.insert(mailbox).values({ id: randomUUID(), toEmail: mail.to, subject: mail.subject, body: mail.text, sentAt: now() });
      // To and subject only: the text holds a code.
      log.info({ to: mail.to, subject: mail.subject }, 'mail stored in the built-in mailbox');
    },
  };
}
