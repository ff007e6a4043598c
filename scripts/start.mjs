// `npm start`: build whatever is missing or stale (the front-end apps, the server's bundle), then run the compiled
// server (migrate, seed, serve) in this process, with the variables of `.env` if there is one. In this process, not a
// child: the signals npm forwards (package.json runs this with `exec`, so no shell stands between) reach the server's
// own graceful shutdown (docs/operations/deploy.md). PADDOCK_SKIP_APP_BUILD=1 skips the apps (the start tests).
import { pathToFileURL } from 'node:url';
import { BUNDLE, buildServer, serverNeedsBuild } from '../server/scripts/build.mjs';
import { buildApps } from './apps.mjs';
import { loadDotEnv } from './dotenv.mjs';

loadDotEnv();
if (process.env.PADDOCK_SKIP_APP_BUILD !== '1') buildApps();
if (serverNeedsBuild()) {
  console.log('Building the server…');
  await buildServer();
}
// main.js reads its command from argv[2]: none here, so it serves.
await import(pathToFileURL(BUNDLE).href);
