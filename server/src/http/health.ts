// Liveness and readiness (docs/architecture/README.md#a-stalled-database). `/api/health` answers while the process
// serves HTTP, whatever the database does: a load balancer or orchestrator that restarted the server for a database
// outage would only add to it. `/api/health/ready` says whether requests can be served: the database answers a
// query within READY_WITHIN_MS, and the gateway can ingest: connected and subscribed to the broker, consuming the
// uplink queue when there is one, and its last uplink stored (issue 27: an instance that stored nothing after a
// broker restart answered 200); 503 naming what is down, and 503 from the first moment of a shutdown (shutdown.ts), so
// a load balancer sends no new clients to an instance that is going away (docs/operations/deploy.md).
import { HealthReply, ReadinessReply } from '@paddock/shared/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import type { Shutdown } from '../shutdown';
import { UNAVAILABLE_RETRY_AFTER_SECONDS } from './errorHandler';

/** How long readiness waits for the database; a probe must answer well within its own time-out. */
export const READY_WITHIN_MS = 1000;
/**
 * A database check answers the probes of this long: the route is public, and a flood of probes must not become a
 * flood of queries (each one waiting for a connection while the database is stalled).
 */
export const READY_CHECK_REUSED_MS = 1000;

export const SHUTTING_DOWN = 'shutting down';

export const healthRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext; devices: boolean; shutdown?: Pick<Shutdown, 'draining'> }> = async (
  app,
  { ctx, devices, shutdown },
) => {
  app.get(
    '/health',
    {
      config: { showsNoUserData: true },
      schema: {
        tags: ['health'],
        summary: 'Liveness: answers while the server process serves HTTP (no database query)',
        response: { 200: HealthReply },
      },
    },
    async () => ({ Status: 'ok' as const }),
  );

  // The last check and when it started: concurrent and following probes within READY_CHECK_REUSED_MS share it.
  let lastCheck: { at: number; answer: Promise<boolean> } | null = null;
  function databaseAnswersShared(): Promise<boolean> {
    const now = Date.now();
    if (!lastCheck || now - lastCheck.at >= READY_CHECK_REUSED_MS) lastCheck = { at: now, answer: databaseAnswers() };
    return lastCheck.answer;
  }

  async function databaseAnswers(): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), READY_WITHIN_MS)));
    const query = ctx.db.execute(sql`SELECT 1`).then(
      () => true,
      () => false,
    );
    try {
      return await Promise.race([query, late]);
    } finally {
      clearTimeout(timer);
    }
  }

  app.get(
    '/health/ready',
    {
      config: { showsNoUserData: true },
      schema: {
        tags: ['health'],
        summary: 'Readiness: 200 when the database answers within a second and the gateway can ingest (broker connected and subscribed, uplink queue consumed, last uplink stored), else 503 naming what is wrong',
        response: { 200: ReadinessReply, 503: ReadinessReply },
      },
    },
    async (_request, reply) => {
      const database = (await databaseAnswersShared()) ? ('ok' as const) : ('down' as const);
      const status = (ready: boolean) => (ready ? ('ok' as const) : ('unavailable' as const));
      const stopping = shutdown?.draining ? [SHUTTING_DOWN] : [];
      if (!devices) {
        const ready = database === 'ok' && !stopping.length;
        if (!ready) reply.code(503).header('Retry-After', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
        return { Status: status(ready), Database: database, Broker: 'off' as const, ...(stopping.length ? { Problems: stopping } : {}) };
      }
      // The gateway's clients reconnect by themselves; while one is away no device message is stored.
      const gateway = ctx.gateway.readiness();
      const problems = [...stopping, ...(database === 'ok' ? [] : ['database not answering']), ...gateway.problems];
      if (problems.length) reply.code(503).header('Retry-After', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
      return { Status: status(!problems.length), Database: database, Broker: gateway.broker, Ingest: gateway.ingest, Problems: problems };
    },
  );
};
