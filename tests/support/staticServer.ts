// A plain static file server with CORS, standing in for "a remote deployed on another origin".
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { freePort } from './server';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.json': 'application/json',
  '.css': 'text/css',
  '.html': 'text/html',
  '.svg': 'image/svg+xml',
};

export async function serveDirectory(dir: string): Promise<{ url: string; requests: string[]; close(): Promise<void> }> {
  const port = await freePort();
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    const path = normalize(decodeURIComponent((req.url ?? '/').split('?')[0])).replace(/^(\.\.[/\\])+/, '');
    requests.push(path);
    const file = join(dir, path);
    res.setHeader('Access-Control-Allow-Origin', '*');
    if (!file.startsWith(dir) || !existsSync(file) || statSync(file).isDirectory()) {
      res.statusCode = 404;
      res.end('not found');
      return;
    }
    res.setHeader('Content-Type', TYPES[extname(file)] ?? 'application/octet-stream');
    createReadStream(file).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    // Not waiting for the browser's keep-alive (or speculative, still requestless) sockets: close() alone waited for
    // them to time out, past a test's own timeout.
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
