// What a server keeps in memory of the device lists (docs/architecture/README.md#the-device-list-version): each
// user's latest list version, and the serialized 200 body of the latest version asked for. The database's triggers
// NOTIFY every new version (migration 0016), so a poll that finds nothing changed is answered without a query, on
// any number of server instances. While the listening connection is away, nothing is trusted and every request
// reads the database. After a change made through this server's API, the reply waits until the notification has
// arrived (`sync`), so a client sees its own change on its next poll.
import type { FastifyInstance } from 'fastify';
import type { Database, Listener } from '../db/client';

export const LIST_VERSION_CHANNEL = 'device_list_version';

/** Bodies kept: the lists most recently served (a body is tens of KB for 50 devices). */
const MAX_BODIES = 2000;
const MAX_VERSIONS = 200_000;
const READ_ONLY = new Set(['GET', 'HEAD', 'OPTIONS']);
/** A deleted user's version: above any real one, so no read can bring the list back. */
const GONE = Number.MAX_SAFE_INTEGER;

export class DeviceListCache {
  private readonly versions = new Map<string, number>();
  private readonly bodies = new Map<string, { version: number; body: string }>();
  private live = false;
  /** Bumped whenever trust is lost, so a database read begun before cannot refill the cache with what it missed. */
  private epoch = 0;
  private listener: Listener | null = null;

  async start(database: Database): Promise<void> {
    this.listener = await database.listen(
      LIST_VERSION_CHANNEL,
      (payload) => this.notified(payload),
      (live) => this.setLive(live),
    );
  }

  async stop(): Promise<void> {
    await this.listener?.close();
    this.listener = null;
  }

  /** Resolves once this server has every version committed before the call. */
  sync(): Promise<void> {
    return this.listener ? this.listener.sync() : Promise.resolve();
  }

  /** The user's latest version as far as the notifications tell, or undefined: ask the database. */
  version(userId: string): number | undefined {
    const version = this.live ? this.versions.get(userId) : undefined;
    return version === GONE ? undefined : version;
  }

  /** The epoch to hand to `remember` with a version read from the database. */
  get currentEpoch(): number {
    return this.epoch;
  }

  /** A version read from the database; kept unless trust was lost since the read began, or a newer one is known. */
  remember(userId: string, version: number, epoch: number): void {
    if (!this.live || epoch !== this.epoch) return;
    this.raise(userId, version);
  }

  /** The serialized list of exactly this version, if kept. */
  body(userId: string, version: number): string | undefined {
    const kept = this.bodies.get(userId);
    if (!kept || kept.version !== version) return undefined;
    // Most recently used last, so the oldest goes first.
    this.bodies.delete(userId);
    this.bodies.set(userId, kept);
    return kept.body;
  }

  keepBody(userId: string, version: number, body: string): void {
    if (!this.live || this.versions.get(userId) !== version) return;
    this.bodies.delete(userId);
    this.bodies.set(userId, { version, body });
    if (this.bodies.size > MAX_BODIES) this.bodies.delete(this.bodies.keys().next().value!);
  }

  /** `<user id>:<version>`, or `<user id>:gone` when the user was deleted (never to be cached again). */
  private notified(payload: string): void {
    const separator = payload.lastIndexOf(':');
    if (separator <= 0) return;
    const userId = payload.slice(0, separator);
    const version = payload.slice(separator + 1) === 'gone' ? GONE : Number(payload.slice(separator + 1));
    if (Number.isSafeInteger(version)) this.raise(userId, version);
    if (version === GONE) this.bodies.delete(userId);
  }

  /** Versions of one user only grow in commit order (each bump locks the user's row), so the highest seen is current. */
  private raise(userId: string, version: number): void {
    const known = this.versions.get(userId);
    if (known !== undefined && known >= version) return;
    this.versions.delete(userId);
    this.versions.set(userId, version);
    if (this.versions.size > MAX_VERSIONS) this.versions.delete(this.versions.keys().next().value!);
  }

  /** Either way the cache starts over: reads begun before may predate notifications that were missed. */
  private setLive(live: boolean): void {
    this.versions.clear();
    this.bodies.clear();
    this.epoch += 1;
    this.live = live;
  }
}

const caches = new WeakMap<Database, DeviceListCache>();

/** The cache of the app on `database`: tests that write with plain SQL wait for its notifications (`sync`). */
export const deviceListCacheOf = (database: Database): DeviceListCache | undefined => caches.get(database);

/**
 * One cache per app: listening from start to close, and every API call that may have changed something waits for
 * the versions it committed before its reply leaves (the call's own client polls next).
 */
export async function registerDeviceListCache(api: FastifyInstance, database: Database): Promise<DeviceListCache> {
  const cache = new DeviceListCache();
  await cache.start(database);
  caches.set(database, cache);
  api.addHook('onClose', () => cache.stop());
  api.addHook('onSend', async (request, reply, payload) => {
    // A 503 must leave at once: the database it could not reach would not answer the sync either.
    if (!READ_ONLY.has(request.method) && reply.statusCode !== 503) await cache.sync();
    return payload;
  });
  return cache;
}
