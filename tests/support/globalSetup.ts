import { startPaddock } from './server';

/** One server for the whole run; tests read its address from PADDOCK_E2E_URL. */
export default async function globalSetup() {
  const server = await startPaddock();
  process.env.PADDOCK_E2E_URL = server.url;
  return async () => server.stop();
}
