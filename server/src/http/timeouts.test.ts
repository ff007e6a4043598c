// A slow client cannot hold a connection: a request trickled a byte at a time is cut when the request time-out
// is over, on a real listening server (app.inject has no sockets).
import net, { type AddressInfo } from 'node:net';
import { APP_START_TIMEOUT_MS, createTestApp, type TestApp } from '../testing/testApp';

const TIMEOUTS = { request: 2, headers: 1, idle: 3, keepAlive: 1 };

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp({ timeouts: TIMEOUTS });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
}, APP_START_TIMEOUT_MS);
afterAll(() => t.close());

interface Outcome {
  /** What the server sent before closing. */
  received: string;
  /** Milliseconds from the first byte sent to the close. */
  closedAfterMs: number;
}

/** Sends `head` and then `drip` one byte every `everyMs`, until the server closes the connection (or 20 s). */
function trickle(head: string, drip: string, everyMs: number): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const started = Date.now();
    let received = '';
    let sent = 0;
    let timer: NodeJS.Timeout | undefined;
    const giveUp = setTimeout(() => {
      socket.destroy();
      reject(new Error(`the server kept the connection for 20 s (received: ${received || 'nothing'})`));
    }, 20_000);
    socket.on('connect', () => {
      socket.write(head);
      timer = setInterval(() => {
        if (sent < drip.length && socket.writable) socket.write(drip[sent++]);
      }, everyMs);
    });
    socket.on('data', (chunk) => (received += chunk.toString()));
    socket.on('error', () => {}); // a reset is a close too
    socket.on('close', () => {
      clearInterval(timer);
      clearTimeout(giveUp);
      resolve({ received, closedAfterMs: Date.now() - started });
    });
  });
}

describe('HTTP time-outs', () => {
  it('cuts a request whose body arrives a byte at a time when the request time-out is over', async () => {
    const body = JSON.stringify({ Email: 'slow@example.com', Password: 'x'.repeat(200) });
    const head = `POST /api/sign-in HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`;
    // 250 ms a byte: the body would take a minute.
    const outcome = await trickle(head, body, 250);
    expect(outcome.received).toMatch(/^HTTP\/1\.1 408/);
    // The request time-out, plus at most the one-second check interval, plus slack for a busy machine.
    expect(outcome.closedAfterMs).toBeGreaterThanOrEqual(TIMEOUTS.request * 1000 - 100);
    expect(outcome.closedAfterMs).toBeLessThan(TIMEOUTS.request * 1000 + 2500);
  });

  it('cuts a request whose headers arrive a byte at a time when the headers time-out is over', async () => {
    const head = 'GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Slow: ' + 'x'.repeat(200);
    const outcome = await trickle('', head, 100);
    expect(outcome.received).toMatch(/^HTTP\/1\.1 408|^$/);
    expect(outcome.closedAfterMs).toBeLessThan(TIMEOUTS.headers * 1000 + 2500);
  });

  it('closes a connection that sends nothing at all', async () => {
    const outcome = await trickle('', '', 1000);
    expect(outcome.closedAfterMs).toBeLessThan(TIMEOUTS.idle * 1000 + 2500);
  });

  it('still answers a request sent at a normal pace', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ Status: 'ok' });
  });
});
