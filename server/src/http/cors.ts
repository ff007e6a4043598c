// CORS for the API (docs/product/embedding.md): a partner page that embeds the device dashboard calls /api from its own
// origin. Partner origins (PARTNER_ORIGINS) are admitted on the embed's calls only — the routes that say
// `config: { embed: true }` — and a call from a partner origin to any other route is refused (403 embed_scope) before
// it runs, so a new route is closed to partner pages until it opts in. The native app's origins (NATIVE_APP_ORIGINS)
// are the full app and are admitted everywhere. Any other origin gets no Access-Control-Allow-Origin, so the browser
// refuses the reply, and its preflight is answered 403. Calls carry a bearer token, never cookies, so no credentials
// are allowed. The remotes' files are another matter: they load from any origin (web.ts).
import cors from '@fastify/cors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { AppError, forbidden } from './errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The embedded dashboard makes this call (docs/product/embedding.md "What the embed may call"): a partner origin
     * and an embed-scoped token may use it. Without it, both are refused with 403 embed_scope.
     */
    embed?: boolean;
  }
}

/** How long a browser may keep a preflight's answer. */
export const PREFLIGHT_MAX_AGE_SECONDS = 600;

/** 403 embed_scope: the call (or the field named) is not one the embedded dashboard may make. */
export const embedScopeRefused = (field?: string) => new AppError(403, 'embed_scope', field);

export function isPartnerOrigin(origin: string | undefined, partnerOrigins: readonly string[]): boolean {
  return typeof origin === 'string' && partnerOrigins.includes(origin.toLowerCase().replace(/\/$/, ''));
}

type Origins = Pick<Config, 'partnerOrigins' | 'nativeAppOrigins'>;

/** A call from a partner's page: its Origin is a partner's and not the native app's (the app is the full app). */
export function fromPartnerPage(request: FastifyRequest, config: Origins): boolean {
  const origin = request.headers.origin;
  return isPartnerOrigin(origin, config.partnerOrigins) && !isPartnerOrigin(origin, config.nativeAppOrigins);
}

/** Whether the route a request reached is one of the embed's (unknown routes are not: they answer 404 anyway). */
export const isEmbedRoute = (request: FastifyRequest): boolean => request.routeOptions.config?.embed === true;

/** The embed's routes by method and path pattern, to answer a preflight (which reaches CORS's own OPTIONS route). */
class EmbedRoutes {
  private readonly patterns: { method: string; path: RegExp }[] = [];

  add(methods: string | string[], url: string): void {
    const path = new RegExp(`^${url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z0-9_]+/g, '[^/]+')}/?$`);
    for (const method of [methods].flat()) this.patterns.push({ method: method.toUpperCase(), path });
  }

  has(method: string, url: string): boolean {
    const wanted = method.toUpperCase() === 'HEAD' ? 'GET' : method.toUpperCase();
    const path = url.split('?')[0];
    return this.patterns.some((pattern) => pattern.method === wanted && pattern.path.test(path));
  }
}

/** Registers CORS in the scope of `api` (the /api prefix), so nothing else answers cross-origin calls. */
export async function registerPartnerCors(api: FastifyInstance, config: Origins): Promise<void> {
  const admitted = [...config.partnerOrigins, ...config.nativeAppOrigins];
  const embedRoutes = new EmbedRoutes();
  api.addHook('onRoute', (route) => {
    if (route.config?.embed) embedRoutes.add(route.method, route.url);
  });
  api.addHook('onRequest', async (request) => {
    const origin = request.headers.origin;
    if (!origin) return;
    const preflightMethod = request.method === 'OPTIONS' ? request.headers['access-control-request-method'] : undefined;
    if (typeof preflightMethod === 'string') {
      // A preflight from an origin that is not admitted is refused outright rather than answered without headers;
      // a partner's is admitted for the embed's calls only.
      if (!isPartnerOrigin(origin, admitted)) throw forbidden();
      if (fromPartnerPage(request, config) && !embedRoutes.has(preflightMethod, request.url)) throw forbidden();
      return;
    }
    // A partner page's call to any other route does not run (a simple request needs no preflight).
    if (fromPartnerPage(request, config) && request.routeOptions.url !== undefined && !isEmbedRoute(request)) throw embedScopeRefused();
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
