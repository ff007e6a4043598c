// Push to the native app (docs/product/native-app.md): the app registers its FCM registration token as the Token of
// POST /users/{id}/device-tokens, as it comes from the platform (a browser registers its Web Push subscription as
// JSON instead). The server keeps both kinds in the same list and tells them apart by shape.
import { PUSH_TOKENS_PER_USER } from './push';

/** FCM registration tokens are opaque base64url-like text with ':' (a few hundred characters); anything else is refused. */
const FCM_TOKEN = /^[A-Za-z0-9_:-]{32,4096}$/;

/** The key an FCM token is known by among the user's tokens, like a browser's endpoint (`fcm:` and the token). */
export const FCM_ENDPOINT_PREFIX = 'fcm:';

export interface FcmPushToken {
  kind: 'fcm';
  /** The registration token FCM addresses the app installation with. */
  token: string;
  /** `fcm:` and the token: what jobs and removals name it by. */
  endpoint: string;
}

/** The FCM token a Token holds, or null when it is not one (a Web Push subscription is JSON and starts with `{`). */
export function parseFcmToken(text: string): FcmPushToken | null {
  if (!FCM_TOKEN.test(text)) return null;
  return { kind: 'fcm', token: text, endpoint: `${FCM_ENDPOINT_PREFIX}${text}` };
}

export const isFcmEndpoint = (endpoint: string): boolean => endpoint.startsWith(FCM_ENDPOINT_PREFIX);

/** The user's tokens with the app's FCM token added (once, newest last, at most PUSH_TOKENS_PER_USER like browsers). */
export function withFcmToken(tokens: readonly string[], token: FcmPushToken): string[] {
  return [...tokens.filter((existing) => existing !== token.token), token.token].slice(-PUSH_TOKENS_PER_USER);
}

/** The user's tokens without the FCM token named by `endpoint` (FCM said it is unregistered). */
export const withoutFcmEndpoint = (tokens: readonly string[], endpoint: string): string[] =>
  tokens.filter((existing) => `${FCM_ENDPOINT_PREFIX}${existing}` !== endpoint);
