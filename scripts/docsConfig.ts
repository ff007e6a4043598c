// `npm run docs:config`: writes docs/configuration.md and .env.example from CONFIG_DOCS (server/src/configFiles.ts).
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { CONFIG_FILES } from '../server/src/configFiles';

for (const file of CONFIG_FILES) {
  writeFileSync(path.join(__dirname, '..', file.path), file.render());
  console.log(`wrote ${file.path}`);
}
