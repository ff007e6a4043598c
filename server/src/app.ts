// Builds the Fastify app from a configuration and an open, migrated database; used by main.ts and the tests.
// With `devices` it also runs the device side: the embedded MQTT broker (unless MQTT_URL names one), the gateway's
// client and the offline sweep; app.close() stops them all.
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Server } from 'node:http';
import Fastify, { type FastifyHttpOptions, type FastifyInstance, type FastifyRequest } from 'fastify';
import { RateLimiter } from './auth/rateLimit';
import { registerSessions } from './auth/session';
import { registerAuthenticateFirst } from './auth/authenticateFirst';
import { startSessionCache } from './auth/sessionCache';
import type { PaymentProvider } from './billing/payments';
import { configuredPaymentProvider, stripeWebhookRoutes, type StripeInvoiceHook } from './billing/stripe';
import { billingRoutes } from './billing/routes';
import { builtinPortalRoutes } from './billing/builtin/portal';
import { pricesRoutes } from './billing/prices';
import { renewalInvoiceHook, startRenewals } from './billing/renewals';
import { trialRoutes } from './billing/trials';
import type { Config } from './config';
import type { AppContext } from './context';
import type { Database } from './db/client';
import { handleError, sendFailure } from './http/errorHandler';
import { namedComponents, openApiDocument, referNamedResponses } from './http/openApiDocument';
import { registerPartnerCors } from './http/cors';
import { registerSecurityHeaders } from './http/securityHeaders';
import { registerCompression } from './http/compression';
import { DeferredSchemas } from './http/deferredSchemas';
import { rejectUnstorableInput, validatorCompiler } from './http/validation';
import type { Timers } from './devices/gateway/commands';
import { defaultClientId, DeviceGateway } from './devices/gateway/gateway';
import { startOfflineSweep } from './devices/gateway/offlineSweep';
import { startReadingCompaction } from './readings/compaction';
import { startReadingMaintenance } from './readings/partitions';
import { registerDeviceListCache } from './devices/listCache';
import { deviceRoutes } from './devices/routes';
import { changeLogRoutes } from './devices/changeLogRoutes';
import { historyRoutes } from './history/routes';
import { startRollups } from './history/rollups';
import { fotaRoutes } from './devices/fota';
import { checkDeviceSecret } from './devices/store';
import { startBroker, type EmbeddedBroker } from './mqtt/broker';
import { newInstanceId } from './instance';
import { holdEmbeddedBroker } from './jobs/singletons';
import { brokerAuthRoutes } from './mqtt/brokerAuth';
import { brokerIdentity, withIdentity, withoutCredentials } from './mqtt/identity';
import { noticeSettings } from './notify/alarmNotices';
import { createMailer, type Mailer } from './notify/mail';
import { loadVapidKeys, webPushTransport, type PushTransport } from './notify/push';
import { fcmTransport, pushTransport } from './notify/fcm';
import { outboxSmsProvider } from './notify/sms';
import { startNotifyWorker } from './notify/worker';
import { adminRoutes } from './admin/routes';
import { statsRoutes } from './admin/stats';
import { registerAudit } from './audit/hook';
import { auditRoutes } from './audit/routes';
import { noticeRoutes } from './notices/routes';
import { healthRoutes } from './http/health';
import { pushRoutes } from './notify/routes';
import { sessionRoutes } from './session/routes';
import { userRoutes } from './users/routes';
import { verificationRoutes } from './users/verification';
import { sendWebNotFound, webRoutes } from './web/routes';
import { variantRoutes } from './variants/variant';
import { warrantyRoutes } from './warranties/routes';
import { transferRoutes } from './transfers/routes';
import { alarmLogRoutes } from './alarms/routes';
import { reportRoutes, reportUnsubscribeRoutes } from './reports/routes';
import { startReports } from './reports/schedule';
import { firmwareCampaignRoutes, startCampaignRunner } from './firmware';
import { apiKeyRoutes, registerApiKeys } from './apikeys';
import { webhookRoutes } from './webhooks/routes';
import { energyRoutes } from './energy/routes';
import { Shutdown } from './shutdown';
import { Metrics } from './observability/metrics';
import { countedPayments, countedTransports } from './observability/instrument';
import { flushTraces } from './observability/tracing';
import {
  OneLinePerRequest,
  registerMetricsRoute,
  registerRequestObservability,
  requestIdOf,
  startMetricsServer,
} from './observability/http';

