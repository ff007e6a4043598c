// `npm run dev`: the server on :8080 and a webpack dev server per app (shell :3000, remotes :3001–3004).
// Open http://localhost:3000; the shell's dev server answers /remotes.json with the remotes' dev servers and
// proxies /api to the server. Ctrl-C stops everything. The variables of `.env`, if there is one, apply to all.
import { spawn } from 'node:child_process';
import { APPS, root } from './apps.mjs';
import { loadDotEnv } from './dotenv.mjs';

loadDotEnv();
// The links the server sends (the payment portal and its way back, alarm mails) lead to the shell's dev server.
process.env.PUBLIC_URL ??= 'http://localhost:3000';

const children = [];

function start(name, command, args) {
  const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
  for (const stream of [child.stdout, child.stderr]) {
    let pending = '';
    stream.on('data', (chunk) => {
      const lines = (pending + chunk).split('\n');
      pending = lines.pop();
      for (const line of lines) console.log(`[${name}] ${line}`);
    });
  }
  child.on('exit', (code, signal) => {
    console.log(`[${name}] exited (${signal ?? code})`);
    stopAll(code || 1);
  });
  children.push(child);
}

let stopping = false;
function stopAll(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 500);
}

start('server', 'npx', ['tsx', 'watch', 'server/src/main.ts', 'serve']);
for (const app of APPS) start(app, 'npm', ['run', 'dev', '--silent', '-w', app]);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stopAll(0));
console.log('Paddock dev: open http://localhost:3000 (API on http://localhost:8080)');
