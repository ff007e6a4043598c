// Builds the Fastify app from a configuration and an open, migrated database; used by main.ts and the tests.
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance } from 'fastify';
import { RateLimiter } from './auth/rateLimit';
import { registerSessions } from './auth/session';
import type { Config } from './config';
import type { AppContext } from './context';
import type { Database } from './db/client';
import { handleError, sendFailure } from './http/errorHandler';
import { validatorCompiler } from './http/validation';
import { deviceRoutes } from './devices/routes';
import { createMailer } from './notify/mail';
import { adminRoutes } from './routes/admin';
import { healthRoutes } from './routes/health';
import { sessionRoutes } from './routes/session';
import { userRoutes } from './routes/users';
import { verificationRoutes } from './routes/verification';
import { sendWebNotFound, webRoutes } from './routes/web';

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

const API_PREFIX = '/api';
const isApiPath = (url: string) => /^\/api(\/|\?|$)/.test(url);

export interface BuildOptions {
  /** Where log lines go (default stdout); tests read them. */
  logStream?: { write(line: string): void };
}

export async function buildApp(config: Config, database: Database, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel, redact: { paths: REDACTED, censor: '[redacted]' }, stream: options.logStream },
    bodyLimit: BODY_LIMIT,
    trustProxy: config.trustProxy,
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.setValidatorCompiler(validatorCompiler());
  app.setErrorHandler(handleError);
  registerSessions(app, database.db, config.now);
  app.addHook('onClose', () => database.close());

  await app.register(swagger, {
    openapi: {
      info: { title: 'Paddock API', version: '0.1.0', description: 'PascalCase JSON; every failure is `{Error, Message, Field?}`.' },
      servers: [{ url: '/' }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
  });
  await app.register(swaggerUi, { routePrefix: `${API_PREFIX}/docs` });

  const ctx: AppContext = {
    config,
    db: database.db,
    mailer: createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, db: database.db, now: config.now, log: app.log }),
    limiter: new RateLimiter(database.db, config.now, config.rateLimitWindowMinutes),
  };
  await app.register(
    async (api) => {
      await api.register(healthRoutes, { ctx });
      await api.register(sessionRoutes, { ctx });
      await api.register(verificationRoutes, { ctx });
      await api.register(userRoutes, { ctx });
      await api.register(adminRoutes, { ctx });
      await api.register(deviceRoutes, { ctx });
    },
    { prefix: API_PREFIX },
  );
  await app.register(webRoutes, { config });

  app.setNotFoundHandler((request, reply) =>
    isApiPath(request.url)
      ? sendFailure(request, reply, { status: 404, code: 'not_found' })
      : sendWebNotFound(config, request, reply),
  );
  return app;
}
