// Graceful shutdown (docs/operations/deploy.md#stopping-and-restarting). At the first SIGTERM or SIGINT readiness
// answers 503 at once, so a load balancer stops sending new clients; the instance stops taking new work (device uplinks,
// job loops claiming rows). It keeps listening until the HTTP requests in flight at the signal have finished (a client
// the balancer still sends meanwhile is served, not refused), then the app closes (main.ts). What is still running when
// SHUTDOWN_GRACE_SECONDS is over is named in the log line of the forced exit.
import type { FastifyInstance, FastifyRequest } from 'fastify';

interface Drainer {
  name: string;
  stop: () => Promise<void>;
}

export class Shutdown {
  /** Set by drain(): readiness answers 503 from then on (http/health.ts). */
  draining = false;
  private readonly drainers: Drainer[] = [];
  private readonly running = new Set<string>();
  /** Each request in flight, with what resolves its `finished` promise. */
  private readonly requests = new Map<FastifyRequest, { finished: Promise<void>; finish: () => void }>();
  private drained: Promise<void> | null = null;

  /** `stop` ends the taking of new work named `name` (a job loop, the gateway's uplinks); drain() calls it once. */
  onDrain(name: string, stop: () => Promise<void>): void {
    this.drainers.push({ name, stop });
  }

  /** Readiness 503 at once, then every onDrain stop at the same time; resolves once all of them have stopped. */
  drain(): Promise<void> {
    this.draining = true;
    this.drained ??= Promise.all(this.drainers.map(({ name, stop }) => this.track(`stopping ${name}`, stop()))).then(() => undefined);
    return this.drained;
  }

  /** `work`, named among what is still running until it settles. */
  async track<T>(name: string, work: Promise<T>): Promise<T> {
    this.running.add(name);
    try {
      return await work;
    } finally {
      this.running.delete(name);
    }
  }

  /** Keeps the HTTP requests in flight (requestsFinished, and the log line of a shutdown that ran out of time). */
  countRequests(app: FastifyInstance): void {
    app.addHook('onRequest', async (request) => {
      let finish = () => {};
      const finished = new Promise<void>((resolve) => (finish = resolve));
      this.requests.set(request, { finished, finish });
    });
    const done = async (request: FastifyRequest) => {
      this.requests.get(request)?.finish();
      this.requests.delete(request);
    };
    app.addHook('onResponse', done);
    app.addHook('onRequestAbort', done);
  }

  /** Resolves once the HTTP requests in flight now have been answered (or abandoned by their clients). */
  requestsFinished(): Promise<void> {
    return Promise.all([...this.requests.values()].map((request) => request.finished)).then(() => undefined);
  }

  /** What has not finished: the steps tracked, and each HTTP request in flight (method and route pattern: no ids, no tokens). */
  stillRunning(): string[] {
    const requests = [...this.requests.keys()].map((request) => `HTTP ${request.method} ${request.routeOptions.url ?? '(no route)'}`);
    return [...this.running, ...requests];
  }
}
