// The front-end builds on the API's port: the shell at `/` (any other page path gets its index.html, the
// browser router takes it from there), the remotes at `/remotes/<name>/`, and `/remotes.json` telling the shell
// where each remote's manifest is. The builds are made by the root `npm start`, not here. index.html itself is always
// rendered for the request's branded variant (variants/page.ts), never sent as the built file.
import { stat } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { REMOTE_NAMES } from '@paddock/shared/federation';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { SERVER_DIR } from '../paths';
import { readVariantPage, requestVariant } from '../variants';
import { isPartnerOrigin } from '../http/cors';
import { notFound } from '../http/errors';
import { serviceWorkerScript } from '../http/precache';
import { createRemotes } from '../http/remotes';

// Emitted as `[name].[contenthash:10].js`: such a file never changes, everything else may.
const HASHED_FILE = /\.[0-9a-f]{8,}\.[a-z0-9]+$/i;
const NO_CACHE = 'no-cache';
const LONG_CACHE = 'public, max-age=31536000, immutable';

// The build writes `.br` and `.gz` beside each asset; `preCompressed` serves those to browsers that accept them.
const COMPRESSED_COPY = /\.(br|gz)$/;

export const cacheControlFor = (file: string): string =>
  HASHED_FILE.test(path.basename(file).replace(COMPRESSED_COPY, '')) ? LONG_CACHE : NO_CACHE;

export const shellDist = (config: Config) => path.join(config.webRoot, 'shell', 'dist');
export const remoteDist = (config: Config, name: string) => path.join(config.webRoot, `mfe-${name}`, 'dist');

type HeaderTarget = { setHeader(name: string, value: string): unknown };

export async function webRoutes(app: FastifyInstance, { config }: { config: Config }): Promise<void> {
  // REMOTES_FILE may move a remote to another version while the server runs (http/remotes.ts).
  const remotes = createRemotes(config, app.log);
  await app.register(fastifyStatic, {
    root: shellDist(config),
    prefix: '/',
    preCompressed: true,
    cacheControl: false,
    // Not dist/.builds/, the build records kept for `npm run prune-builds` (webpack/builds.js).
    dotfiles: 'ignore',
    // The page goes through sendWebNotFound, which brands it for the host (docs/product/overview.md#branded-variants).
    allowedPath: (pathname: string) => !isIndexPath(pathname),
    setHeaders: (res: HeaderTarget, file: string) => res.setHeader('Cache-Control', cacheControlFor(file)),
  });
  for (const name of REMOTE_NAMES) {
    await app.register(fastifyStatic, {
      root: remoteDist(config, name),
      prefix: `/remotes/${name}/`,
      decorateReply: false,
      preCompressed: true,
      cacheControl: false,
      dotfiles: 'ignore',
      setHeaders: (res: HeaderTarget, file: string) => {
        res.setHeader('Cache-Control', cacheControlFor(file));
        // A shell on another origin loads the remote's manifest and chunks.
        res.setHeader('Access-Control-Allow-Origin', '*');
        res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
      },
    });
  }
  // The service worker with the precache list of the current builds (http/precache.ts, docs/architecture/installable-app.md).
  // Never cached on the way: the browser compares it byte for byte to find a new version.
  app.get('/sw.js', { schema: { hide: true } }, async (request, reply) => {
    const index = path.join(shellDist(config), 'index.html');
    const page = (await isFile(index)) ? await readVariantPage(index, requestVariant(request, config)) : '';
    const script = page
      ? await serviceWorkerScript({
          shellDir: shellDist(config),
          remoteDir: (name) => remoteDist(config, name),
          remoteUrls: await remotes.current(),
          page,
          isHashed: (file) => cacheControlFor(file) === LONG_CACHE,
        })
      : null;
    if (script === null) return notBuilt(reply, 'web app', path.join(shellDist(config), 'sw.js'));
    return reply.header('Cache-Control', NO_CACHE).header('Vary', 'Host').type('text/javascript; charset=utf-8').send(script);
  });
  await app.register(partnerDemo, { partnerOrigins: config.partnerOrigins });
  app.get('/remotes.json', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .header('Cache-Control', NO_CACHE)
      .header('Access-Control-Allow-Origin', '*')
      .header('Cross-Origin-Resource-Policy', 'cross-origin')
      .send(await remotes.current()),
  );
}

const isFile = (file: string) =>
  stat(file).then(
    (s) => s.isFile(),
    () => false,
  );
const isDirectory = (dir: string) =>
  stat(dir).then(
    (s) => s.isDirectory(),
    () => false,
  );

