// A device whose sign-in the broker refuses: the simulator logs it once and tries again only after
// REFUSED_RECONNECT_MS, not every few seconds (device.ts). On jest's fake timers, so the wait is the simulated one;
// in a file of its own, because the devices of simulator.test.ts would lose the timers they set while time is fake.
import net from 'node:net';
import { setTimeout as realDelay } from 'node:timers/promises';
import { Aedes } from 'aedes';
import { RECONNECT_MS, REFUSED_RECONNECT_MS } from './device';
import { startSimulator } from './index';

const KEY = '350000400900003';
const signIns: number[] = [];
let elapsed = 0;
let broker: Aedes;
let server: net.Server;
let url: string;

beforeAll(async () => {
  broker = await Aedes.createBroker({
    authenticate: (_client, _username, _password, done) => {
      signIns.push(elapsed);
      done(Object.assign(new Error('bad user name or password'), { returnCode: 4 as const }), false);
    },
  });
  server = net.createServer(broker.handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `mqtt://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => broker.close(() => resolve()));
  await new Promise((resolve) => server.close(resolve));
});
afterEach(() => jest.useRealTimers());

/** Moves the simulated clock on in steps of `stepMs`, letting the sockets work between steps, until `done` holds. */
async function runUntil(done: () => boolean, stepMs: number, limitMs: number): Promise<void> {
  for (let real = 0; !done(); real += 1) {
    if (elapsed > limitMs || real > 2_000) throw new Error(`still waiting after ${elapsed} simulated ms`);
    await jest.advanceTimersByTimeAsync(stepMs);
    elapsed += stepMs;
    await realDelay(5); // real time: the broker's answer comes over a socket
  }
}

it('logs a refused sign-in once and tries again only after REFUSED_RECONNECT_MS, not every few seconds', async () => {
  jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask', 'performance', 'hrtime'] });
  const problems: unknown[][] = [];
  const log = { info: () => undefined, error: () => undefined, warn: (...a: unknown[]) => void problems.push(a) };
  const simulator = await startSimulator({ url, devices: [{ key: KEY, product: 'smartplug2', secret: 'not-its-secret' }], intervalSeconds: 1, log });
  try {
    await runUntil(() => signIns.length === 1 && problems.length === 1, 0, 0);
    expect(problems[0][0]).toMatchObject({ device: KEY, err: expect.stringMatching(/user ?name or password/i) });
    await runUntil(() => signIns.length === 2, 250, 2 * REFUSED_RECONNECT_MS);
    // Not after the usual 2–3 s, but after the long wait (plus the moment the refusal took to close the connection).
    expect(signIns[1] - signIns[0]).toBeGreaterThanOrEqual(REFUSED_RECONNECT_MS);
    expect(signIns[1] - signIns[0]).toBeLessThan(REFUSED_RECONNECT_MS + RECONNECT_MS);
    expect(problems).toHaveLength(1);
  } finally {
    jest.useRealTimers();
    await simulator.stop();
  }
});
