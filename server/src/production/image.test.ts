// The image and the compose deployment (docs/operations/deploy.md "The image"): no container runtime on this machine,
// so their files are read and checked here, and deploy/haproxy.cfg by HAProxy itself; scripts/rehearse.ts runs the
// same command, environment and proxy configuration for real (rehearsal.test.ts).
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { parse } from 'yaml';
import { loadConfig } from '../config';

const ROOT = path.join(__dirname, '..', '..', '..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');
const HAPROXY = '/usr/sbin/haproxy';

interface Service {
  image?: string;
  build?: unknown;
  environment?: Record<string, string>;
  secrets?: string[];
  depends_on?: unknown;
  stop_grace_period?: string;
  volumes?: string[];
}

describe('the Dockerfile', () => {
  const dockerfile = read('Dockerfile');
  const lines = dockerfile.split('\n');
  const stages = lines.filter((line) => /^FROM /.test(line));

  it('builds in stages: all dependencies and the build, then a runtime with production dependencies only', () => {
    expect(stages.length).toBeGreaterThanOrEqual(3);
    expect(dockerfile).toMatch(/RUN npm ci\b(?!.*--omit=dev)/);
    expect(dockerfile).toMatch(/RUN npm run build\b/);
    expect(dockerfile).toMatch(/RUN npm ci --omit=dev\b/);
    const runtime = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
    // The runtime copies the production node_modules, the compiled server and every built app, not the sources.
    expect(runtime).toMatch(/COPY --from=prod-deps .*\/app\/node_modules/);
    for (const built of ['server/dist', 'server/public', 'shell/dist', 'mfe-account/dist', 'mfe-devices/dist', 'mfe-billing/dist', 'mfe-admin/dist']) {
      expect(runtime).toContain(`/app/${built} ./${built}`);
    }
    expect(runtime).not.toMatch(/COPY (--chown=\S+ )?\. \./);
  });

  it('runs node itself as a non-root user, in production, with a readiness health check and SIGTERM', () => {
    const runtime = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
    expect(runtime).toMatch(/^USER (?!root\b|0\b)\S+/m);
    expect(runtime).toMatch(/NODE_ENV=production/);
    expect(runtime).toMatch(/^STOPSIGNAL SIGTERM$/m);
    // Exec form: node is PID 1 and gets the signal, no shell or npm in between.
    const cmd = lines.filter((line) => line.startsWith('CMD '));
    expect(cmd).toEqual(['CMD ["node", "server/dist/main.js", "serve"]']);
    const health = runtime.slice(runtime.indexOf('HEALTHCHECK'), runtime.indexOf('\n', runtime.indexOf('CMD [', runtime.indexOf('HEALTHCHECK'))));
    expect(health).toContain('/api/health/ready');
    expect(health).toContain('"node", "-e"');
    expect(health).not.toMatch(/curl|wget/);
  });

  it('leaves dependencies, outputs and local secrets out of the build context', () => {
    const ignored = read('.dockerignore').split('\n');
    for (const entry of ['**/node_modules', '**/dist', '.env', '.git']) expect(ignored).toContain(entry);
  });
});

