// The peers the server rows are measured against (docs/architecture/decisions/0009): a bare Fastify hello-world in a
// process of its own, driven by the same load tool with the same connections in the same minute, so a ratio holds
// on a noisy shared machine where absolute figures do not.
import { spawn } from 'node:child_process';
import { Agent, request } from 'node:http';
import { freePort, repoRoot } from '../tests/support/server';
import { percentile } from './benchRows';

export interface LoadResult {
  requestsPerSecond: number;
  p99Ms: number;
  statuses: Set<number>;
}

const HELLO = `
const app = require('fastify')({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' }).then(() => console.log('ready'));
`;

/** A bare Fastify hello-world (no plugins, no logger) on a free port, in its own Node process like Paddock. */
export async function startHelloWorld(): Promise<{ url: string; stop(): Promise<void> }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['-e', HELLO], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`hello-world exited with ${code}`)));
    child.stdout!.once('data', () => resolve());
  });
  return {
    url: `http://127.0.0.1:${port}/`,
    stop: () =>
      new Promise<void>((resolve) => {
        child.removeAllListeners('exit');
        child.once('exit', () => resolve());
        child.kill();
      }),
  };
}

/**
 * The load tool of every request-rate row: `connections` keep-alive HTTP/1.1 connections (node:http, one request in
 * flight on each) in a loop for `seconds`; the latency of every request. Cheaper per request than fetch, so the
 * tool is not what limits the peer.
 */
export async function load(url: string, headers: Record<string, string>, { connections = 8, seconds = 5 } = {}): Promise<LoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const latencies: number[] = [];
  const statuses = new Set<number>();
  const target = new URL(url);
  const once = () =>
    new Promise<number>((resolve, reject) => {
      const req = request({ agent, host: target.hostname, port: target.port, path: target.pathname + target.search, headers }, (res) => {
        res.on('data', () => {});
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end();
    });
  const until = performance.now() + seconds * 1000;
  const client = async () => {
    while (performance.now() < until) {
      const started = performance.now();
      statuses.add(await once());
      latencies.push(performance.now() - started);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: connections }, client));
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return { requestsPerSecond: latencies.length / elapsed, p99Ms: percentile(latencies, 99), statuses };
}

/**
 * `url` with `headers` against the hello-world: both warmed up, then measured back to back, alternating, so both see
 * the same minute; the better round of each counts (a neighbour's build steals from one round, not the capacity).
 */
export async function againstHelloWorld(url: string, headers: Record<string, string>, { rounds = 2, seconds = 5 } = {}) {
  const hello = await startHelloWorld();
  try {
    await load(hello.url, {}, { seconds: 1 });
    await load(url, headers, { seconds: 1 });
    const subjects: LoadResult[] = [];
    const peers: LoadResult[] = [];
    for (let i = 0; i < rounds; i += 1) {
      subjects.push(await load(url, headers, { seconds }));
      peers.push(await load(hello.url, {}, { seconds }));
    }
    const best = (results: LoadResult[]) => results.reduce((a, b) => (b.requestsPerSecond > a.requestsPerSecond ? b : a));
    const statuses = new Set(subjects.flatMap((r) => [...r.statuses]));
    return { subject: { ...best(subjects), statuses }, peer: best(peers) };
  } finally {
    await hello.stop();
  }
}
