// /account: the invoice details and the password change (docs/product/screens.md Account).
import { screen, waitFor, within } from '@testing-library/react';
import { billingApi, usersApi } from '@paddock/shared/api';
import type { User } from '@paddock/shared/contract';
import { impersonationAtom, paddockStore, userAtom } from '@paddock/shared/session';
import { apiError, resetSession, samplePrices, sampleAdmin, sampleUser, signInAs } from '@paddock/shared/testing/fixtures';
import { renderAccount } from '../common/testing';
import { invoiceChanges } from './InvoiceDetails';

async function openAccount(user: User = sampleUser, options?: Parameters<typeof renderAccount>[1]) {
  jest.spyOn(usersApi, 'get').mockResolvedValue(user);
  const rendered = await renderAccount('/account', options);
  await screen.findByRole('form', { name: invoiceHeading[options?.locale ?? 'en-GB'] });
  return rendered;
}

const invoiceHeading: Record<string, string> = { 'en-GB': 'Invoice details', 'sv-SE': 'Fakturauppgifter' };
const invoiceForm = () => screen.getByRole('form', { name: 'Invoice details' });
const passwordForm = () => screen.getByRole('form', { name: 'Password' });

beforeEach(() => {
  resetSession();
  jest.restoreAllMocks();
  signInAs(sampleUser);
  jest.spyOn(billingApi, 'prices').mockResolvedValue(samplePrices);
});

describe('invoice details', () => {
  test('are prefilled, and saving sends only what changed, says so in the card and updates the stored user', async () => {
    const { user } = await openAccount({ ...sampleUser, Addr1: 'Storgatan 1', Town: 'Uppsala' });
    const form = invoiceForm();
    expect(within(form).getByLabelText('Name')).toHaveValue('Greta Farmer');
    expect(within(form).getByLabelText('Address line 1')).toHaveValue('Storgatan 1');
    expect(within(form).getByLabelText('Town or city')).toHaveValue('Uppsala');
    expect(within(form).getByLabelText('Country')).toHaveValue('SE');
    const saved: User = { ...sampleUser, Addr1: 'Storgatan 1', Town: 'Lund', PostalCode: '222 22', Vatin: 'SE556677889901' };
    const update = jest.spyOn(usersApi, 'update').mockResolvedValue(saved);
    await user.clear(within(form).getByLabelText('Town or city'));
    await user.type(within(form).getByLabelText('Town or city'), 'Lund ');
    await user.type(within(form).getByLabelText('Postcode'), '222 22');
    await user.type(within(form).getByLabelText('EU VAT number'), 'se 5566 7788 9901');
    await user.click(within(form).getByRole('button', { name: 'Save invoice details' }));
    await waitFor(() =>
      expect(update).toHaveBeenCalledWith('u1', { Town: 'Lund', PostalCode: '222 22', Vatin: 'SE556677889901' }, expect.anything()),
    );
    expect(await within(form).findByRole('status')).toHaveTextContent('Invoice details saved. Your next invoice uses them.');
    expect(paddockStore.get(userAtom)?.Town).toBe('Lund');
    expect(within(form).getByLabelText('EU VAT number')).toHaveValue('SE556677889901');
  });

  test('a VAT number not in its country’s format is refused on the field, before anything is sent', async () => {
    const { user } = await openAccount();
    const update = jest.spyOn(usersApi, 'update');
    const form = invoiceForm();
    await user.type(within(form).getByLabelText('EU VAT number'), 'SE123');
    await user.click(within(form).getByRole('button', { name: 'Save invoice details' }));
    const vat = within(form).getByLabelText('EU VAT number');
    await waitFor(() => expect(vat).toHaveAccessibleDescription(expect.stringContaining('VAT number')));
    expect(vat).toHaveAttribute('aria-invalid', 'true');
    expect(vat).toHaveFocus();
    expect(update).not.toHaveBeenCalled();
  });

  test('a 400 from the server lands under the field it names', async () => {
    const { user } = await openAccount();
    jest.spyOn(usersApi, 'update').mockRejectedValue(apiError(400, 'invalid_field', 'The postcode is too long.', 'PostalCode'));
    const form = invoiceForm();
    await user.type(within(form).getByLabelText('Postcode'), '12345');
    await user.click(within(form).getByRole('button', { name: 'Save invoice details' }));
    await waitFor(() => expect(within(form).getByLabelText('Postcode')).toHaveAccessibleDescription('The postcode is too long.'));
    expect(within(form).queryByRole('status')).toBeNull();
  });

  test('in Swedish', async () => {
    await openAccount(sampleUser, { locale: 'sv-SE' });
    const form = screen.getByRole('form', { name: 'Fakturauppgifter' });
    expect(within(form).getByLabelText('Postnummer')).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Spara fakturauppgifter' })).toBeInTheDocument();
  });

  test('invoiceChanges: trims, normalizes the VAT number and leaves out what is unchanged', () => {
    const values = { Name: ' Greta Farmer ', Addr1: ' A 1 ', Addr2: '', PostalCode: '', Town: '', Country: 'DE', Vatin: 'de 123.456.789' };
    expect(invoiceChanges(sampleUser, values)).toEqual({ Addr1: 'A 1', Country: 'DE', Vatin: 'DE123456789' });
  });
});

