// The embedded MQTT broker (aedes), used unless MQTT_URL names an external one (server/src/devices/PROTOCOL.md).
// Devices sign in with their key and secret; the server's own client with random credentials made per process.
// Topic rules are in acl.ts.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import type { FastifyBaseLogger } from 'fastify';
import { mayPublish, maySubscribe, type BrokerIdentity } from './acl';

/** CONNACK return codes (MQTT 3.1.1 §3.2.2.3). */
const IDENTIFIER_REJECTED = 2;
const BAD_USERNAME_OR_PASSWORD = 4;

export interface BrokerOptions {
  port: number;
  /** Interface to listen on (default all). */
  host?: string;
  /** Whether a device may sign in with this key and secret (the inventory decides). */
  checkDevice(key: string, secret: string): Promise<boolean>;
  log: FastifyBaseLogger;
}

export interface EmbeddedBroker {
  /** The port it listens on (the one asked for, or the free one picked for port 0). */
  port: number;
  /** Where a client on this machine reaches it, without credentials: mqtt://127.0.0.1:{port}. */
  url: string;
  /** The server's own client signs in with these; they change with every start. */
  serverCredentials: { username: string; password: string };
  close(): Promise<void>;
}

const SERVER_USERNAME_PREFIX = 'paddock-server-';

function authError(returnCode: number, message: string): AuthenticateError {
  return Object.assign(new Error(message), { returnCode }) as AuthenticateError;
}

/** Equal strings, compared in time that does not depend on where they differ. */
export function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  // Compare against itself when lengths differ, so the time taken does not tell the length either.
  return timingSafeEqual(left, left.length === right.length ? right : left) && left.length === right.length;
}

function listen(server: Server, port: number, host: string | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const fail = (error: NodeJS.ErrnoException) => {
      server.off('listening', done);
      if (error.code === 'EADDRINUSE') {
        reject(
          Object.assign(
            new Error(
              `MQTT_PORT ${port} is already in use (another MQTT broker?). Set MQTT_PORT to a free port, or MQTT_URL to use that broker instead of the embedded one.`,
            ),
            { code: 'EADDRINUSE' },
          ),
        );
      } else if (error.code === 'EACCES') {
        reject(new Error(`MQTT_PORT ${port} may not be opened by this user; set MQTT_PORT to a port above 1023.`));
      } else {
        reject(error);
      }
    };
    const done = () => {
      server.off('error', fail);
      resolve();
    };
    server.once('error', fail);
    server.once('listening', done);
    server.listen(port, host);
  });
}

export async function startBroker(options: BrokerOptions): Promise<EmbeddedBroker> {
  const { log } = options;
  const serverCredentials = {
    username: `${SERVER_USERNAME_PREFIX}${randomBytes(8).toString('hex')}`,
    password: randomBytes(24).toString('base64url'),
  };
  const identities = new WeakMap<Client, BrokerIdentity>();

  const broker = await Aedes.createBroker({
    authenticate(client, username, password, done) {
      const secret = password?.toString('utf8') ?? '';
      if (username === serverCredentials.username) {
        if (sameSecret(secret, serverCredentials.password)) {
          identities.set(client, { kind: 'server' });
          return done(null, true);
        }
        return done(authError(BAD_USERNAME_OR_PASSWORD, 'bad server credentials'), false);
      }
      const key = username ?? '';
      options.checkDevice(key, secret).then(
        (ok) => {
          if (!ok) return done(authError(BAD_USERNAME_OR_PASSWORD, 'unknown device or wrong secret'), false);
          // A device's client id is its key, so no one can take over another device's session by its id.
          if (client.id !== key) return done(authError(IDENTIFIER_REJECTED, 'the client id must be the device key'), false);
          identities.set(client, { kind: 'device', key });
          done(null, true);
        },
        (error: unknown) => {
          log.error({ err: error }, 'device sign-in check failed');
          done(authError(3, 'server unavailable'), false);
        },
      );
    },
    authorizePublish(client, packet, done) {
      // client is null only for a will left over from an earlier run, which no one can vouch for.
      const identity = client ? identities.get(client) : undefined;
      if (identity && mayPublish(identity, packet.topic)) return done(null);
      log.warn({ client: client?.id, topic: packet.topic }, 'MQTT publish refused');
      done(new Error(`not allowed to publish to ${packet.topic}`));
    },
    authorizeSubscribe(client, subscription, done) {
      const identity = identities.get(client);
      if (identity && maySubscribe(identity, subscription.topic)) return done(null, subscription);
      log.warn({ client: client.id, topic: subscription.topic }, 'MQTT subscription refused');
      done(null, null); // SUBACK failure code 0x80
    },
  });
  broker.on('clientError', (client, error) => log.debug({ client: client.id, err: error.message }, 'MQTT client error'));

  const server = createServer((socket) => broker.handle(socket));
  try {
    await listen(server, options.port, options.host);
  } catch (error) {
    await new Promise<void>((resolve) => broker.close(() => resolve()));
    throw error;
  }
  const port = (server.address() as AddressInfo).port;
  log.info({ port }, 'embedded MQTT broker listening');

  return {
    port,
    url: `mqtt://127.0.0.1:${port}`,
    serverCredentials,
    async close() {
      // Stop accepting, then let aedes close every client connection (server.close waits for them).
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      await closed;
    },
  };
}