/** Largest accepted request body; bigger ones get 413. */
const BODY_LIMIT = 1024 * 1024;

/** Secrets never reach the log, whichever object they sit in. */
const REDACTED = [
  'req.headers.authorization',
  'req.headers.cookie',
  '*.Password',
  '*.VerificationCode',
  '*.Token',
  '*.password',
  '*.token',
];

/** A token in a query string (the built-in payment portal's link, billing/builtin/portalLink.ts) is a credential too. */
const redactQueryTokens = (url: string) =>
  // …and so is the broker-auth path's (mqtt/brokerAuth.ts).
  url.replace(/([?&]token=)[^&#]*/gi, '$1[redacted]').replace(/^(\/api\/broker\/)[^/?#]+/i, '$1[redacted]');

/** Fastify's request serializer, with query tokens redacted and the rest of the address kept. */
const serializeRequest = (request: FastifyRequest) => ({
  method: request.method,
  url: redactQueryTokens(request.url),
  host: request.host,
  remoteAddress: request.ip,
  remotePort: request.socket?.remotePort,
});

const API_PREFIX = '/api';
const isApiPath = (url: string) => /^\/api(\/|\?|$)/.test(url);

/**
 * Node's HTTP time-outs: a request (a body trickled a byte at a time included) must arrive within `request`, its
 * headers within `headers`; a silent socket closes after `idle`. Node looks for overdue requests every second.
 */
function serverTimeouts(
  config: Config,
): Pick<FastifyHttpOptions<Server>, 'connectionTimeout' | 'keepAliveTimeout' | 'requestTimeout' | 'http'> {
  // Whole milliseconds (Node refuses fractions): tests scale the seconds down (devices/powerTimeout.test.ts).
  const ms = (seconds: number) => Math.round(seconds * 1000);
  const { request, headers, idle, keepAlive } = config.timeouts;
  return {
    connectionTimeout: ms(idle),
    keepAliveTimeout: ms(keepAlive),
    requestTimeout: ms(request),
    http: { requestTimeout: ms(request), headersTimeout: ms(headers), connectionsCheckingInterval: 1000 },
  };
}

/** A hop count trusts that many proxies next to the server, as Fastify does for a number (its types take none). */
function trustProxy(value: Config['trustProxy']): false | string[] | ((address: string, hop: number) => boolean) {
  return typeof value === 'number' ? (_address, hop) => hop < value : value;
}

export interface BuildOptions {
  /** Where log lines go (default stdout); tests read them. */
  logStream?: { write(line: string): void };
  /**
   * Runs the device side (serve, and the tests that need devices): the embedded broker on MQTT_PORT unless
   * MQTT_URL is set, the gateway connected to it, and the offline sweep every OFFLINE_SWEEP_SECONDS.
   */
  devices?: boolean;
  /** Timers of the commands' 60 s waits (tests pass fake ones). */
  timers?: Timers;
  /** How long a command waits for its ack (default DEVICE_COMMAND_TIMEOUT_MS); tests scale it with the time-outs. */
  commandTimeoutMs?: number;
  /** The payment provider (default: the one PAYMENT_PROVIDER names, billing/stripe/index.ts). */
  payments?: PaymentProvider;
  /** With PAYMENT_PROVIDER=stripe: called for each invoice event the Stripe webhook receives (billing/stripe/webhook.ts). */
  stripeInvoiceHook?: StripeInvoiceHook;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The device side's MQTT link (not connected unless built with `devices`). */
    deviceGateway: DeviceGateway;
    /** The embedded broker, when this app runs one. */
    mqttBroker: EmbeddedBroker | null;
    /** This instance among several on one database: the holder of its leases (instance.ts, jobs/lease.ts). */
    instanceId: string;
    /** Graceful shutdown: readiness 503 and no new work at the first signal, then app.close() (shutdown.ts, main.ts). */
    shutdown: Shutdown;
    /** This app's Prometheus metrics (observability/metrics.ts, docs/operations/monitor.md). */
    metrics: Metrics;
    /** The port of METRICS_PORT's own /metrics server, when configured (0 there picks a free one). */
    metricsPort: number | null;
    /** The route schemas no request has compiled yet (http/deferredSchemas.ts). */
    deferredSchemas: DeferredSchemas;
  }
}

export async function buildApp(config: Config, database: Database, options: BuildOptions = {}): Promise<FastifyInstance> {
  const deferredSchemas = new DeferredSchemas();
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: { paths: REDACTED, censor: '[redacted]' },
      serializers: { req: serializeRequest },
      stream: options.logStream,
    },
    // Request ids from X-Request-Id or traceparent, else a UUID; one log line per request (observability/http.ts).
    requestIdHeader: false,
    genReqId: requestIdOf,
    logController: new OneLinePerRequest(),
    bodyLimit: BODY_LIMIT,
    // While closing (a shutdown, docs/operations/deploy.md): requests in flight finish, a request on a kept-alive
    // connection gets 503 (Connection: close) and idle kept-alive connections are closed, so the drain is not held.
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    trustProxy: trustProxy(config.trustProxy),
    // Response serializers compiled on a route's first request, like its validators (http/deferredSchemas.ts).
    schemaController: { compilersFactory: { buildSerializer: deferredSchemas.serializers() } },
    ...serverTimeouts(config),
  }).withTypeProvider<TypeBoxTypeProvider>();

  // Whatever started before a failure (the listening connections, the broker) stops with it, so a server that could
  // not start leaves nothing running (docs/architecture/README.md#running-it).
  try {
    const metrics = new Metrics();
    app.decorate('metrics', metrics);
    registerRequestObservability(app, metrics);
    registerSecurityHeaders(app, config);
    // Before any route: the plugin wraps the routes declared after it (http/compression.ts).
    await registerCompression(app);
    app.decorate('deferredSchemas', deferredSchemas);
    app.setValidatorCompiler(validatorCompiler(deferredSchemas));
    app.addHook('preValidation', rejectUnstorableInput);
    app.setErrorHandler(handleError);
    // A `Bearer pdk_…` is an API key: its scopes limit every call (apikeys/, docs/product/api-keys.md).
    const apiKeys = registerApiKeys(app, database.db, config, new RateLimiter(database.db, config.now, config.rateLimitWindowMinutes));
    registerSessions(app, database.db, config.now, await startSessionCache(app, database), apiKeys);
    registerAuthenticateFirst(app);
    app.addHook('onClose', () => database.close());

    await app.register(swagger, {
      openapi: {
        info: { title: 'Paddock API', version: '0.1.0', description: 'PascalCase JSON; every failure is `{Error, Message, Field?}`.' },
        servers: [{ url: '/' }],
        components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      },
      refResolver: namedComponents,
      transform: referNamedResponses,
      transformObject: openApiDocument,
    });
    // API_DOCS off (production's default): no public map of the API; the document is still built (app.swagger()).
    if (config.apiDocs) await app.register(swaggerUi, { routePrefix: `${API_PREFIX}/docs` });

    const gateway = new DeviceGateway({
      db: database.db,
      now: config.now,
      log: app.log.child({ component: 'gateway' }),
      timers: options.timers,
      commandTimeoutMs: options.commandTimeoutMs,
      notices: noticeSettings(config),
      metrics,
    });
    const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, db: database.db, now: config.now, log: app.log });
    const vapidKeys = await loadVapidKeys(database.db, config);
    const push = pushTransport(
      webPushTransport({
        keys: vapidKeys,
        subject: config.vapidSubject,
        allowedHosts: config.pushServiceHosts,
        log: app.log.child({ component: 'push' }),
      }),
      config.fcm ? fcmTransport({ settings: config.fcm, log: app.log.child({ component: 'fcm' }) }) : null,
    );
    app.decorate('instanceId', newInstanceId(config.port));
    app.decorate('deviceGateway', gateway);
    app.decorate('shutdown', new Shutdown());
    app.shutdown.countRequests(app);
    // Raw readings' partitions ahead and their retention (docs/architecture/readings.md), before any ingest.
    const readingPartitions = await startReadingMaintenance({
      db: database.db,
      now: config.now,
      retentionDays: config.readingsRetentionDays,
      log: app.log.child({ component: 'readings' }),
    });
    app.addHook('onClose', () => readingPartitions.stop());
    // Completed days rewritten in (key, at) order, one instance at a time (docs/architecture/readings.md "Store").
    const readingCompaction = startReadingCompaction({
      db: database.db,
      now: config.now,
      retentionDays: config.readingsRetentionDays,
      holder: app.instanceId,
      log: app.log.child({ component: 'readings' }),
    });
    app.addHook('onClose', () => readingCompaction.stop());
    app.decorate('mqttBroker', options.devices ? await startDevices(app, config, database, gateway, { mailer, push }) : null);

    const ctx: AppContext = {
      config,
      db: database.db,
      mailer,
      limiter: new RateLimiter(database.db, config.now, config.rateLimitWindowMinutes),
      gateway,
      payments: countedPayments(metrics, options.payments ?? configuredPaymentProvider(config)),
    };
    // Gauges read at scrape time; the NOTIFY probe listens on the instance's LISTEN connection.
    metrics.watch(
      database,
      options.devices
        ? {
            brokerConnected: () => gateway.connected,
            embeddedClients: () => app.mqttBroker?.connectedClients() ?? null,
            ingestReady: () => gateway.readiness().problems.length === 0,
          }
        : null,
      () => app.shutdown.draining,
    );
    await metrics.listenForProbes(database);
    app.addHook('onClose', () => metrics.close());
    // On close the spans still buffered reach the collector (nothing without tracing).
    app.addHook('onClose', () => flushTraces());
    registerMetricsRoute(app, metrics, config.metricsToken);
    const metricsServer = config.metricsPort === null ? null : await startMetricsServer(metrics, config.host, config.metricsPort);
    if (metricsServer) app.addHook('onClose', () => metricsServer.close());
    app.decorate('metricsPort', metricsServer?.port ?? null);
    await app.register(
      async (api) => {
        // Before any route: staff actions and impersonated calls are recorded (docs/product/admin.md "Audit log").
        registerAudit(api, database.db, config.now);
        // The device lists' versions, kept current by the database's notifications (devices/listCache.ts).
        const listCache = await registerDeviceListCache(api, database);
        await registerPartnerCors(api, config);
        await api.register(healthRoutes, { ctx, devices: Boolean(options.devices), shutdown: app.shutdown });
        await api.register(variantRoutes, { config });
        await api.register(sessionRoutes, { ctx });
        await api.register(verificationRoutes, { ctx });
        await api.register(userRoutes, { ctx });
        await api.register(pushRoutes, { ctx, vapidPublicKey: vapidKeys.publicKey });
        await api.register(billingRoutes, { ctx, payments: ctx.payments });
        if (config.payments.provider === 'stripe')
          await api.register(stripeWebhookRoutes, {
            ctx,
            settings: config.payments.stripe,
            onInvoice: options.stripeInvoiceHook ?? renewalInvoiceHook(ctx.payments, config.now),
          });
        // The external broker's HTTP authentication of devices and instances (only with BROKER_SECRET, docs/architecture/scale-out.md).
        await api.register(brokerAuthRoutes, {
          config,
          checkDevice: (key, secret) => checkDeviceSecret(database.db, key, secret),
          now: () => config.now().getTime(),
        });
        await api.register(pricesRoutes, { ctx });
        await api.register(adminRoutes, { ctx });
        await api.register(auditRoutes, { ctx });
        await api.register(statsRoutes, { ctx });
        await api.register(noticeRoutes, { ctx });
        await api.register(deviceRoutes, { ctx, listCache });
        await api.register(changeLogRoutes, { ctx });
        await api.register(historyRoutes, { ctx });
        await api.register(fotaRoutes, { ctx });
        await api.register(trialRoutes, { ctx });
        await api.register(warrantyRoutes, { ctx });
        await api.register(transferRoutes, { ctx });
        await api.register(alarmLogRoutes, { ctx });
        await api.register(reportRoutes, { ctx });
        await api.register(firmwareCampaignRoutes, { ctx });
        await api.register(apiKeyRoutes, { ctx });
        await api.register(webhookRoutes, { ctx });
        await api.register(energyRoutes, { ctx });
      },
      { prefix: API_PREFIX },
    );
    if (options.devices) {
      // Plans renew and lapse with the device side (docs/product/states.md Plans and renewal); any number of servers may run it.
      const renewals = startRenewals({
        db: database.db,
        payments: ctx.payments,
        mailer,
        now: config.now,
        log: app.log.child({ component: 'renewals' }),
        intervalMs: config.renewalIntervalSeconds * 1000,
      });
      app.addHook('onClose', () => renewals.stop());
      app.shutdown.onDrain('renewals', () => renewals.stop());
      // The weekly and monthly reports (docs/product/reports.md): every instance runs it, each period is claimed once.
      const reports = startReports({
        db: database.db,
        now: config.now,
        log: app.log.child({ component: 'reports' }),
        intervalMs: config.reportIntervalSeconds * 1000,
      });
      app.addHook('onClose', () => reports.stop());
      app.shutdown.onDrain('reports', () => reports.stop());
    }
    // The built-in payment portal's pages, outside the API (billing/builtin/portal.ts).
    await app.register(builtinPortalRoutes, { ctx });
    // A report's unsubscribe page, reached from the mail without signing in (reports/routes.ts).
    await app.register(reportUnsubscribeRoutes, { ctx });
    await app.register(webRoutes, { config });

    app.setNotFoundHandler((request, reply) =>
      isApiPath(request.url) ? sendFailure(request, reply, { status: 404, code: 'not_found' }) : sendWebNotFound(config, request, reply),
    );
  } catch (error) {
    await app.close().catch(() => undefined);
    throw error;
  }
  return app;
}