describe('change password', () => {
  async function fill(user: Awaited<ReturnType<typeof openAccount>>['user'], current: string, next: string, repeat = next) {
    const form = passwordForm();
    if (current) await user.type(within(form).getByLabelText('Your current password'), current);
    await user.type(within(form).getByLabelText('New password'), next);
    await user.type(within(form).getByLabelText('Repeat the new password'), repeat);
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    return form;
  }

  test('sends the current and the new password, empties the form and says it worked', async () => {
    const { user } = await openAccount();
    const change = jest.spyOn(usersApi, 'changePassword').mockResolvedValue(undefined);
    const form = await fill(user, 'old secret 1', 'a new long passphrase');
    await waitFor(() =>
      expect(change).toHaveBeenCalledWith('u1', { CurrentPassword: 'old secret 1', Password: 'a new long passphrase' }, expect.anything()),
    );
    expect(await within(form).findByRole('status')).toHaveTextContent('Password changed.');
    expect(within(form).getByLabelText('Your current password')).toHaveValue('');
  });

  test('a wrong current password is said on that field', async () => {
    const { user } = await openAccount();
    jest
      .spyOn(usersApi, 'changePassword')
      .mockRejectedValue(apiError(400, 'invalid_password', 'The password is not correct.', 'CurrentPassword'));
    const form = await fill(user, 'wrong one', 'a new long passphrase');
    const current = within(form).getByLabelText('Your current password');
    await waitFor(() => expect(current).toHaveAccessibleDescription('This is not your current password.'));
    expect(current).toHaveFocus();
    expect(within(form).queryByRole('status')).toBeNull();
  });

  test.each([
    ['', 'a new long passphrase', 'a new long passphrase', 'Your current password', 'Enter your current password.'],
    ['old secret 1', 'short', 'short', 'New password', 'at least'],
    [
      'old secret 1',
      'a new long passphrase',
      'a new long passphrasf',
      'Repeat the new password',
      'The two new passwords are not the same.',
    ],
  ])('refuses before sending: current %j, new %j, repeat %j', async (current, next, repeat, label, message) => {
    const { user } = await openAccount();
    const change = jest.spyOn(usersApi, 'changePassword');
    const form = await fill(user, current, next, repeat);
    await waitFor(() => expect(within(form).getByLabelText(label)).toHaveAccessibleDescription(expect.stringContaining(message)));
    expect(change).not.toHaveBeenCalled();
  });

  test('a rate limit (429) is said above the form', async () => {
    const { user } = await openAccount();
    jest.spyOn(usersApi, 'changePassword').mockRejectedValue(apiError(429, 'rate_limited', 'Too many attempts. Try again later.'));
    const form = await fill(user, 'old secret 1', 'a new long passphrase');
    expect(await within(form).findByRole('alert')).toHaveTextContent('Too many attempts. Try again later.');
  });

  test('is not offered to an admin acting for a user', async () => {
    const owner: User = { ...sampleUser, Id: 'owner7', Email: 'owner@farm.de' };
    signInAs(sampleAdmin);
    paddockStore.set(impersonationAtom, { User: owner, ReturnTo: '/admin/user/owner7' });
    await openAccount(owner);
    expect(screen.queryByRole('form', { name: 'Password' })).toBeNull();
    expect(invoiceForm()).toBeInTheDocument();
  });
});
