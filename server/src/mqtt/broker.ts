// The embedded MQTT broker (aedes), used unless MQTT_URL names an external one (docs/protocol.md).
// Devices sign in with their key and secret; the server's own client with random credentials made per process.
// Topic rules are in acl.ts. Limits (packet size, time to sign in, failed sign-ins per address) keep a client that
// never signs in from costing the broker memory or a brute-force run.
import { randomBytes } from 'node:crypto';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import type { FastifyBaseLogger } from 'fastify';
import { sameSecret } from '../crypto';
import { mayPublish, mayRetain, maySubscribe, type BrokerIdentity } from './acl';

/** CONNACK return codes (MQTT 3.1.1 §3.2.2.3). */
const IDENTIFIER_REJECTED = 2;
const BAD_USERNAME_OR_PASSWORD = 4;
const NOT_AUTHORIZED = 5;

/** What a client may cost the broker before it is cut off. */
export interface BrokerLimits {
  /** A packet announcing more bytes than this closes the connection before the broker buffers it. */
  maxPacketBytes: number;
  /** A connection that sends no CONNECT within this time is closed. */
  connectTimeoutSeconds: number;
  /** Failed sign-ins of one device key from one address within signInWindowMs; then they are refused until the window ends. */
  signInFailuresPerKey: number;
  /** Failed sign-ins from one address (all keys) within signInWindowMs; then every sign-in from it is refused until the window ends. */
  signInFailuresPerIp: number;
  signInWindowMs: number;
}

export const DEFAULT_BROKER_LIMITS: BrokerLimits = {
  maxPacketBytes: 64 * 1024,
  connectTimeoutSeconds: 10,
  signInFailuresPerKey: 10,
  signInFailuresPerIp: 500,
  signInWindowMs: 15 * 60_000,
};

export interface BrokerOptions {
  port: number;
  /** Interface to listen on (default all). */
  host?: string;
  /** Whether a device may sign in with this key and secret (the inventory decides). */
  checkDevice(key: string, secret: string): Promise<boolean>;
  log: FastifyBaseLogger;
  limits?: Partial<BrokerLimits>;
  /** Milliseconds now (tests move it). */
  now?: () => number;
  /**
   * Takes a device's message before the broker acknowledges it (the gateway stores it): aedes sends a QoS 1 PUBACK
   * right after authorizePublish, so a device is acknowledged only once this resolves. When it rejects, the device
   * is disconnected without the PUBACK and sends the message again after reconnecting (docs/protocol.md).
   */
  accept?(key: string, topic: string, payload: Buffer): Promise<void>;
}

export interface EmbeddedBroker {
  /** The port it listens on (the one asked for, or the free one picked for port 0). */
  port: number;
  /** Where a client on this machine reaches it, without credentials: mqtt://127.0.0.1:{port}. */
  url: string;
  /** The server's own client signs in with these; they change with every start. */
  serverCredentials: { username: string; password: string };
  /** How many retained messages the broker holds (tests and the bench watch that it stays bounded). */
  retainedCount(): Promise<number>;
  /** Clients connected now, the server's own included (metrics, observability/metrics.ts). */
  connectedClients(): number;
  close(): Promise<void>;
}

const SERVER_USERNAME_PREFIX = 'paddock-server-';

