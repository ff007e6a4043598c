// A mail catcher for the end-to-end server: a minimal SMTP receiver the server sends to (SMTP_URL), and an HTTP
// address the tests read the caught mails from. The built-in mailbox cannot serve here: it masks the codes of mails to
// anyone but the reading admin (docs/product/admin.md "Mailbox"), and the journeys type the codes the user got.
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { createServer, type Server, type Socket } from 'node:net';

export interface CaughtMail {
  To: string;
  Subject: string;
  Text: string;
  SentAt: string;
  /** Files attached (the reports' CSV, docs/product/reports.md), decoded as UTF-8 text. */
  Attachments: { Filename: string; ContentType: string; Content: string }[];
}

export interface MailCatcher {
  /** The SMTP_URL for the server. */
  smtpUrl: string;
  /** GET `${url}/mails?to=<address>`: that recipient's mails, newest first. */
  url: string;
  stop(): Promise<void>;
}

/** `=XX` bytes (and, in headers, `_` spaces) as UTF-8. */
function decodeQuotedPrintable(text: string, header = false): string {
  const source = header ? text.replace(/_/g, ' ') : text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < source.length; i++) {
    if (source[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(source.slice(i + 1, i + 3))) {
      bytes.push(parseInt(source.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(source[i], 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

/** RFC 2047 encoded words (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`); the space between two of them is not text. */
function decodeHeader(value: string): string {
  return value
    .replace(/(\?=)\s+(=\?)/g, '$1$2')
    .replace(/=\?[^?]+\?([QqBb])\?([^?]*)\?=/g, (_all, encoding: string, data: string) =>
      encoding.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : decodeQuotedPrintable(data, true),
    );
}

interface Part {
  header: (name: string) => string;
  body: string;
}

/** One MIME entity: its headers (folded lines joined) and its body decoded from its transfer encoding. */
function parsePart(raw: string): Part {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  let body = raw.slice(split + 4);
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  if (encoding === 'quoted-printable') body = decodeQuotedPrintable(body);
  else if (encoding === 'base64') body = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return { header, body };
}

/** The leaf parts of a message, multipart/* (a text with an HTML alternative and attachments) walked depth first. */
function leafParts(raw: string): Part[] {
  const part = parsePart(raw);
  const boundary = /multipart\/[^;]+;.*boundary="?([^";]+)"?/i.exec(part.header('Content-Type'))?.[1];
  if (!boundary) return [part];
  const body = raw.slice(raw.indexOf('\r\n\r\n') + 4);
  return body
    .split(`--${boundary}`)
    .slice(1)
    .filter((chunk) => !chunk.startsWith('--'))
    .flatMap((chunk) => leafParts(chunk.replace(/^\r\n/, '').replace(/\r\n$/, '')));
}

/** The subject, plain text and attachments of a message as the server's mailer (nodemailer) writes it. */
export function parseMessage(raw: string): { subject: string; text: string; attachments: CaughtMail['Attachments'] } {
  const top = parsePart(raw);
  const parts = leafParts(raw);
  const isAttachment = (part: Part) => /^attachment/i.test(part.header('Content-Disposition'));
  const plain = parts.find((part) => !isAttachment(part) && !/text\/html/i.test(part.header('Content-Type'))) ?? parts[0];
  const attachments = parts.filter(isAttachment).map((part) => ({
    Filename: decodeHeader(/filename="?([^";]+)"?/i.exec(part.header('Content-Disposition'))?.[1] ?? ''),
    ContentType: part.header('Content-Type'),
    Content: part.body,
  }));
  return { subject: decodeHeader(top.header('Subject')), text: plain.body.replace(/\r\n/g, '\n').replace(/\n$/, ''), attachments };
}

export async function startMailCatcher(): Promise<MailCatcher> {
  const mails: CaughtMail[] = [];

  const sockets = new Set<Socket>();
  const smtp: Server = createServer((socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.setEncoding('utf8');
    let buffer = '';
    let recipients: string[] = [];
    let data: string | null = null;
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 paddock-e2e mail catcher');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (;;) {
        if (data !== null) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end === -1) return;
          // Dot-stuffing undone: a line the client started with "." was sent as "..".
          const raw = (data + buffer.slice(0, end)).replace(/\r\n\.\./g, '\r\n.');
          buffer = buffer.slice(end + 5);
          data = null;
          const { subject, text, attachments } = parseMessage(raw);
          const SentAt = new Date().toISOString();
          for (const To of recipients) mails.push({ To, Subject: subject, Text: text, SentAt, Attachments: attachments });
          recipients = [];
          reply('250 OK');
          continue;
        }
        const end = buffer.indexOf('\r\n');
        if (end === -1) return;
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') reply('250 paddock-e2e');
        else if (verb === 'MAIL' || verb === 'RSET' || verb === 'NOOP') {
          if (verb !== 'NOOP') recipients = [];
          reply('250 OK');
        } else if (verb === 'RCPT') {
          recipients.push((/<([^>]*)>/.exec(line)?.[1] ?? '').toLowerCase());
          reply('250 OK');
        } else if (verb === 'DATA') {
          data = '\r\n';
          reply('354 End data with <CR><LF>.<CR><LF>');
        } else if (verb === 'QUIT') {
          reply('221 Bye');
          socket.end();
        } else reply('502 Not implemented');
      }
    });
    socket.on('error', () => undefined);
  });

  const http: HttpServer = createHttpServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const to = url.searchParams.get('to')?.trim().toLowerCase();
    const found = mails.filter((mail) => !to || mail.To === to).reverse();
    // A new connection per poll: a kept-alive socket the server times out (5 s) just as the next poll reuses it
    // answered "socket hang up" (seen in live.spec.ts).
    response.writeHead(200, { 'content-type': 'application/json', connection: 'close' }).end(JSON.stringify(found));
  });

  const listen = (server: Server | HttpServer) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => {
        const address = server.address();
        resolve(typeof address === 'object' && address ? address.port : 0);
      });
    });
  const [smtpPort, httpPort] = [await listen(smtp), await listen(http)];
  const close = (server: Server | HttpServer) => new Promise<void>((resolve) => server.close(() => resolve()));
  return {
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    url: `http://127.0.0.1:${httpPort}`,
    stop: async () => {
      for (const socket of sockets) socket.destroy();
      http.closeAllConnections();
      await Promise.all([close(smtp), close(http)]);
    },
  };
}
