// Security headers on every reply (API, shell, remotes' files, 404s), through helmet. The CSP allows scripts only
// from files (no inline script, no eval) of this origin, of the remotes' origins (REMOTE_<NAME>_URL may point
// elsewhere, REMOTE_ORIGINS names more: fixed at start while REMOTES_FILE moves versions, http/remotes.ts) and of
// the shell's CDN (ASSET_ORIGIN; docs/architecture/decisions/0024-remote-redeploys.md); styles may be inline: the
// page's splash rules are a <style> of the page, and components set style attributes (the apps' own CSS comes as files).
import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { allowedRemoteOrigins } from './remotes';

/** One year; sent only on requests that came over https (directly, or as a trusted proxy says). */
export const HSTS = 'max-age=31536000; includeSubDomains';

/** The origins of the remotes that are not served from this origin (http or https only). */
export function remoteOrigins(remoteUrls: Config['remoteUrls']): string[] {
  const origins = new Set<string>();
  for (const value of Object.values(remoteUrls)) {
    if (!/^https?:\/\//i.test(value)) continue; // a path: this origin
    try {
      origins.add(new URL(value).origin);
    } catch {
      // An unparsable URL loads nothing; the shell shows that remote as unavailable.
    }
  }
  return [...origins];
}

export function contentSecurityPolicy(config: Config): Record<string, string[]> {
  // The shell's CDN serves the same kinds of files as a remote's origin; the service worker precaches from it (connect).
  const others = [...new Set([...allowedRemoteOrigins(config), ...(config.assetOrigin ? [config.assetOrigin] : [])])];
  return {
    defaultSrc: ["'self'"],
    baseUri: ["'self'"],
    scriptSrc: ["'self'", ...others],
    scriptSrcAttr: ["'none'"],
    styleSrc: ["'self'", "'unsafe-inline'", ...others],
    connectSrc: ["'self'", ...others],
    imgSrc: ["'self'", 'data:', 'blob:', ...others],
    fontSrc: ["'self'", 'data:', ...others],
    workerSrc: ["'self'"],
    manifestSrc: ["'self'"],
    objectSrc: ["'none'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  };
}

export function registerSecurityHeaders(app: FastifyInstance, config: Config): void {
  // helmet's middleware, built once. Not @fastify/helmet: it builds the middleware again for every request, parsing
  // the policy each time, which was a tenth of the server's time answering device-list polls (a dashboard asks every
  // 5 s; docs/architecture/README.md#the-device-list-version).
  const setHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: contentSecurityPolicy(config),
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    // Set below, only over https: on plain http a browser ignores it, and behind an untrusted proxy we cannot tell.
    strictTransportSecurity: false,
    // The remotes' files are fetched from shells on other origins (web.ts allows them again).
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });
  // helmet throws what goes wrong (since 8.1) and calls its callback with nothing.
  app.addHook('onRequest', (request, reply, done) => setHeaders(request.raw, reply.raw, () => done()));
  app.addHook('onRequest', async (request, reply) => {
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', HSTS);
  });
}
