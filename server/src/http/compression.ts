// API replies compressed for the browsers that accept it (docs/architecture/README.md#compression): br or gzip by
// Accept-Encoding, above 1 KB. A 306-device list is 266 KB of JSON and a tenth of that compressed; the dashboard
// asks for it every 5 s while it changes. Only JSON and CSV: the built files already have .br/.gz copies beside them
// (web.ts, `preCompressed`), which are sent with their Content-Encoding and left alone here; an XLSX export is a zip
// already. A 304 has no body, so nothing is compressed and the list's weak ETag (devices/listVersion.ts) stays valid
// in every encoding. Streamed CSV exports go through a compressing stream and still stream.
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** The types compressed: JSON (`application/json`, `application/problem+json`…) and CSV. */
export const COMPRESSED_TYPES = /^(application\/([a-z0-9.+-]+\+)?json|text\/csv)\s*(;|$)/i;

export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    customTypes: COMPRESSED_TYPES,
    // Brotli at the plugin's quality 4, not zlib's 11: a reply is compressed per request, not once like the build's copies.
    // Request bodies are not taken compressed: no client of the API sends them so.
    globalDecompression: false,
  });
}
