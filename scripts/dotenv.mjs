// `.env` for `npm start` and `npm run dev`: the variables of a `.env` file in the repository root (see .env.example),
// loaded before the server and the dev servers start. A variable already set in the environment wins over the file.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './apps.mjs';

export function loadDotEnv(file = join(root, '.env')) {
  if (existsSync(file)) process.loadEnvFile(file);
}
