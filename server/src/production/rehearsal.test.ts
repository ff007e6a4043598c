// The deployment rehearsal (scripts/rehearse.ts, docs/operations/deploy.md "Rehearsal") as a test: the release from
// the build, two instances on PostgreSQL and RabbitMQ behind HAProxy, a rolling restart with no failed request and no
// reading lost. It needs the production build, so it runs alone after it, with PADDOCK_REHEARSAL=1
// (jest.config.js leaves it out otherwise):
//   npm run build -w server && PADDOCK_REHEARSAL=1 npx jest server/src/production/rehearsal --selectProjects server
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.join(__dirname, '..', '..', '..');
const NEEDS = [
  { file: path.join(ROOT, 'server', 'dist', 'main.js'), fix: 'build the release first: npm run build -w server' },
  { file: '/usr/sbin/haproxy', fix: 'apt-get install haproxy' },
  { file: '/usr/lib/rabbitmq/bin/rabbitmq-server', fix: 'apt-get install rabbitmq-server' },
];

it('rehearses the deployment: sign-in, dashboard, a reading, a rolling restart with 0 failed requests, request ids, metrics', async () => {
  for (const { file, fix } of NEEDS) if (!existsSync(file)) throw new Error(`${file} is missing: ${fix}`);
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/rehearse.ts'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      ...(process.env.TEST_DATABASE_URL ? { REHEARSAL_POSTGRES_URL: process.env.TEST_DATABASE_URL } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`the rehearsal exited with ${code}:\n${output}`);
  console.log(output.slice(output.indexOf('Rehearsal passed:')));
  expect(output).toMatch(/^\s+failed requests\s+0$/m);
  expect(output).toMatch(/^\s+readings lost\s+0$/m);
  expect(output).toMatch(/^\s+rolling restart\s+[\d.]+ s, exit codes 0, 0$/m);
}, 240_000);
