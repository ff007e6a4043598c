// Each Paddock instance's own identity at an external broker, derived from one shared BROKER_SECRET
// (docs/architecture/scale-out.md#identities): user name `paddock-server-<instance id>`, password the HMAC of that
// name with the secret. The broker asks Paddock's broker-auth endpoints (mqtt/brokerAuth.ts), which recompute the
// HMAC, so no broker user is kept per instance and no two instances share a name (nor an MQTT client id: one
// user per deployment secret made them take each other's session, issue 27).
import { createHmac } from 'node:crypto';
import { sameSecret } from '../crypto';

export const SERVER_USERNAME_PREFIX = 'paddock-server-';

export interface BrokerIdentity {
  username: string;
  password: string;
  /** The MQTT client id to use with it: the user name, unique per process. */
  clientId: string;
}

const hmacHex = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('hex');

/** The password of a server user name under `secret`. */
export const serverPassword = (secret: string, username: string): string => hmacHex(secret, username);

/**
 * The identity of the instance `instanceId` (instance.ts newInstanceId: host, port, process and a random part, so
 * unique per process), written with [A-Za-z0-9-] only: RabbitMQ's MQTT plugin reads `vhost:user` from a user name
 * with a colon, and the client id becomes part of a queue name.
 */
export function brokerIdentity(config: { brokerSecret: string | null }, instanceId: string): BrokerIdentity | null {
  if (!config.brokerSecret) return null;
  const username = `${SERVER_USERNAME_PREFIX}${instanceId.replace(/[^A-Za-z0-9-]/g, '-').slice(0, 200)}`;
  return { username, password: serverPassword(config.brokerSecret, username), clientId: username };
}

/** Whether `password` is the HMAC of a server user name under `secret` (constant time). */
export function isServerSignIn(secret: string, username: string, password: string): boolean {
  return username.startsWith(SERVER_USERNAME_PREFIX) && sameSecret(password, serverPassword(secret, username));
}

/** `url` with this identity's credentials instead of any it carried (for an amqp:// or mqtt:// URL). */
export function withIdentity(url: string, identity: BrokerIdentity): string {
  const parsed = new URL(url);
  parsed.username = encodeURIComponent(identity.username);
  parsed.password = encodeURIComponent(identity.password);
  return parsed.toString();
}

/** `url` without credentials: with an identity the server signs in with that, never with the URL's user. */
export function withoutCredentials(url: string): string {
  const parsed = new URL(url);
  parsed.username = '';
  parsed.password = '';
  return parsed.toString();
}

/**
 * The path segment that guards the broker-auth endpoints: the HMAC of a fixed label with BROKER_SECRET, so only who
 * knows the secret (the operator writing the broker's configuration) can call them. The operator computes it with
 * `printf %s paddock-broker-auth | openssl dgst -sha256 -hmac "$BROKER_SECRET"` (docs/architecture/scale-out.md).
 */
export const brokerAuthToken = (secret: string): string => hmacHex(secret, 'paddock-broker-auth');
