// API keys at phone size (issue 32, docs/product/api-keys.md): a farmer creates a key on /account with both scopes,
// sees it once and copies it, calls the API with it (reads SmartPlug 55, switches it; the simulator acks), is refused
// on an account call, sees "Last used" in the list, revokes the key and is refused with 401. The server runs the
// simulator for the demo inventory; numbers 55–56 of each product are this file's.
import {
  apiCall,
  expect,
  expectAccessible,
  expectToast,
  recordToasts,
  registerDemoDevice,
  signInNewUser,
  snapshot,
  test,
} from '../support/fixtures';

const PHONE_SIZE = { width: 360, height: 780 };

test.describe.configure({ timeout: 120_000 });
test.use({ viewport: PHONE_SIZE, permissions: ['clipboard-read', 'clipboard-write'] });

test('create a key, read it once, use it on a plug, revoke it', async ({ page, request, baseURL }, testInfo) => {
  const user = await signInNewUser(page, request, baseURL!, 'api-keys');
  const plug = await registerDemoDevice(request, baseURL!, user, 'smartplug', 55, 'Water pump');
  const withKey = (key: string) => ({ Authorization: `Bearer ${key}` });

  await page.goto('/account');
  const section = page.getByRole('region', { name: 'API keys' });
  await expect(section.getByText('No API keys yet.')).toBeVisible();

  // Name and both scopes.
  await section.getByRole('button', { name: 'Create API key' }).click();
  const create = page.getByRole('dialog', { name: 'New API key' });
  await create.getByLabel('Name').fill('Pump controller');
  await expect(create.getByRole('checkbox', { name: 'Read devices and their history' })).toBeChecked();
  await create.getByRole('checkbox', { name: 'Switch plugs and set their timers' }).check();
  await create.getByRole('button', { name: 'Create key' }).click();

  // Shown once, with a copy button.
  const shown = page.getByRole('dialog', { name: 'Your new key “Pump controller”' });
  await expect(shown.getByText(/you will not see it again/)).toBeVisible();
  const field = shown.getByLabel('API key');
  await expect(field).toHaveValue(/^pdk_[0-9a-f]{12}_[0-9a-f]{64}$/);
  const key = await field.inputValue();
  await recordToasts(page);
  await shown.getByRole('button', { name: 'Copy key' }).click();
  await expectToast(page, 'The key is copied.');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
  await expectAccessible(page);
  await snapshot(page, testInfo, 'api-key-shown-once');
  await shown.getByRole('button', { name: 'I have copied it' }).click();
  await expect(shown).toBeHidden();
  const item = section.getByRole('listitem').filter({ hasText: 'Pump controller' });
  await expect(item).toContainText(key.slice(0, 'pdk_'.length + 12));
  await expect(item).toContainText('Never used');
  await expect(page.locator('body')).not.toContainText(key);

  // The key reads the plug and switches it once the simulated plug has reported (it acknowledges); an account call is refused.
  await expect
    .poll(async () => (await (await request.get(`${baseURL}/api/smartplugs/${plug}`, { headers: withKey(key) })).json()).LastUplinkAt, {
      timeout: 30_000,
    })
    .not.toBeNull();
  const read = await request.get(`${baseURL}/api/smartplugs/${plug}`, { headers: withKey(key) });
  expect(read.status()).toBe(200);
  expect((await read.json()).Imei).toBe(plug);
  const switched = await request.put(`${baseURL}/api/smartplugs/${plug}/power-enabled`, {
    headers: withKey(key),
    data: { Enabled: false },
  });
  expect(switched.status()).toBe(200);
  expect((await switched.json()).PowerEnabled).toBe(false);
  const account = await request.get(`${baseURL}/api/users/${user.userId}`, { headers: withKey(key) });
  expect(account.status()).toBe(403);
  expect((await account.json()).Error).toBe('api_key_scope');
  // What the owner sees agrees.
  await expect
    .poll(async () => (await (await apiCall(request, baseURL!, 'get', `smartplugs/${plug}`, { token: user.token })).json()).PowerEnabled)
    .toBe(false);

  // The list shows the use.
  await page.reload();
  await expect(section.getByRole('listitem').filter({ hasText: 'Pump controller' })).toContainText('Last used');
  await snapshot(page, testInfo, 'api-keys-list');

  // Revoke: confirmed, gone from the list, and the key is refused.
  await recordToasts(page);
  await section.getByRole('button', { name: 'Revoke Pump controller' }).click();
  const confirm = page.getByRole('dialog', { name: 'Revoke “Pump controller”?' });
  await confirm.getByRole('button', { name: 'Revoke' }).click();
  await expectToast(page, 'The key “Pump controller” was revoked.');
  await expect(section.getByText('No API keys yet.')).toBeVisible();
  expect((await request.get(`${baseURL}/api/smartplugs/${plug}`, { headers: withKey(key) })).status()).toBe(401);
});