/** The embedded broker on MQTT_PORT; on a free port instead when the default 1883 is taken and MQTT_PORT was not set. */
async function startEmbeddedBroker(
  app: FastifyInstance,
  config: Config,
  database: Database,
  gateway: DeviceGateway,
): Promise<EmbeddedBroker> {
  const log = app.log.child({ component: 'mqtt-broker' });
  const start = (port: number) =>
    startBroker({
      port,
      host: config.host,
      checkDevice: (key, secret) => checkDeviceSecret(database.db, key, secret),
      // A device's message is acknowledged once the gateway has stored it (docs/architecture/README.md#ingest).
      accept: (key, topic, payload) => gateway.accept(key, topic, payload),
      log,
      limits: { ...config.mqttLimits, signInWindowMs: config.rateLimitWindowMinutes * 60_000 },
    });
  try {
    return await start(config.mqttPort);
  } catch (error) {
    if (!config.mqttPortIsDefault || (error as { code?: string }).code !== 'EADDRINUSE') throw error;
    const broker = await start(0);
    log.warn(
      `MQTT port ${config.mqttPort} is taken by another program; the embedded broker listens on ${broker.port} (set MQTT_PORT to choose)`,
    );
    return broker;
  }
}

/**
 * Starts the broker (unless external), connects the gateway and starts the offline sweep and the notification
 * worker. onClose hooks run in reverse order, so on close the worker and the sweep stop first, then the gateway, the broker, and last the database.
 */
