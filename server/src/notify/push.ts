// Web Push: messages encrypted for one browser's subscription and signed with the server's VAPID key, posted to that
// browser's push service (web-push does both). The key pair comes from the environment or is made on first start
// and kept in the database, so every instance signs with the same key the browsers subscribed with.
import type { Agent } from 'node:https';
import type { PushMessage, WebPushToken } from '@paddock/shared/domain';
import type { FastifyBaseLogger } from 'fastify';
import webpush from 'web-push';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { serverKeys } from '../db/schema';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** 'gone': the push service no longer knows the subscription (the browser unsubscribed or it expired). */
export type PushResult = 'delivered' | 'gone';

export interface PushTransport {
  /** Rejects when the push service did not take the message (the job is then retried). */
  send(token: WebPushToken, message: PushMessage): Promise<PushResult>;
}

/** How long a push service keeps a message for a browser that is offline: an alarm a day late is still worth seeing. */
const TIME_TO_LIVE_SECONDS = 24 * 3600;
const SEND_TIMEOUT_MS = 15_000;

const PUBLIC_KEY = 'vapid-public-key';
const PRIVATE_KEY = 'vapid-private-key';

/** The VAPID keys: from the environment, else from the database, made there by whichever instance starts first. */
export async function loadVapidKeys(db: Db, config: Pick<Config, 'vapidKeys' | 'now'>): Promise<VapidKeys> {
  if (config.vapidKeys) return config.vapidKeys;
  const made = webpush.generateVAPIDKeys();
  const now = config.now();
  // One statement for the pair, so two instances starting together cannot end up with halves of two pairs.
  await db
    .insert(serverKeys)
    .values([
      { name: PUBLIC_KEY, value: made.publicKey, createdAt: now },
      { name: PRIVATE_KEY, value: made.privateKey, createdAt: now },
    ])
    .onConflictDoNothing();
  const rows = await db.select().from(serverKeys);
  const value = (name: string) => rows.find((row) => row.name === name)?.value;
  const publicKey = value(PUBLIC_KEY);
  const privateKey = value(PRIVATE_KEY);
  if (!publicKey || !privateKey) throw new Error('the VAPID keys in server_keys are incomplete');
  return { publicKey, privateKey };
}

/** Whether `endpoint` is at one of the allowed push services (`host`, `*.domain`, either with an optional `:port`). */
export function isAllowedPushEndpoint(endpoint: string, allowedHosts: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:') return false;
  const host = url.hostname.toLowerCase();
  const port = url.port || '443';
  return allowedHosts.some((pattern) => {
    const [patternHost, patternPort = '443'] = pattern.split(':');
    if (patternPort !== port) return false;
    return patternHost.startsWith('*.') ? host.endsWith(patternHost.slice(1)) : host === patternHost;
  });
}

export interface WebPushOptions {
  keys: VapidKeys;
  subject: string;
  allowedHosts: readonly string[];
  log: FastifyBaseLogger;
  /** The TLS agent (tests trust their own push service with it). */
  agent?: Agent;
}

export function webPushTransport(options: WebPushOptions): PushTransport {
  const vapidDetails = { subject: options.subject, publicKey: options.keys.publicKey, privateKey: options.keys.privateKey };
  return {
    async send(token, message) {
      // Checked again at sending: the list may have shrunk since the token was registered.
      if (!isAllowedPushEndpoint(token.endpoint, options.allowedHosts)) return 'gone';
      try {
        await webpush.sendNotification(token, JSON.stringify(message), {
          vapidDetails,
          TTL: TIME_TO_LIVE_SECONDS,
          urgency: 'high',
          timeout: SEND_TIMEOUT_MS,
          ...(options.agent ? { agent: options.agent } : {}),
        });
      } catch (error) {
        const status = (error as { statusCode?: number }).statusCode;
        if (status === 404 || status === 410) return 'gone';
        // The endpoint is a capability URL: log its host only.
        throw new Error(`push service ${new URL(token.endpoint).host} answered ${status ?? (error as Error).message}`, { cause: error });
      }
      options.log.info({ pushService: new URL(token.endpoint).host }, 'push message sent');
      return 'delivered';
    },
  };
}
