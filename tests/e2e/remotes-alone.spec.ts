// Remotes deployed alone (docs/architecture/README.md#composition-contract): the shell as built for this suite plays
// the previous release; a devices remote built later, with a shared UI component and an API call the shell's build
// does not have (tests/fixtures/federation), composes with it and works — one session, one API client, one toast
// region. A remote whose manifest asks for a newer major contract shows "needs an update" and none of its code runs.
import { readFileSync } from 'node:fs';
import { join, normalize } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, openNavigation, signInNewUser, test } from '../support/fixtures';
import { FEDERATION_CONTRACT } from '@paddock/shared/federation';
import { buildDevicesBuiltLater } from '../fixtures/federation/build';

let builtLater = '';

test.beforeAll(() => {
  test.setTimeout(240_000);
  builtLater = buildDevicesBuiltLater();
});

/** The shell's /remotes.json with the devices remote at `/remotes/<folder>/`, that folder answered by `serve`. */
async function deployDevicesAt(page: Page, baseURL: string, folder: string, serve: (file: string) => { body: string | Buffer; type: string } | null) {
  const remotes = (await (await fetch(`${baseURL}/remotes.json`)).json()) as Record<string, string>;
  const requested: string[] = [];
  await page.route('**/remotes.json', (route) => route.fulfill({ json: { ...remotes, devices: `${baseURL}/remotes/${folder}/mf-manifest.json` } }));
  await page.route(`**/remotes/${folder}/**`, (route) => {
    const file = normalize(new URL(route.request().url()).pathname.slice(`/remotes/${folder}/`.length)).replace(/^(\.\.[/\\])+/, '');
    requested.push(file);
    const answer = serve(file);
    return answer ? route.fulfill({ body: answer.body, contentType: answer.type }) : route.fulfill({ status: 404, body: 'not found' });
  });
  return requested;
}

function fromBuild(file: string) {
  try {
    return { body: readFileSync(join(builtLater, file)), type: file.endsWith('.json') ? 'application/json' : 'text/javascript' };
  } catch {
    return null;
  }
}

test('a devices remote built later, with new shared UI and a new API call, works in the shell of the previous release', async ({ page, request, baseURL }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const requested = await deployDevicesAt(page, baseURL!, 'devices-built-later', fromBuild);

  const user = await signInNewUser(page, request, baseURL!, 'built-later');
  // The new component, its new API call through the shell's client and session, and the real dashboard below it.
  const note = page.getByRole('complementary', { name: 'Built later than the shell' });
  await expect(note).toContainText(`Built later than the shell, for ${user.email}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Devices' })).toBeVisible();
  expect(requested).toContain('mf-manifest.json');
  expect(requested.some((file) => file.endsWith('.js'))).toBe(true);

  // Its toast appears in the shell's one toast region.
  await note.getByRole('button', { name: 'Say hello' }).click();
  await expect(page.locator('.pd-toasts').getByText('Hello from a later build')).toBeVisible();
  await expect(page.locator('.pd-toasts')).toHaveCount(2);

  // The rest of the shell (another remote of the shell's release) and back.
  await openNavigation(page);
  await page.getByRole('link', { name: 'Account' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await openNavigation(page);
  await page.getByRole('link', { name: 'Devices' }).click();
  await expect(note).toBeVisible();
  expect(errors).toEqual([]);
});

test('a remote that needs a newer major contract shows "needs an update" instead of crashing, and none of its code runs', async ({
  page,
  request,
  baseURL,
  allowConsoleErrors,
}) => {
  const [major] = FEDERATION_CONTRACT.split('.');
  const needs = `${Number(major) + 1}.0`;
  // The refusal, as the shell logs it for whoever deploys (and React's error boundary reports it too).
  allowConsoleErrors(new RegExp(`needs composition contract ${needs.replace('.', '\\.')}`));
  // The same build, its manifest declaring the next major (as a build of that release would write it).
  const manifest = JSON.parse(readFileSync(join(builtLater, 'mf-manifest.json'), 'utf8'));
  expect(manifest.metaData.paddock.contract).toBe(FEDERATION_CONTRACT);
  manifest.metaData.paddock.contract = needs;
  const requested = await deployDevicesAt(page, baseURL!, 'devices-needs-next', (file) =>
    file === 'mf-manifest.json' ? { body: JSON.stringify(manifest), type: 'application/json' } : fromBuild(file),
  );

  await signInNewUser(page, request, baseURL!, 'needs-update');
  const card = page.getByRole('alert');
  await expect(card).toContainText('This section needs an update');
  await expect(card).toContainText('The Devices section was built for another version of Paddock.');
  await expect(card.getByRole('button', { name: 'Reload' })).toBeVisible();
  expect(requested).toContain('mf-manifest.json');
  expect(requested.filter((file) => file !== 'mf-manifest.json')).toEqual([]);

  // The rest keeps working.
  await openNavigation(page);
  await page.getByRole('link', { name: 'Account' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
});
