// A device changes hands only when the farmer it is offered to accepts (docs/product/devices.md "Transfers"): the
// owner offers it on its settings page, the other farmer (signed up here) accepts it on the dashboard, and the device
// then shows on the new owner's dashboard and no longer on the first owner's.
import {
  apiCall,
  createVerifiedUser,
  expect,
  expectAccessible,
  latestMail,
  registerDemoDevice,
  signInApi,
  signInNewUser,
  signInThroughForm,
  snapshot,
  test,
} from '../support/fixtures';

test('an owner offers a device to another farmer, who accepts it in the app', async ({ page, browser, request, baseURL }, testInfo) => {
  const owner = await signInNewUser(page, request, baseURL!, 'transfer-owner');
  // Number 27 of the demo inventory is this file's.
  const key = await registerDemoDevice(request, baseURL!, owner, 'fencealarm', 27, 'North fence');
  const buyer = await createVerifiedUser(request, baseURL!, 'transfer-buyer');

  // The owner offers it on the settings page, after a confirmation.
  await page.goto(`/fencealarm/${key}`);
  await expect(page.getByRole('heading', { level: 1, name: 'FenceAlarm North fence' })).toBeVisible();
  await page.getByLabel('E-mail address of the farmer').fill(buyer.email);
  await page.getByRole('button', { name: 'Offer', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: `Offer “North fence” to ${buyer.email}?` });
  await expect(confirm).toContainText('Nothing changes until they accept.');
  await snapshot(page, testInfo, 'transfer-confirm');
  await confirm.getByRole('button', { name: 'Offer', exact: true }).click();
  await expect(page.getByText(`Offer sent to ${buyer.email}, waiting for acceptance`)).toBeVisible();
  await snapshot(page, testInfo, 'transfer-sent');

  // Until it is accepted the device is still the owner's.
  const device = async (token: string) => apiCall(request, baseURL!, 'get', `fencealarms/${key}`, { token });
  expect(((await (await device(owner.token)).json()) as { Metadata: { OwnerEmail: string } }).Metadata.OwnerEmail).toBe(owner.email);

  // The other farmer is mailed a link to the offer.
  const mail = await latestMail(request, baseURL!, buyer.email);
  const link = /https?:\/\/\S+(\/transfers\/[0-9a-f-]{36})/.exec(mail.Text);
  expect(link, mail.Text).not.toBeNull();

  // The other farmer signs in in a browser of their own and sees the offer on the dashboard.
  const buyerContext = await browser.newContext({
    baseURL,
    viewport: { width: 360, height: 780 },
    locale: 'en-GB',
    serviceWorkers: 'block',
  });
  const buyerPage = await buyerContext.newPage();
  try {
    await buyerPage.goto('/sign-in');
    await signInThroughForm(buyerPage, buyer.email, buyer.password);
    await expect(buyerPage).toHaveURL(/\/devices$/);
    const offer = buyerPage.getByRole('region', { name: 'Device offer' });
    await expect(offer).toContainText(`${owner.email} offers you FenceAlarm “North fence”.`);
    await expectAccessible(buyerPage);
    await snapshot(buyerPage, testInfo, 'transfer-offer-card');
    await offer.getByRole('button', { name: 'Accept' }).click();
    await expect(offer).toHaveCount(0);
    // The device is the new owner's: on their dashboard (the list picks it up at its next refresh) …
    await expect(buyerPage.getByRole('article', { name: 'North fence' })).toBeVisible({ timeout: 15_000 });
    await snapshot(buyerPage, testInfo, 'transfer-accepted');
  } finally {
    await buyerContext.close();
  }

  // … and no longer on the first owner's.
  await page.goto('/devices');
  await expect(page.getByRole('heading', { level: 1, name: 'Devices' })).toBeVisible();
  await expect(page.getByText('No devices yet')).toBeVisible();
  await expect(page.getByRole('article', { name: 'North fence' })).toHaveCount(0);
  expect((await device(owner.token)).status()).toBe(404);
});

test('the link in the offer’s e-mail leads, after sign-in, to the offer', async ({ page, request, baseURL }, testInfo) => {
  const owner = await createVerifiedUser(request, baseURL!, 'transfer-mail-owner');
  const session = await signInApi(request, baseURL!, owner.email, owner.password);
  // Number 28 of the demo inventory is this file's too.
  const key = await registerDemoDevice(request, baseURL!, session, 'fencealarm', 28, 'Hill fence');
  const buyer = await createVerifiedUser(request, baseURL!, 'transfer-mail-buyer');
  const offered = await apiCall(request, baseURL!, 'post', `fencealarms/${key}/transfer`, {
    token: session.token,
    data: { Email: buyer.email },
  });
  expect(offered.status(), await offered.text()).toBe(202);
  const mail = await latestMail(request, baseURL!, buyer.email);
  const path = /https?:\/\/\S+?(\/transfers\/[0-9a-f-]{36})/.exec(mail.Text)?.[1];
  expect(path, mail.Text).toBeTruthy();

  // Signed out, the link asks for sign-in first and comes back to the offer.
  await page.goto(path!);
  await expect(page).toHaveURL(/\/sign-in\?next=/);
  await signInThroughForm(page, buyer.email, buyer.password);
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Device offer' })).toBeVisible();
  await expect(page.getByText(`${owner.email} offers you FenceAlarm “Hill fence”.`)).toBeVisible();
  await expectAccessible(page);
  await snapshot(page, testInfo, 'transfer-link');
  await page.getByRole('button', { name: 'Decline' }).click();
  await expect(page).toHaveURL(/\/devices$/);
  // Declined: the device stays its owner's.
  const device = await apiCall(request, baseURL!, 'get', `fencealarms/${key}`, { token: session.token });
  expect(((await device.json()) as { Metadata: { OwnerEmail: string } }).Metadata.OwnerEmail).toBe(owner.email);
});