function authError(returnCode: number, message: string): AuthenticateError {
  return Object.assign(new Error(message), { returnCode }) as AuthenticateError;
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

/**
 * Failed sign-ins in fixed windows, per device key from one address and per address in all (a higher ceiling, as
 * many devices may share one address behind carrier NAT or a TLS proxy). A key's attempt is counted before its
 * secret is checked and given back when it succeeds, so a burst of guesses cannot all slip under the limit; the
 * address counts only failures, so thousands of devices reconnecting at once through one proxy are not refused.
 */
export class SignInFailures {
  private readonly counts = new Map<string, { failures: number; since: number }>();
  constructor(
    private readonly perKey: number,
    private readonly perIp: number,
    private readonly windowMs: number,
    private readonly now: () => number,
  ) {}

  private current(id: string) {
    const entry = this.counts.get(id);
    if (entry && this.now() - entry.since >= this.windowMs) {
      this.counts.delete(id);
      return undefined;
    }
    return entry;
  }

  private add(id: string, n: number): void {
    const entry = this.current(id);
    if (entry) entry.failures = Math.max(0, entry.failures + n);
    else if (n > 0) this.counts.set(id, { failures: n, since: this.now() });
  }

  /** Counts an attempt of the key; false (and not counted) when the key from this address, or the address, is at its limit. */
  take(ip: string, key: string): boolean {
    const byKey = `${ip}\n${key}`;
    if ((this.current(ip)?.failures ?? 0) >= this.perIp || (this.current(byKey)?.failures ?? 0) >= this.perKey) return false;
    this.add(byKey, 1);
    // Entries whose window is over are forgotten, so many addresses and keys cannot grow the map for good.
    if (this.counts.size > 10_000) for (const id of [...this.counts.keys()]) this.current(id);
    return true;
  }

  /** Returns the attempt of a sign-in that succeeded. */
  giveBack(ip: string, key: string): void {
    this.add(`${ip}\n${key}`, -1);
  }

  /** Counts a failed attempt against the address. */
  failed(ip: string): void {
    this.add(ip, 1);
  }
}

interface ParserInternals {
  packet: { length: number };
  _parseLength(): boolean;
  _emitError(error: Error): void;
}

/**
 * Closes the connection as soon as a packet announces more than `maxBytes` (its fixed header's remaining length),
 * before mqtt-packet buffers the body: aedes has no such option.
 */
function limitPacketSize(client: Client, maxBytes: number): boolean {
  const parser = (client as unknown as { _parser?: ParserInternals })._parser;
  if (typeof parser?._parseLength !== 'function' || typeof parser._emitError !== 'function') return false;
  const parseLength = parser._parseLength.bind(parser);
  parser._parseLength = () => {
    const parsed = parseLength();
    if (parsed && parser.packet.length > maxBytes) {
      parser._emitError(new Error(`packet of ${parser.packet.length} bytes is above the limit of ${maxBytes}`));
      return false;
    }
    return parsed;
  };
  return true;
}

export async function startBroker(options: BrokerOptions): Promise<EmbeddedBroker> {
  const { log } = options;
  const limits = { ...DEFAULT_BROKER_LIMITS, ...options.limits };
  const failures = new SignInFailures(limits.signInFailuresPerKey, limits.signInFailuresPerIp, limits.signInWindowMs, options.now ?? Date.now);
  const addresses = new WeakMap<Client, string>();
  const serverCredentials = {
    username: `${SERVER_USERNAME_PREFIX}${randomBytes(8).toString('hex')}`,
    password: randomBytes(24).toString('base64url'),
  };
  const identities = new WeakMap<Client, BrokerIdentity>();

  const broker = await Aedes.createBroker({
    connectTimeout: limits.connectTimeoutSeconds * 1000,
    authenticate(client, username, password, done) {
      const secret = password?.toString('utf8') ?? '';
      const ip = addresses.get(client) ?? 'unknown';
      const refuse = (code: number, message: string) => done(authError(code, message), false);
      // The server's own client is never locked out by others failing from the same address (its password is random).
      if (username === serverCredentials.username) {
        if (sameSecret(secret, serverCredentials.password)) {
          identities.set(client, { kind: 'server' });
          return done(null, true);
        }
        return refuse(BAD_USERNAME_OR_PASSWORD, 'bad server credentials');
      }
      const key = username ?? '';
      if (!failures.take(ip, key)) {
        log.warn({ ip, key }, 'MQTT sign-in refused: too many failed sign-ins');
        return refuse(NOT_AUTHORIZED, 'too many failed sign-ins');
      }
      options.checkDevice(key, secret).then(
        (ok) => {
          if (!ok || client.id !== key) failures.failed(ip);
          if (!ok) return refuse(BAD_USERNAME_OR_PASSWORD, 'unknown device or wrong secret');
          // A device's client id is its key, so no one can take over another device's session by its id.
          if (client.id !== key) return refuse(IDENTIFIER_REJECTED, 'the client id must be the device key');
          failures.giveBack(ip, key);
          identities.set(client, { kind: 'device', key });
          done(null, true);
        },
        (error: unknown) => {
          failures.giveBack(ip, key);
          log.error({ err: error }, 'device sign-in check failed');
          done(authError(3, 'server unavailable'), false);
        },
      );
    },
    authorizePublish(client, packet, done) {
      // client is null only for a will left over from an earlier run, which no one can vouch for.
      const identity = client ? identities.get(client) : undefined;
      if (identity && mayPublish(identity, packet.topic)) {
        // Published, but not kept: aedes stores a retained message until an empty one replaces it (acl.ts mayRetain).
        if (packet.retain && !mayRetain(identity, packet.topic)) packet.retain = false;
        if (identity.kind !== 'device' || !options.accept) return done(null);
        return void options.accept(identity.key, packet.topic, Buffer.from(packet.payload)).then(
          () => done(null),
          (error: unknown) => done(error as Error),
        );
      }
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

  broker.on('connectionError', (client, error) => log.debug({ ip: addresses.get(client), err: error.message }, 'MQTT connection closed before sign-in'));

  const server = createServer((socket) => {
    const client = broker.handle(socket);
    addresses.set(client, socket.remoteAddress ?? 'unknown');
    // Without the limit a client could make the broker buffer any amount: refuse rather than run unprotected.
    if (!limitPacketSize(client, limits.maxPacketBytes)) {
      log.error('aedes changed: its client has no mqtt-packet parser to limit the packet size; connection refused');
      socket.destroy();
    }
  });
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
    async retainedCount() {
      let count = 0;
      // aedes' own persistence (in memory); its types leave it untyped.
      const { persistence } = broker as unknown as { persistence: { createRetainedStream(pattern: string): AsyncIterable<unknown> } };
      for await (const message of persistence.createRetainedStream('#')) if (message) count += 1;
      return count;
    },
    connectedClients: () => broker.connectedClients,
    async close() {
      // Stop accepting, then let aedes close every client connection (server.close waits for them).
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      await closed;
    },
  };
}
