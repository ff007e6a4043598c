// A user's own e-mail change: pending until the code mailed to the new address is confirmed on the account page.
import {
  codeFrom,
  expect,
  expectAccessible,
  expectToast,
  latestMail,
  openNavigation,
  recordToasts,
  signInNewUser,
  signInThroughForm,
  snapshot,
  test,
  uniqueEmail,
} from '../support/fixtures';

test('a user changes their e-mail on the account page, confirms the mailed code and signs in with the new address', async ({ page, request, baseURL }, testInfo) => {
  const me = await signInNewUser(page, request, baseURL!, 'mover');
  const next = uniqueEmail('moved');

  await page.goto('/account');
  const email = page.getByLabel('E-mail address');
  await expect(email).toHaveValue(me.email);
  await email.fill(next);
  // Moving the account to another mailbox needs the current password, not only the session.
  const password = page.getByLabel('Current password', { exact: true });
  await password.fill('not-my-password');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(password).toHaveAccessibleDescription('The password is not correct.');
  await expect(email).toHaveValue(next);
  await snapshot(page, testInfo, 'account-email-password');
  await password.fill(me.password);
  await page.getByRole('button', { name: 'Save', exact: true }).click();

  // Pending: the account keeps its address until the code is confirmed.
  await expect(page.getByText(`Waiting for confirmation of ${next}. Until then your account keeps ${me.email}.`)).toBeVisible();
  await expect(email).toHaveValue(me.email);
  await expect(password).toHaveCount(0);
  await expectAccessible(page);
  await snapshot(page, testInfo, 'account-email-pending');

  const mail = await latestMail(request, baseURL!, next);
  expect(mail.Subject).toBe('Confirm your new Paddock e-mail address');
  await page.getByLabel('Verification code').fill(codeFrom(mail.Text));
  // A success toast shows for half a second: recorded, so a busy machine cannot miss it.
  await recordToasts(page);
  await page.getByRole('button', { name: 'Confirm new address' }).click();
  await expectToast(page, `Your e-mail address is now ${next}.`);
  await expect(email).toHaveValue(next);
  await expect(page.getByText(/Waiting for confirmation/)).toHaveCount(0);

  // The old address told about the change.
  expect((await latestMail(request, baseURL!, me.email)).Subject).toBe('A change of your Paddock e-mail address was requested');

  await openNavigation(page);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
  await signInThroughForm(page, me.email, me.password);
  await expect(page.getByText('Wrong e-mail address or password.')).toBeVisible();
  await signInThroughForm(page, next, me.password);
  await expect(page).toHaveURL(/\/devices$/);
});
