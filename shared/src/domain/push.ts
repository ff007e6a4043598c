// Push notifications (docs/product/devices.md "Push payload data", §7 device-tokens). A browser registers a Web Push subscription;
// its Token is the subscription as JSON (`PushSubscription.toJSON()`), which carries everything the server needs to
// send to it: the push service's endpoint and the keys the message is encrypted for.

export interface WebPushToken {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** The longest Token accepted (the contract's limit too); real subscriptions are a few hundred characters. */
export const PUSH_TOKEN_MAX_LENGTH = 4096;
/** A user keeps at most this many registered browsers and phones; a new one pushes out the oldest. */
export const PUSH_TOKENS_PER_USER = 20;

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;
const decodedLength = (text: string) => Math.floor((text.replace(/=+$/, '').length * 3) / 4);

/** A DNS name of at least two labels (letters, digits, inner hyphens), or a dotted IPv4 address. */
const HOST_NAME = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
/** Path and query: RFC 3986 characters only, so every URL parser splits them the same way. */
const PATH_AND_QUERY = /^\/[A-Za-z0-9\-._~!$&'()*+,;=:@/%?]*$/;

/**
 * Whether `endpoint` is an https URL written exactly as the WHATWG parser writes it back, with a plain host name,
 * no user info, no fragment and no odd characters: then the server's URL parsers all see the same host and port
 * (`https://127.0.0.1{x.push.apple.com/` is refused, not read as two different hosts).
 */
export function isCanonicalPushEndpoint(endpoint: string): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  return (
    url.href === endpoint &&
    url.protocol === 'https:' &&
    !url.username &&
    !url.password &&
    !url.hash &&
    HOST_NAME.test(url.hostname) &&
    PATH_AND_QUERY.test(`${url.pathname}${url.search}`)
  );
}

/**
 * The subscription a Token holds, or null when it is not one: a canonical https endpoint (isCanonicalPushEndpoint),
 * a P-256 public key (65 bytes, uncompressed) and a 16-byte auth secret, both base64url.
 */
export function parseWebPushToken(token: string): WebPushToken | null {
  if (token.length > PUSH_TOKEN_MAX_LENGTH) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(token);
  } catch {
    return null;
  }
  const { endpoint, keys } = (parsed ?? {}) as { endpoint?: unknown; keys?: { p256dh?: unknown; auth?: unknown } };
  if (typeof endpoint !== 'string' || typeof keys?.p256dh !== 'string' || typeof keys.auth !== 'string') return null;
  if (!isCanonicalPushEndpoint(endpoint)) return null;
  const { p256dh, auth } = keys;
  if (!BASE64URL.test(p256dh) || decodedLength(p256dh) !== 65) return null;
  if (!BASE64URL.test(auth) || decodedLength(auth) !== 16) return null;
  return { endpoint, keys: { p256dh, auth } };
}

/** The Token of a subscription, always written the same way, so the same browser is recognised again. */
export const webPushTokenText = (subscription: WebPushToken): string =>
  JSON.stringify({ endpoint: subscription.endpoint, keys: { p256dh: subscription.keys.p256dh, auth: subscription.keys.auth } });

/** The user's tokens with `token` added: one per endpoint (a renewed subscription replaces the old), newest last, at most PUSH_TOKENS_PER_USER. */
export function withPushToken(tokens: readonly string[], token: WebPushToken): string[] {
  const others = tokens.filter((existing) => parseWebPushToken(existing)?.endpoint !== token.endpoint);
  return [...others, webPushTokenText(token)].slice(-PUSH_TOKENS_PER_USER);
}

/** The user's tokens without the one for `endpoint` (the push service said it is gone). */
export const withoutPushEndpoint = (tokens: readonly string[], endpoint: string): string[] =>
  tokens.filter((existing) => parseWebPushToken(existing)?.endpoint !== endpoint);

/** What a push message carries (docs/product/devices.md: data Device, Imei, Imsi); the service worker shows Title and Body. */
export interface PushMessage {
  Title: string;
  Body: string;
  /** Notifications with the same tag replace each other (one per device and alarm). */
  Tag: string;
  Data: { Device: string; Imei?: string; Imsi?: string };
  /** The page tapping the notification opens (pushMessageUrl of Data). */
  Url: string;
}

/** Where tapping a notification leads: the device's card on the dashboard. */
export const pushMessageUrl = (data: PushMessage['Data']): string => {
  const key = data.Imei ?? data.Imsi;
  return key ? `/devices?id=${encodeURIComponent(key)}` : '/devices';
};

/** docs/product/limits.md: push registration starts 1 s after the dashboard loads. */
export const PUSH_PROMPT_DELAY_MS = 1000;
/** "Not now" keeps the offer away this long; a denial, for good (the browser would refuse anyway). */
export const PUSH_PROMPT_SNOOZE_MS = 30 * 24 * 3600 * 1000;

/** The browser's answer to the offer, as remembered on this browser. */
export interface PushPromptAnswer {
  answer: 'denied' | 'later';
  at: number;
}

/** Whether the dashboard may offer push again, given what was answered before (docs/product/errors.md: a denial is remembered). */
export function mayOfferPush(previous: PushPromptAnswer | null, nowMs: number): boolean {
  if (!previous) return true;
  if (previous.answer === 'denied') return false;
  return nowMs - previous.at >= PUSH_PROMPT_SNOOZE_MS;
}
