// CORS for the API (docs/product/embedding.md): a partner page that embeds the device dashboard calls /api from its own
// origin. Only the origins of PARTNER_ORIGINS get an Access-Control-Allow-Origin; any other origin gets none, so the
// browser refuses the reply, and its preflight is answered 403. Calls carry a bearer token, never cookies, so no
// credentials are allowed. The remotes' files are another matter: they load from any origin (web.ts).
import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { forbidden } from './errors';

/** How long a browser may keep a preflight's answer. */
export const PREFLIGHT_MAX_AGE_SECONDS = 600;

export function isPartnerOrigin(origin: string | undefined, partnerOrigins: readonly string[]): boolean {
  return typeof origin === 'string' && partnerOrigins.includes(origin.toLowerCase().replace(/\/$/, ''));
}

/** Registers CORS in the scope of `api` (the /api prefix), so nothing else answers cross-origin calls. */
export async function registerPartnerCors(api: FastifyInstance, config: Pick<Config, 'partnerOrigins' | 'nativeAppOrigins'>): Promise<void> {
  // The native app's web view calls the API cross-origin too (NATIVE_APP_ORIGINS, docs/product/native-app.md).
  const admitted = [...config.partnerOrigins, ...config.nativeAppOrigins];
  // A preflight from an origin that is not a partner's is refused outright rather than answered without headers.
  api.addHook('onRequest', async (request) => {
    const origin = request.headers.origin;
    if (request.method !== 'OPTIONS' || !origin || !request.headers['access-control-request-method']) return;
    if (!isPartnerOrigin(origin, admitted)) throw forbidden();
  });
  await api.register(cors, {
    origin: (origin, callback) => callback(null, isPartnerOrigin(origin, admitted)),
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    // The dashboard's poll reads the ETag to ask If-None-Match next time (docs/architecture/README.md#budgets: 304).
    exposedHeaders: ['ETag', 'Content-Disposition'],
    credentials: false,
    maxAge: PREFLIGHT_MAX_AGE_SECONDS,
    strictPreflight: true,
  });
}
