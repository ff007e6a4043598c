import { startMailCatcher } from './mailCatcher';
import { startPaddock } from './server';

/**
 * One server for the whole run; tests read its address from PADDOCK_E2E_URL, and the mail it sends from the mail
 * catcher at PADDOCK_E2E_MAIL_URL (the built-in mailbox masks other people's codes).
 */
export default async function globalSetup() {
  const mail = await startMailCatcher();
  process.env.PADDOCK_E2E_SMTP_URL = mail.smtpUrl;
  const server = await startPaddock();
  process.env.PADDOCK_E2E_URL = server.url;
  process.env.PADDOCK_E2E_MAIL_URL = mail.url;
  return async () => {
    await server.stop();
    await mail.stop();
  };
}
