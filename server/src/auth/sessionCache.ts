// Sessions a server has already looked up, kept in memory so a poll's token check costs no query
// (docs/architecture/README.md#the-device-list-version). Correct on any number of instances: the database NOTIFYs
// every changed or deleted token and every changed or deleted user (migration 0016), and the entry goes. While the
// listening connection is away nothing is kept. Expiry is checked on every use. An API call that may have changed
// something (sign-out, password change, account deletion) sends its reply only after this server has heard the
// notifications of its commit, so a revoked token is refused from the next request on.
import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { sha256 } from '../crypto';
import type { Database, Db, Listener } from '../db/client';
import { tokens, users } from '../db/schema';
import type { Session } from './tokens';

export const SESSION_CHANNEL = 'session_change';

const MAX_SESSIONS = 50_000;
const READ_ONLY = new Set(['GET', 'HEAD', 'OPTIONS']);
/** GET /api/token retires the token it replaces (tokens.ts retireToken): a read that writes. */
const WRITING_READS = new Set(['/api/token']);

export class SessionCache {
  private readonly byHash = new Map<string, { session: Session; expiresAt: number }>();
  private live = false;
  /** Counts notifications and losses of trust: a look-up during which one came is not kept (it may be stale). */
  private changes = 0;
  private listener: Listener | null = null;
  private readonly lookUp;

  constructor(db: Db) {
    this.lookUp = db
      .select({ user: users, expiresAt: tokens.expiresAt, scope: tokens.scope })
      .from(tokens)
      .innerJoin(users, eq(users.id, tokens.userId))
      .where(and(eq(tokens.tokenHash, sql.placeholder('hash')), gt(tokens.expiresAt, sql.placeholder('now'))))
      .limit(1)
      .prepare('session_by_token');
  }

  async start(database: Database): Promise<void> {
    this.listener = await database.listen(
      SESSION_CHANNEL,
      (payload) => this.notified(payload),
      (live) => {
        this.byHash.clear();
        this.changes += 1;
        this.live = live;
      },
    );
  }

  async stop(): Promise<void> {
    await this.listener?.close();
    this.listener = null;
  }

  sync(): Promise<void> {
    return this.listener ? this.listener.sync() : Promise.resolve();
  }

  /** The user behind a token that is known and not expired, else null (as tokens.ts findSession). */
  async find(token: string, now: Date): Promise<Session | null> {
    const tokenHash = sha256(token);
    const kept = this.live ? this.byHash.get(tokenHash) : undefined;
    if (kept && kept.expiresAt > now.getTime()) return kept.session;
    const before = this.changes;
    const [row] = (await this.lookUp.execute({ hash: tokenHash, now })) as { user: Session['user']; expiresAt: Date; scope: Session['scope'] }[];
    if (!row) return null;
    const session: Session = { user: row.user, tokenHash, scope: row.scope };
    if (this.live && before === this.changes) {
      this.byHash.set(tokenHash, { session, expiresAt: row.expiresAt.getTime() });
      if (this.byHash.size > MAX_SESSIONS) this.byHash.delete(this.byHash.keys().next().value!);
    }
    return session;
  }

  /** `token:<sha256>` (refreshed, retired or revoked) or `user:<id>` (changed or deleted: every session of theirs). */
  private notified(payload: string): void {
    this.changes += 1;
    if (payload.startsWith('token:')) {
      this.byHash.delete(payload.slice('token:'.length));
      return;
    }
    const userId = payload.slice('user:'.length);
    for (const [hash, { session }] of this.byHash) if (session.user.id === userId) this.byHash.delete(hash);
  }
}

/** One cache per app, listening from start to close; a call that may have changed something waits for its notifications. */
export async function startSessionCache(app: FastifyInstance, database: Database): Promise<SessionCache> {
  const cache = new SessionCache(database.db);
  await cache.start(database);
  app.addHook('onClose', () => cache.stop());
  app.addHook('onSend', async (request, reply, payload) => {
    const writes = !READ_ONLY.has(request.method) || WRITING_READS.has(request.routeOptions.url ?? '');
    if (writes && reply.statusCode !== 503) await cache.sync();
    return payload;
  });
  return cache;
}
