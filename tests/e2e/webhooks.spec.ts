// Webhooks at phone size (docs/product/webhooks.md): a farmer adds a webhook on /account pointing at a receiver this
// spec runs on the machine (the e2e server has WEBHOOK_PRIVATE_TARGETS on, tests/support/server.ts), presses "Send
// test" and sees it delivered in the delivery log; the signature verifies with the documented recipe and the secret
// shown on the page. Then the simulator drops the fence's voltage and the receiver gets the signed `alarm.raised`,
// which the log shows delivered too. (Retries of a failing target and the access rules are in
// server/src/webhooks/*.test.ts: retries are hours apart.)
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { demoKey } from '../../server/src/devices/inventory';
import { apiCall, expect, expectAccessible, signInNewUser, snapshot, test } from '../support/fixtures';

// Numbers 57–58 of each product of the demo inventory are this file's.
const FENCE = demoKey('fencealarm', 57);
const NAME = 'Webhook test fence';
const PHONE_SIZE = { width: 360, height: 780 };

test.describe.configure({ timeout: 150_000 });
test.use({ viewport: PHONE_SIZE });

/** The recipe of docs/product/webhooks.md "Verifying a delivery", as printed there. */
function verifyPaddockSignature(
  rawBody: string | Buffer,
  header: string | undefined,
  secret: string,
  toleranceSeconds = 300,
  now = Date.now(),
) {
  const parts = Object.fromEntries(
    String(header ?? '')
      .split(',')
      .map((part) => part.split('=', 2)),
  );
  const t = Number(parts.t);
  if (!Number.isInteger(t) || !/^[0-9a-f]{64}$/.test(parts.v1 ?? '')) return false;
  if (Math.abs(now / 1000 - t) > toleranceSeconds) return false;
  const expected = createHmac('sha256', secret).update(`${t}.`).update(rawBody).digest();
  return timingSafeEqual(expected, Buffer.from(parts.v1, 'hex'));
}

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

const received: Received[] = [];
let receiver: Server;
let receiverUrl = '';

test.beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/farm-hook`;
});
test.afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

const ofType = (type: string) => received.filter((request) => JSON.parse(request.body).type === type);

test('adds a webhook, sends a test that is delivered and signed, then gets the fence alarm', async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  const owner = await signInNewUser(page, request, baseURL!, 'webhooks');
  const registered = await apiCall(request, baseURL!, 'post', `users/${owner.userId}/fencealarms`, {
    token: owner.token,
    data: { Imei: FENCE, Name: NAME },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const alarmOn = await apiCall(request, baseURL!, 'patch', `fencealarms/${FENCE}`, {
    token: owner.token,
    data: { Notify: [owner.email], VoltageAlarm: { Enabled: true, AlarmLevel: 5000 } },
  });
  expect(alarmOn.ok(), await alarmOn.text()).toBeTruthy();

  // Add the webhook on /account: every event is ticked to start with.
  await page.goto('/account');
  const section = page.getByRole('region', { name: 'Webhooks' });
  await expect(section.getByText('No webhooks yet.')).toBeVisible();
  await section.getByRole('button', { name: 'Add webhook' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a webhook' });
  await dialog.getByLabel('Address (URL)').fill(receiverUrl);
  for (const event of ['Alarm raised', 'Alarm cleared', 'Device offline', 'Device back online'])
    await expect(dialog.getByRole('checkbox', { name: event })).toBeChecked();
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(dialog).toBeHidden();
  const hook = section.getByRole('listitem', { name: receiverUrl });
  await expect(hook).toContainText('Alarm raised · Alarm cleared · Device offline · Device back online');
  await expect(hook.getByRole('checkbox', { name: `Send to ${receiverUrl}` })).toBeChecked();

  // The secret, to verify with.
  await hook.getByRole('button', { name: 'Show secret' }).click();
  const secret = await hook.getByLabel('Signing secret').inputValue();
  expect(secret).toMatch(/^whsec_[0-9a-f]{64}$/);

  // "Send test": the receiver gets a signed ping at once; the page says so and the log has it delivered.
  await hook.getByRole('button', { name: 'Send test' }).click();
  await expect(hook.getByRole('status')).toHaveText('Test delivered: the address answered 204.');
  expect(ofType('ping')).toHaveLength(1);
  const [ping] = ofType('ping');
  expect(verifyPaddockSignature(ping.body, ping.headers['paddock-signature'] as string, secret)).toBe(true);
  await hook.getByRole('button', { name: 'Delivery log' }).click();
  const log = hook.getByRole('table', { name: `Deliveries to ${receiverUrl}` });
  await expect(log.getByRole('row').nth(1)).toContainText('Test');
  await expect(log.getByRole('row').nth(1)).toContainText('Delivered');
  await expectAccessible(page);
  await snapshot(page, testInfo, 'webhooks-phone');

  // The fence's voltage drops: the receiver gets the signed alarm.raised of fence 57.
  const voltage = async () =>
    (await (await apiCall(request, baseURL!, 'get', `fencealarms/${FENCE}`, { token: owner.token })).json()).LastReport?.Data.Voltage ?? 0;
  await expect.poll(voltage, { timeout: 20_000 }).toBeGreaterThan(5000);
  try {
    expect((await apiCall(request, baseURL!, 'put', `admin/simulator/${FENCE}`, { data: { Fault: 'low-voltage' } })).ok()).toBeTruthy();
    await expect.poll(() => ofType('alarm.raised').length, { timeout: 30_000 }).toBe(1);
    const [alarm] = ofType('alarm.raised');
    expect(JSON.parse(alarm.body)).toMatchObject({
      type: 'alarm.raised',
      data: { device: { key: FENCE, product: 'fencealarm', name: NAME }, alarm: 'fence_voltage' },
    });
    expect(verifyPaddockSignature(alarm.body, alarm.headers['paddock-signature'] as string, secret)).toBe(true);

    // The log shows it delivered, above the test.
    await hook.getByRole('button', { name: 'Hide delivery log' }).click();
    await hook.getByRole('button', { name: 'Delivery log' }).click();
    await expect(log.getByRole('row').nth(1)).toContainText('Alarm raised');
    await expect(log.getByRole('row').nth(1)).toContainText('Delivered');
    await expect(log.getByRole('row').nth(2)).toContainText('Test');
  } finally {
    await apiCall(request, baseURL!, 'put', `admin/simulator/${FENCE}`, { data: { Fault: 'none' } });
  }

  // Deleting asks first; then nothing is left.
  await hook.getByRole('button', { name: `Delete the webhook to ${receiverUrl}` }).click();
  await page.getByRole('dialog', { name: 'Delete this webhook?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(section.getByText('No webhooks yet.')).toBeVisible();
});