/** `/` and `/index.html`: the built page, which is only ever sent branded. */
const isIndexPath = (pathname: string) => pathname === '/' || pathname === '/index.html';

/** A page path of the single-page app: a GET outside /api and /remotes that does not name a file. */
export function isPagePath(method: string, url: string): boolean {
  const pathname = url.split('?')[0];
  if (method !== 'GET' && method !== 'HEAD') return false;
  if (/^\/(api|remotes)(\/|$)/.test(pathname)) return false;
  return !/\.[a-z0-9]+$/i.test(pathname.slice(pathname.lastIndexOf('/') + 1));
}

const text = (reply: FastifyReply, status: number, body: string) => reply.code(status).type('text/plain; charset=utf-8').send(`${body}\n`);
const notBuilt = (reply: FastifyReply, what: string, dist: string) =>
  text(reply, 503, `Paddock's ${what} is not built yet (${dist} is missing). Run \`npm run build\` or \`npm start\` in the repository.`);

/** Serves the shell's index.html for page paths; a plain-text 404, or 503 while a build is missing, for anything else. */
export async function sendWebNotFound(config: Config, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const remote = /^\/remotes\/([^/?]+)\//.exec(request.url)?.[1];
  if (remote && (REMOTE_NAMES as readonly string[]).includes(remote) && !(await isDirectory(remoteDist(config, remote)))) {
    return notBuilt(reply, `${remote} remote`, remoteDist(config, remote));
  }
  const isIndex = (request.method === 'GET' || request.method === 'HEAD') && isIndexPath(request.url.split('?')[0]);
  if (!isIndex && !isPagePath(request.method, request.url)) return text(reply, 404, 'Not found');
  const dist = shellDist(config);
  const index = path.join(dist, 'index.html');
  if (!(await isFile(index))) return notBuilt(reply, 'web app', index);
  // The page differs by host: a cache in front must not give one host's page to another.
  return reply
    .header('Cache-Control', NO_CACHE)
    .header('Vary', 'Host')
    .type('text/html; charset=utf-8')
    .send(await readVariantPage(index, requestVariant(request, config)));
}

/** The demo partner page (docs/product/embedding.md), a plain folder of files in the server package. */
export const PARTNER_DEMO_DIR = path.join(SERVER_DIR, 'public', 'partner-demo');

/**
 * The demo partner page's Paddock: its host without the `shop.` prefix (http://shop.localhost:8080 →
 * http://localhost:8080), as demo.js assumes.
 */
export function demoPaddockOrigin(protocol: string, host: string): string {
  return `${protocol}://${host.replace(/^shop\./i, '')}`;
}

/**
 * /partner-demo/ stands for a partner's own site, so its page gets the policy a partner would set, not Paddock's:
 * scripts, calls and pictures from Paddock's origin too (embed.js, the remotes' files, the API); no styles from it:
 * the embed adopts its stylesheets into its shadow roots (docs/product/embedding.md).
 */
export function partnerDemoCsp(paddockOrigin: string): string {
  return [
    "default-src 'self'",
    "base-uri 'self'",
    `script-src 'self' ${paddockOrigin}`,
    "script-src-attr 'none'",
    "style-src 'self'",
    `connect-src 'self' ${paddockOrigin}`,
    `img-src 'self' data: blob: ${paddockOrigin}`,
    "font-src 'self' data:",
    "object-src 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

async function partnerDemo(app: FastifyInstance, { partnerOrigins }: { partnerOrigins: readonly string[] }): Promise<void> {
  // After helmet's onRequest hook (this scope's hooks run after the parent's), so this policy replaces Paddock's.
  app.addHook('onRequest', async (request, reply) => {
    // Only on a partner's origin (PARTNER_ORIGINS; the default names the local demo host): on Paddock's own origin
    // the page would put whatever token a link carries into Paddock's own session (docs/product/embedding.md).
    if (!isPartnerOrigin(`${request.protocol}://${request.host}`, partnerOrigins)) throw notFound();
    reply.header('Content-Security-Policy', partnerDemoCsp(demoPaddockOrigin(request.protocol, request.host)));
  });
  app.get('/partner-demo', { schema: { hide: true } }, async (_request, reply) => reply.redirect('/partner-demo/'));
  await app.register(fastifyStatic, {
    root: PARTNER_DEMO_DIR,
    prefix: '/partner-demo/',
    decorateReply: false,
    cacheControl: false,
    setHeaders: (res: HeaderTarget) => res.setHeader('Cache-Control', NO_CACHE),
  });
}
