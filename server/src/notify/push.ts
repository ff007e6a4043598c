// Web Push: messages encrypted for one browser's subscription and signed with the server's VAPID key, posted to that
// browser's push service (web-push does both). The key pair comes from the environment or is made on first start
// and kept in the database, so every instance signs with the same key the browsers subscribed with.
import dns from 'node:dns';
import { Agent, type AgentOptions } from 'node:https';
import { isCanonicalPushEndpoint, type FcmPushToken, type PushMessage, type WebPushToken } from '@paddock/shared/domain';
import ipaddr from 'ipaddr.js';
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

/** Where a push message goes: a browser's Web Push subscription, or the native app's FCM token (notify/fcm.ts). */
export type PushTarget = WebPushToken | FcmPushToken;

export interface PushTransport {
  /** Rejects when the push service did not take the message (the job is then retried). */
  send(token: PushTarget, message: PushMessage): Promise<PushResult>;
}

/** The Web Push half of the transport (fcmTransport is the other; pushTransport in fcm.ts picks per token). */
export interface WebPushTransport {
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

/**
 * Whether `endpoint` is a canonical https URL (isCanonicalPushEndpoint) at one of the allowed push services (`host`,
 * `*.domain`, either with an optional `:port`).
 */
export function isAllowedPushEndpoint(endpoint: string, allowedHosts: readonly string[]): boolean {
  if (!isCanonicalPushEndpoint(endpoint)) return false;
  const url = new URL(endpoint);
  const host = url.hostname;
  const port = url.port || '443';
  return allowedHosts.some((pattern) => {
    const [patternHost, patternPort = '443'] = pattern.split(':');
    if (patternPort !== port) return false;
    return patternHost.startsWith('*.') ? host.endsWith(patternHost.slice(1)) : host === patternHost;
  });
}

/** Only addresses on the public internet: never loopback, private, link-local, carrier NAT, multicast or reserved. */
export const isPublicAddress = (address: string): boolean => ipaddr.isValid(address) && ipaddr.process(address).range() === 'unicast';

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void;
/** dns.lookup with `all: true`, or a stand-in (tests). */
export type Resolver = (hostname: string, callback: (error: NodeJS.ErrnoException | null, addresses: dns.LookupAddress[]) => void) => void;

const systemResolver: Resolver = (hostname, callback) => dns.lookup(hostname, { all: true }, callback);

class PrivateAddressError extends Error {
  code = 'EPRIVATEADDRESS';
}

/**
 * A look-up that fails for a host name with any address that is not public. Used right before sending, and by the
 * TLS agent when it connects, so a name that changes its answer in between still reaches nothing inside. Webhooks use
 * it the same way (webhooks/targets.ts); a refusal's error has the code EPRIVATEADDRESS.
 */
export function publicOnlyLookup(resolver: Resolver, allowPrivate: boolean) {
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback) => {
    resolver(hostname, (error, addresses) => {
      if (error) return callback(error, '');
      const refused = addresses.find((entry) => !isPublicAddress(entry.address));
      if (refused && !allowPrivate) return callback(new PrivateAddressError(`${hostname} resolves to ${refused.address}, which is not public`), '');
      if (!addresses.length) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '');
      if (options.all) return callback(null, addresses);
      callback(null, addresses[0].address, addresses[0].family);
    });
  };
}

export interface WebPushOptions {
  keys: VapidKeys;
  subject: string;
  allowedHosts: readonly string[];
  log: FastifyBaseLogger;
  /** Tests only: the certificate of their own push service, which the TLS agent then trusts. */
  ca?: string | Buffer;
  /** Tests only: a resolver instead of dns.lookup. */
  resolver?: Resolver;
  /** Tests only, never from the environment: lets the transport reach a push service on this machine. */
  allowPrivateAddressesForTests?: boolean;
}

export function webPushTransport(options: WebPushOptions): WebPushTransport {
  const vapidDetails = { subject: options.subject, publicKey: options.keys.publicKey, privateKey: options.keys.privateKey };
  const allowPrivate = options.allowPrivateAddressesForTests === true;
  const lookup = publicOnlyLookup(options.resolver ?? systemResolver, allowPrivate);
  const agent = new Agent({ lookup: lookup as AgentOptions['lookup'], ...(options.ca ? { ca: options.ca } : {}) });
  const checkAddress = (hostname: string) =>
    new Promise<void>((resolve, reject) => {
      // An IP address is connected to without a look-up: check it here.
      if (ipaddr.isValid(hostname)) {
        return isPublicAddress(hostname) || allowPrivate ? resolve() : reject(new PrivateAddressError(`${hostname} is not a public address`));
      }
      lookup(hostname, {}, (error) => (error ? reject(error) : resolve()));
    });
  return {
    async send(token, message) {
      // Checked again at sending: the list may have shrunk since the token was registered.
      if (!isAllowedPushEndpoint(token.endpoint, options.allowedHosts)) return 'gone';
      const url = new URL(token.endpoint);
      try {
        await checkAddress(url.hostname);
        await webpush.sendNotification(token, JSON.stringify(message), {
          vapidDetails,
          TTL: TIME_TO_LIVE_SECONDS,
          urgency: 'high',
          timeout: SEND_TIMEOUT_MS,
          agent,
        });
      } catch (error) {
        // A push service inside our network is no push service: the token is dropped as gone, never retried.
        if (error instanceof PrivateAddressError || (error as { cause?: unknown }).cause instanceof PrivateAddressError) {
          options.log.warn({ pushService: url.host, err: (error as Error).message }, 'push service refused: not a public address');
          return 'gone';
        }
        const status = (error as { statusCode?: number }).statusCode;
        if (status === 404 || status === 410) return 'gone';
        // The endpoint is a capability URL: log its host only.
        throw new Error(`push service ${url.host} answered ${status ?? (error as Error).message}`, { cause: error });
      }
      options.log.info({ pushService: url.host }, 'push message sent');
      return 'delivered';
    },
  };
}
