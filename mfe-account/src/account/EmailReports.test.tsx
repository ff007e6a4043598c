// /account "E-mail reports" (docs/product/reports.md): Off, Weekly or Monthly, saved on the tap as
// PUT /users/{id}/report-subscription with a toast; a failed save says why and shows the stored choice again; a failed
// load offers Try again.
import { screen, waitFor, within } from '@testing-library/react';
import { billingApi, reportsApi, usersApi } from '@paddock/shared/api';
import { apiError, resetSession, samplePrices, sampleUser, signInAs, toastTexts } from '@paddock/shared/testing/fixtures';
import { renderAccount } from '../common/testing';

async function openReports(locale: 'en-GB' | 'sv-SE' = 'en-GB') {
  const rendered = await renderAccount('/account', { locale });
  const section = (await screen.findByRole('heading', { name: locale === 'en-GB' ? 'E-mail reports' : 'E-postrapporter' })).closest(
    'section',
  )!;
  return { ...rendered, section };
}

beforeEach(() => {
  resetSession();
  jest.restoreAllMocks();
  signInAs(sampleUser);
  jest.spyOn(usersApi, 'get').mockResolvedValue(sampleUser);
  jest.spyOn(billingApi, 'prices').mockResolvedValue(samplePrices);
});

test('the stored choice is shown; Weekly is saved on the tap, with a toast', async () => {
  jest.spyOn(reportsApi, 'get').mockResolvedValue({ Frequency: 'none' });
  const set = jest.spyOn(reportsApi, 'set').mockResolvedValue({ Frequency: 'weekly' });
  const { user, section } = await openReports();
  const group = await within(section).findByRole('group', { name: 'Send me a report' });
  expect(within(group).getByRole('radio', { name: 'Off' })).toBeChecked();
  await user.click(within(group).getByRole('radio', { name: 'Weekly' }));
  await waitFor(() => expect(set).toHaveBeenCalledWith('u1', 'weekly', expect.anything()));
  await waitFor(() => expect(toastTexts()).toContain('You will get a report every week.'));
  expect(within(group).getByRole('radio', { name: 'Weekly' })).toBeChecked();
});

test('a failed save says why and shows the stored choice again', async () => {
  jest.spyOn(reportsApi, 'get').mockResolvedValue({ Frequency: 'monthly' });
  jest.spyOn(reportsApi, 'set').mockRejectedValue(apiError(503, 'unavailable', 'The service is busy, try again shortly.'));
  const { user, section } = await openReports();
  const group = await within(section).findByRole('group', { name: 'Send me a report' });
  await user.click(within(group).getByRole('radio', { name: 'Off' }));
  expect(await within(section).findByText('Your choice was not saved: The service is busy, try again shortly.')).toBeInTheDocument();
  expect(within(group).getByRole('radio', { name: 'Monthly' })).toBeChecked();
});

test('a failed load offers Try again, in the page’s language', async () => {
  const get = jest.spyOn(reportsApi, 'get').mockRejectedValueOnce(apiError(503, 'unavailable', 'Tjänsten är upptagen.'));
  get.mockResolvedValueOnce({ Frequency: 'weekly' });
  const { user, section } = await openReports('sv-SE');
  expect(await within(section).findByText('Ditt val av e-postrapporter kunde inte läsas in: Tjänsten är upptagen.')).toBeInTheDocument();
  await user.click(within(section).getByRole('button', { name: 'Försök igen' }));
  expect(await within(section).findByRole('radio', { name: 'Varje vecka' })).toBeChecked();
});
