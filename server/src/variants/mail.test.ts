// The branded variant's mails (docs/product/overview.md#branded-variants): a code mail asked for through a
// partner host comes from the partner's name, through any other host from MAIL_FROM as it is. A small SMTP stand-in
// receives what nodemailer sends.
import { createServer, type Server } from 'node:net';
import { fromWithName } from '../notify/mail';
import { APP_START_TIMEOUT_MS, call, createTestApp, createUser, type TestApp } from '../testing/testApp';

/** An SMTP server that accepts everything and keeps each message's DATA. */
function smtpStandIn(): Promise<{ server: Server; port: number; messages: string[] }> {
  const messages: string[] = [];
  const server = createServer((socket) => {
    let inData = false;
    let buffer = '';
    socket.write('220 stand-in ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          messages.push(buffer.slice(0, end));
          buffer = buffer.slice(end + 5);
          inData = false;
          socket.write('250 OK\r\n');
          continue;
        }
        const newline = buffer.indexOf('\r\n');
        if (newline < 0) return;
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'DATA') {
          inData = true;
          socket.write('354 go on\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 OK\r\n');
      }
    });
    socket.on('error', () => {});
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, port: (server.address() as { port: number }).port, messages })));
}

let t: TestApp;
let smtp: Awaited<ReturnType<typeof smtpStandIn>>;
beforeAll(async () => {
  smtp = await smtpStandIn();
  t = await createTestApp({ smtpUrl: `smtp://127.0.0.1:${smtp.port}`, mailFrom: 'Paddock <no-reply@paddock.test>' });
}, APP_START_TIMEOUT_MS);
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => smtp.server.close(resolve));
});

const fromLine = (message: string) => /^From: (.*)$/m.exec(message)?.[1];

test('a code asked for through the partner host comes from the partner name, through localhost from MAIL_FROM', async () => {
  const user = await createUser(t);
  const ask = (host: string) => call(t.app, 'PUT', '/api/send-verification-code', { headers: { host }, body: { Email: user.email } });
  expect((await ask('partner.localhost:8080')).statusCode).toBe(204);
  expect((await ask('localhost:8080')).statusCode).toBe(204);
  expect(smtp.messages).toHaveLength(2);
  expect(fromLine(smtp.messages[0])).toBe('Paddock Partner <no-reply@paddock.test>');
  expect(fromLine(smtp.messages[1])).toBe('Paddock <no-reply@paddock.test>');
  // The mail names the app the request came through, in its subject and its text.
  // (the user is verified already, so the code is one to reset the password)
  expect(/^Subject: (.*)$/m.exec(smtp.messages[0])?.[1]).toBe('Your Paddock Partner password reset code');
  expect(/^Subject: (.*)$/m.exec(smtp.messages[1])?.[1]).toBe('Your Paddock password reset code');
  expect(smtp.messages[0]).toContain('The Paddock Partner team');
  expect(smtp.messages[1]).toContain('The Paddock team');
});

test('fromWithName keeps the address and replaces the name', () => {
  expect(fromWithName('Paddock <no-reply@x.example>', undefined)).toBe('Paddock <no-reply@x.example>');
  expect(fromWithName('Paddock <no-reply@x.example>', 'Paddock Partner')).toBe('"Paddock Partner" <no-reply@x.example>');
  expect(fromWithName('no-reply@x.example', 'Paddock Partner')).toBe('"Paddock Partner" <no-reply@x.example>');
  expect(fromWithName('a@x.example', 'Bad "name"\r\nBcc: y')).toBe('"Bad nameBcc: y" <a@x.example>');
});
