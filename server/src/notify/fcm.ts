// Push to the native app through Firebase Cloud Messaging, HTTP v1 (docs/product/native-app.md): the server signs a
// JWT as its service account, trades it at the token endpoint for an access token (kept until shortly before it
// expires), and posts one message per app installation to messages:send. Behind the same PushTransport as Web Push.
import { sign } from 'node:crypto';
import type { FcmPushToken, PushMessage } from '@paddock/shared/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { FcmSettings } from '../config';
import type { PushResult, PushTarget, PushTransport, WebPushTransport } from './push';

/** The one OAuth2 scope sending needs. */
export const FCM_SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';
/** Lifetime asked for the signed assertion (Google's maximum). */
const ASSERTION_SECONDS = 3600;
/** An access token is renewed this long before it runs out, so none expires in flight. */
const RENEW_BEFORE_MS = 60_000;
/** As for Web Push (push.ts): an alarm a day late is still worth seeing. */
const TIME_TO_LIVE_SECONDS = 24 * 3600;
const REQUEST_TIMEOUT_MS = 15_000;
/** APNs refuses a collapse id above 64 bytes. */
const APNS_COLLAPSE_ID_MAX = 64;

export interface FcmOptions {
  settings: FcmSettings;
  log: FastifyBaseLogger;
  /** Milliseconds since the epoch; tests move it to see the access token renewed. */
  now?: () => number;
}

export interface FcmTransport {
  send(token: FcmPushToken, message: PushMessage): Promise<PushResult>;
}

interface AccessToken {
  value: string;
  expiresAt: number;
}

/** A failure to tell apart from the push service's own answers: the token endpoint refused or could not be reached. */
class FcmAuthError extends Error {}

const base64Url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/** The RS256 assertion of the service account for the token endpoint (RFC 7523). */
export function serviceAccountAssertion(settings: Pick<FcmSettings, 'clientEmail' | 'privateKey' | 'tokenUrl'>, nowMs: number): string {
  const iat = Math.floor(nowMs / 1000);
  const header = base64Url(JSON.stringify({ alg: 'RS256', typ: 'JWT' }));
  const claims = base64Url(JSON.stringify({ iss: settings.clientEmail, scope: FCM_SCOPE, aud: settings.tokenUrl, iat, exp: iat + ASSERTION_SECONDS }));
  const signature = sign('RSA-SHA256', Buffer.from(`${header}.${claims}`), settings.privateKey);
  return `${header}.${claims}.${base64Url(signature)}`;
}

/** The FCM v1 request body: notification (title, body) for the system tray, data (strings only) for the app's tap handler. */
export function fcmMessageBody(token: string, message: PushMessage, nowMs: number): unknown {
  const data: Record<string, string> = { ...message.Data, Url: message.Url, Tag: message.Tag };
  for (const [key, value] of Object.entries(data)) if (value === undefined) delete data[key];
  return {
    message: {
      token,
      notification: { title: message.Title, body: message.Body },
      data,
      android: { priority: 'HIGH', ttl: `${TIME_TO_LIVE_SECONDS}s`, notification: { tag: message.Tag } },
      apns: {
        headers: {
          'apns-priority': '10',
          'apns-expiration': String(Math.floor(nowMs / 1000) + TIME_TO_LIVE_SECONDS),
          'apns-collapse-id': Buffer.from(message.Tag).subarray(0, APNS_COLLAPSE_ID_MAX).toString(),
        },
        payload: { aps: { sound: 'default' } },
      },
    },
  };
}

interface FcmErrorBody {
  error?: { status?: string; message?: string; details?: { '@type'?: string; errorCode?: string }[] };
}

/** FCM's own error code (UNREGISTERED, INVALID_ARGUMENT, QUOTA_EXCEEDED…), else the Google status. */
function errorCode(body: FcmErrorBody): string {
  const detail = body.error?.details?.find((entry) => entry['@type']?.endsWith('FcmError'))?.errorCode;
  return detail ?? body.error?.status ?? 'unknown';
}

