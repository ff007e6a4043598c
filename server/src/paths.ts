// The server package's folder, the same from the TypeScript source (this file, server/src/paths.ts, run by tsx or
// jest) and from the production bundle (server/dist/main.js, docs/operations/deploy.md): both sit one level below it.
import path from 'node:path';

export const SERVER_DIR = path.resolve(__dirname, '..');
