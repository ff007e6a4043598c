// `npm start`: build whatever front-end app is missing or stale, then run the server (migrate, seed, serve), with
// the variables of `.env` if there is one.
import { spawn } from 'node:child_process';
import { buildApps, root } from './apps.mjs';
import { loadDotEnv } from './dotenv.mjs';

loadDotEnv();
buildApps();
const server = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts', 'serve'], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