/**
 * Whether FCM says this installation will never take a message again: unregistered (the app was removed or its token
 * renewed), a token of another Firebase project, or no registration token at all.
 */
function isDeadToken(status: number, body: FcmErrorBody): boolean {
  const code = errorCode(body);
  if (status === 404 || code === 'UNREGISTERED' || code === 'SENDER_ID_MISMATCH') return true;
  return status === 400 && code === 'INVALID_ARGUMENT' && /registration token/i.test(body.error?.message ?? '');
}

export function fcmTransport(options: FcmOptions): FcmTransport {
  const { settings, log } = options;
  const now = options.now ?? Date.now;
  const sendUrl = `${settings.apiUrl}/v1/projects/${encodeURIComponent(settings.projectId)}/messages:send`;
  let cached: AccessToken | null = null;
  let pending: Promise<AccessToken> | null = null;

  async function fetchAccessToken(): Promise<AccessToken> {
    const body = new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion: serviceAccountAssertion(settings, now()) });
    let response: Response;
    try {
      response = await fetch(settings.tokenUrl, { method: 'POST', body, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    } catch (error) {
      throw new FcmAuthError(`FCM token endpoint not reachable: ${(error as Error).message}`);
    }
    const reply = (await response.json().catch(() => ({}))) as { access_token?: unknown; expires_in?: unknown; error?: unknown };
    // Only the OAuth error code is repeated: never the assertion, the key or a token.
    if (!response.ok || typeof reply.access_token !== 'string') {
      throw new FcmAuthError(`FCM token endpoint answered ${response.status}${typeof reply.error === 'string' ? ` ${reply.error}` : ''}`);
    }
    const seconds = typeof reply.expires_in === 'number' && reply.expires_in > 0 ? reply.expires_in : ASSERTION_SECONDS;
    return { value: reply.access_token, expiresAt: now() + seconds * 1000 };
  }

  /** The cached access token while it has more than a minute left; one request at a time renews it. */
  async function accessToken(): Promise<string> {
    if (cached && cached.expiresAt - RENEW_BEFORE_MS > now()) return cached.value;
    pending ??= fetchAccessToken().finally(() => (pending = null));
    cached = await pending;
    return cached.value;
  }

  async function post(token: FcmPushToken, message: PushMessage): Promise<Response> {
    try {
      return await fetch(sendUrl, {
        method: 'POST',
        headers: { Authorization: `Bearer ${await accessToken()}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(fcmMessageBody(token.token, message, now())),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (error) {
      if (error instanceof FcmAuthError) throw error;
      throw new Error(`FCM not reachable: ${(error as Error).message}`);
    }
  }

  return {
    async send(token, message) {
      let response = await post(token, message);
      if (response.status === 401) {
        // The access token was revoked or expired early: one more try with a fresh one.
        cached = null;
        response = await post(token, message);
      }
      if (response.ok) {
        log.info({ pushService: 'fcm' }, 'push message sent');
        return 'delivered';
      }
      const body = (await response.json().catch(() => ({}))) as FcmErrorBody;
      if (isDeadToken(response.status, body)) {
        log.info({ pushService: 'fcm', fcmError: errorCode(body) }, 'app installation no longer registered: token dropped');
        return 'gone';
      }
      // Retried by the job queue with back-off (429 and 5xx are FCM's "try later"); the registration token is not named.
      throw new Error(`FCM answered ${response.status} ${errorCode(body)}`);
    },
  };
}

/**
 * The one PushTransport the worker sends through: FCM for the native app's tokens, Web Push for browsers. Without
 * FCM settings an app token (registered while they were set) fails its job, so the tokens stay for when they return.
 */
export function pushTransport(web: WebPushTransport, fcm: FcmTransport | null): PushTransport {
  return {
    send(token: PushTarget, message: PushMessage) {
      if ('kind' in token) {
        if (!fcm) return Promise.reject(new Error('FCM is not configured (FCM_SERVICE_ACCOUNT): app push cannot be sent'));
        return fcm.send(token, message);
      }
      return web.send(token, message);
    },
  };
}
