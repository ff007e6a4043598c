// `GET /users/{id}/devices` under load: a user with 50 devices, full replies (200) and polls that find nothing
// changed (304), on whichever database the server runs.
import { PRODUCTS, type ProductId } from '@paddock/shared/domain';
import { demoKey } from '../server/src/devices/inventory';
import type { RunningServer } from '../tests/support/server';
import { againstHelloWorld } from './benchPeer';
import { percentile, type Row } from './benchRows';
import type { LoadResult } from './benchPeer';

/** Signs in as the demo user and registers demo devices 2–10 of each product, so the user has 50. */
export async function prepareFiftyDevices(server: RunningServer, demo: { email: string; password: string }) {
  const signIn = await fetch(`${server.url}/api/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ Email: demo.email, Password: demo.password }),
  });
  const { User, Token } = (await signIn.json()) as { User: { Id: string }; Token: { String: string } };
  const headers = { authorization: `Bearer ${Token.String}`, 'content-type': 'application/json' };
  for (const product of Object.keys(PRODUCTS) as ProductId[]) {
    for (let n = 2; n <= 10; n += 1) {
      const key = demoKey(product, n);
      const body = { [PRODUCTS[product].keyField]: key, Name: `Bench ${n}` };
      const reply = await fetch(`${server.url}/api/users/${User.Id}/${PRODUCTS[product].apiCollection}`, {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
      });
      if (reply.status !== 201) throw new Error(`registering ${key}: ${reply.status} ${await reply.text()}`);
    }
  }
  const url = `${server.url}/api/users/${User.Id}/devices`;
  const first = await fetch(url, { headers });
  const list = (await first.json()) as Record<string, unknown[]>;
  const count = Object.values(list).reduce((sum, devices) => sum + devices.length, 0);
  if (count !== 50) throw new Error(`expected 50 devices, the list has ${count}`);
  return { url, headers, etag: first.headers.get('etag')! };
}

/** The signed-in demo user with 50 devices: their device list's URL, the headers to call it with, its ETag. */
export type FiftyDevices = Awaited<ReturnType<typeof prepareFiftyDevices>>;

/** The list's rows: 200 and 304 (If-None-Match), each beside the hello-world peer (scripts/benchPeer.ts). */
export async function devicesApiRows(
  { url, headers, etag }: FiftyDevices,
  database: string,
  targets: { full: number; notModified: number },
): Promise<Row[]> {
  const row = async (what: string, requestHeaders: Record<string, string>, status: number, target: number): Promise<Row> => {
    const { subject, peer } = await againstHelloWorld(url, requestHeaders);
    const ratio = subject.requestsPerSecond / peer.requestsPerSecond;
    const statuses = [...subject.statuses].join(', ');
    return {
      what: `GET /users/{id}/devices, 50 devices, ${what}, ${database}`,
      value: `${subject.requestsPerSecond.toFixed(0)} req/s, p99 ${subject.p99Ms.toFixed(1)} ms${statuses === String(status) ? '' : ` (answered ${statuses})`}`,
      peer: `hello-world ${peer.requestsPerSecond.toFixed(0)} req/s`,
      ratio,
      budget: `≥ ${target} ×, answers ${status}`,
      ok: ratio >= target && subject.statuses.size === 1 && subject.statuses.has(status),
    };
  };
  return [
    await row('200', headers, 200, targets.full),
    await row('304 (If-None-Match)', { ...headers, 'if-none-match': etag }, 304, targets.notModified),
  ];
}

/** The admin rows' tool (scripts/benchAdmin.ts): fetch in `connections` loops; the list rows use benchPeer's load. */
export async function load(url: string, headers: Record<string, string>, { connections = 8, seconds = 5 } = {}): Promise<LoadResult> {
  const latencies: number[] = [];
  const statuses = new Set<number>();
  const until = performance.now() + seconds * 1000;
  const client = async () => {
    while (performance.now() < until) {
      const started = performance.now();
      const reply = await fetch(url, { headers });
      await reply.arrayBuffer();
      latencies.push(performance.now() - started);
      statuses.add(reply.status);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: connections }, client));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { requestsPerSecond: latencies.length / elapsed, p99Ms: percentile(latencies, 99), statuses };
}