describe('deploy/compose.yaml', () => {
  const compose = parse(read('deploy/compose.yaml'), { merge: true }) as { services: Record<string, Service>; secrets: Record<string, { file: string }> };
  const paddocks = ['paddock1', 'paddock2'].map((name) => compose.services[name]);

  it('has PostgreSQL, RabbitMQ, two Paddock instances of the one image and HAProxy', () => {
    expect(Object.keys(compose.services).sort()).toEqual(['db', 'paddock1', 'paddock2', 'proxy', 'rabbitmq']);
    expect(compose.services.db.image).toMatch(/^postgres:/);
    expect(compose.services.rabbitmq.image).toMatch(/^rabbitmq:/);
    expect(compose.services.proxy.image).toMatch(/^haproxy:/);
    for (const paddock of paddocks) {
      expect(paddock.image).toBe('paddock:latest');
      expect(paddock.build).toMatchObject({ context: '..', dockerfile: 'Dockerfile' });
      expect(paddock.environment?.NODE_ENV).toBe('production');
      expect(paddock.depends_on).toMatchObject({ db: { condition: 'service_healthy' }, rabbitmq: { condition: 'service_healthy' } });
    }
  });

  it('hands every secret over as a file (NAME_FILE), each one a declared compose secret', () => {
    for (const paddock of paddocks) {
      const environment = paddock.environment!;
      // Production's services (docs/operations/configure.md), never inline.
      for (const name of ['DATABASE_URL', 'MQTT_URL', 'AMQP_URL', 'BROKER_SECRET', 'SMTP_URL', 'ADMIN_PASSWORD', 'METRICS_TOKEN']) {
        expect(environment[name]).toBeUndefined();
        const file = environment[`${name}_FILE`];
        expect(file).toBe(`/run/secrets/${name.toLowerCase()}`);
        expect(paddock.secrets).toContain(name.toLowerCase());
        expect(compose.secrets[name.toLowerCase()]).toEqual({ file: `./secrets/${name.toLowerCase()}` });
      }
    }
    expect(compose.services.db.environment?.POSTGRES_PASSWORD_FILE).toBe('/run/secrets/postgres_password');
  });

  it('waits longer than the shutdown grace before SIGKILL, and HAProxy gets the instances from the environment', () => {
    for (const paddock of paddocks) expect(paddock.stop_grace_period).toBe('30s');
    expect(compose.services.proxy.environment).toEqual({
      PADDOCK_LISTEN: ':8080',
      BROKER_AUTH_LISTEN: ':8081',
      PADDOCK_1: 'paddock1:8080',
      PADDOCK_2: 'paddock2:8080',
    });
    expect(compose.services.proxy.volumes).toContain('./haproxy.cfg:/usr/local/etc/haproxy/haproxy.cfg:ro');
  });
});

describe('deploy/haproxy.cfg', () => {
  const config = read('deploy/haproxy.cfg');

  it('the broker reaches live instances on a private port, and the compose broker is pointed at it', () => {
    expect(config).toMatch(/bind "\$\{BROKER_AUTH_LISTEN\}"/);
    expect(config).toMatch(/option httpchk GET \/api\/health\n/);
    expect(read('deploy/rabbitmq/rabbitmq.conf')).toMatch(/^auth_http\.user_path += http:\/\/proxy:8081\/api\/broker\/BROKER_AUTH_TOKEN\/user$/m);
    expect(read('deploy/rabbitmq/enabled_plugins')).toContain('rabbitmq_auth_backend_http');
  });

  it('checks readiness, redispatches, and retries idempotent requests on connection failures and 503', () => {
    expect(config).toMatch(/option httpchk GET \/api\/health\/ready/);
    expect(config).toMatch(/option redispatch/);
    expect(config).toMatch(/retry-on .*conn-failure.*503/);
    expect(config).toMatch(/disable-l7-retry unless METH_GET \|\| METH_HEAD \|\| METH_OPTIONS/);
  });

  it("waits for an answer longer than the server's request and idle time-outs, so a command's 408 gets through (docs/operations/configure.md#time-outs)", () => {
    const { request, idle } = loadConfig({}).timeouts;
    for (const side of ['server', 'client']) {
      const seconds = Number(new RegExp(`^\\s*timeout ${side} (\\d+)s$`, 'm').exec(config)?.[1]);
      expect(seconds).toBeGreaterThan(Math.max(request, idle));
    }
  });

  it('is valid for HAProxy', async () => {
    if (!existsSync(HAPROXY)) throw new Error(`${HAPROXY} is missing: apt-get install haproxy`);
    const { stdout } = await promisify(execFile)(HAPROXY, ['-c', '-f', path.join(ROOT, 'deploy', 'haproxy.cfg')], {
      env: { PATH: process.env.PATH, PADDOCK_LISTEN: '127.0.0.1:8080', BROKER_AUTH_LISTEN: '127.0.0.1:8081', PADDOCK_1: '127.0.0.1:8082', PADDOCK_2: '127.0.0.1:8083' },
    });
    expect(stdout).toContain('Configuration file is valid');
  });
});