async function startDevices(
  app: FastifyInstance,
  config: Config,
  database: Database,
  gateway: DeviceGateway,
  transports: { mailer: Mailer; push: PushTransport },
): Promise<EmbeddedBroker | null> {
  // The embedded broker is the single-box mode: on PostgreSQL a second instance is refused before it opens a port
  // (docs/architecture/scale-out.md). PGlite is one process anyway.
  if (!config.mqttUrl && database.kind === 'postgres') {
    const log = app.log.child({ component: 'lease' });
    const lease = await holdEmbeddedBroker({ db: database.db, holder: app.instanceId, ttlMs: config.leaseTtlMs, log });
    app.addHook('onClose', () => lease.stop());
  }
  const broker = config.mqttUrl ? null : await startEmbeddedBroker(app, config, database, gateway);
  if (broker) app.addHook('onClose', () => broker.close());
  app.addHook('onClose', () => gateway.close());
  app.shutdown.onDrain('device uplinks', () => gateway.stopTakingUplinks());
  // With BROKER_SECRET this instance signs in with its own identity, not the URL's user (mqtt/identity.ts); its
  // session is not persistent then (a fresh client id per process would leave a dead session behind at every start).
  const identity = broker ? null : brokerIdentity(config, app.instanceId);
  // AMQP_URL: uplinks from RabbitMQ's quorum queue (mqtt/uplinkQueue.ts); MQTT keeps downlinks and acks, no session.
  const uplinkQueueUrl = broker || !config.amqpUrl ? undefined : identity ? withIdentity(config.amqpUrl, identity) : config.amqpUrl;
  try {
    await gateway.connect(
      broker
        ? { url: broker.url, ...broker.serverCredentials }
        : identity
          ? { url: withoutCredentials(config.mqttUrl!), username: identity.username, password: identity.password }
          : { url: config.mqttUrl! },
      broker ? { viaAccept: true } : identity || uplinkQueueUrl ? { uplinkQueueUrl } : { clientId: defaultClientId(config.port) },
    );
  } catch (error) {
    await broker?.close();
    throw error;
  }
  // The embedded broker keeps retained messages in memory only: give the devices their configuration back.
  if (broker) app.log.info(await gateway.republishConfigs(), 'device configurations published again');
  const sweep = startOfflineSweep({
    db: database.db,
    now: config.now,
    intervalMs: config.offlineSweepSeconds * 1000,
    log: app.log,
    notices: noticeSettings(config),
  });
  app.addHook('onClose', () => sweep.stop());
  app.shutdown.onDrain('offline sweep', () => sweep.stop());
  // The chart and trend rollups of the hours that are over (history/rollups.ts); every instance runs it.
  const rollups = startRollups({ db: database.db, now: config.now, log: app.log.child({ component: 'rollups' }) });
  app.addHook('onClose', () => rollups.stop());
  app.shutdown.onDrain('rollups', () => rollups.stop());
  // Firmware campaigns roll out from one instance at a time, under their lease (firmware/runner.ts).
  const campaigns = startCampaignRunner({ ctx: { db: database.db, gateway, config }, holder: app.instanceId, log: app.log.child({ component: 'firmware' }) });
  app.addHook('onClose', () => campaigns.stop());
  app.shutdown.onDrain('firmware campaigns', () => campaigns.stop());
  // Alarm notifications enqueued by the gateway and the sweep; any number of servers may run the worker.
  const log = app.log.child({ component: 'notify' });
  const worker = startNotifyWorker({
    db: database.db,
    // Counted by channel (observability/instrument.ts): notifications sent and failed.
    ...countedTransports(app.metrics, { ...transports, sms: outboxSmsProvider(database.db, config.now, log) }),
    now: config.now,
    log,
    publicUrl: config.publicUrl,
    webhookRules: { allowPrivateTargets: config.webhookPrivateTargets },
    intervalMs: config.notifyPollSeconds * 1000,
  });
  app.addHook('onClose', () => worker.stop());
  app.shutdown.onDrain('notification worker', () => worker.stop());
  return broker;
}
