// A plan that is charged now is its own confirmed step (docs/product/billing.md "A charge is its own step"): Save asks,
// stating the plan, the price the buyer pays with VAT, the renewal and "Pay …" / "Cancel"; the result (receipt or
// decline) is shown in the dialog.
import { screen, waitFor, within } from '@testing-library/react';
import { devicesApi } from '@paddock/shared/api';
import { paddockStore, userAtom } from '@paddock/shared/session';
import { samplePrices } from '@paddock/shared/testing/fixtures';
import { apiError, currentLocation, fencealarm, renderDevices, resetSession, sampleUser, smartplug2 } from '../common/testing';
import { mockSettingsApi, openSettings } from './testing';

const KEY = '356938035643801';
const PATH = `/fencealarm/${KEY}`;
const lapsed = { Trialing: false, ExpiresAt: '2020-01-01T00:00:00.000Z', PriceIds: { Current: '', Next: '' } };
const running = {
  Trialing: false,
  ExpiresAt: '2099-01-01T00:00:00.000Z',
  PriceIds: { Current: samplePrices.FencealarmMonth.Id, Next: samplePrices.FencealarmMonth.Id },
};
const planSelect = () => screen.findByRole('combobox', { name: 'Plan' });
const paid = (device: unknown) => ({
  Device: {
    ...(device as object),
    Subscription: { Trialing: false, ExpiresAt: '2027-01-15T10:00:00.000Z', PriceIds: { Current: 'x', Next: 'x' } },
  },
  Payment: { Currency: 'SEK' as const, Net: 49000, Vat: 12250, Gross: 61250, PaidAt: '2026-01-15T10:00:00.000Z' },
});

/** What an element reads, with the no-break spaces Intl puts in amounts and dates as plain spaces. */
const text = (element: Element) => (element.textContent ?? '').replace(/\s+/g, ' ');
/** A button or link name with an amount in it, no-break spaces matched. */
const named = (name: string) => new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s')}$`);

beforeEach(() => {
  resetSession();
  jest.restoreAllMocks();
});

async function chooseYearAndSave(device = fencealarm('North fence', { Subscription: lapsed })) {
  const api = mockSettingsApi(device);
  const buyPlan = jest.spyOn(devicesApi, 'buyPlan');
  const { user } = await openSettings(PATH, 'FenceAlarm North fence');
  await user.selectOptions(await planSelect(), 'FencealarmYear');
  await user.clear(screen.getByLabelText('Device name'));
  await user.type(screen.getByLabelText('Device name'), 'North paddock');
  await user.click(screen.getByRole('button', { name: 'Save' }));
  return { api, buyPlan, user, device };
}

test('Save with a plan that starts now asks first: plan, device, the price with 25 % VAT, the renewal; nothing is sent', async () => {
  const { api, buyPlan } = await chooseYearAndSave();
  const dialog = await screen.findByRole('dialog', { name: 'Buy the Yearly plan?' });
  expect(dialog).toHaveTextContent('You are buying the Yearly plan for FenceAlarm “North paddock”. It starts now.');
  // 490.00 SEK ex VAT + 25 % = 612.50 SEK, what the consumer pays.
  expect(text(within(dialog).getByTestId('plan-confirm-price'))).toBe('SEK 612.50 incl. VAT (SEK 490.00 + 25% VAT SEK 122.50)');
  expect(text(dialog)).toMatch(/It renews automatically on \d{1,2} \w+ \d{4} for SEK 612.50, until you choose None\./);
  expect(within(dialog).getByRole('button', { name: named('Pay SEK 612.50') })).toBeInTheDocument();
  expect(buyPlan).not.toHaveBeenCalled();
  expect(api.update).not.toHaveBeenCalled();
});

test('Cancel sends nothing and keeps the page as typed', async () => {
  const { api, buyPlan, user } = await chooseYearAndSave();
  await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(buyPlan).not.toHaveBeenCalled();
  expect(api.update).not.toHaveBeenCalled();
  expect(screen.getByLabelText('Device name')).toHaveValue('North paddock');
  expect(currentLocation()).toBe(PATH);
});

test('Pay buys the plan, then saves the rest without the plan, and shows the receipt with the invoice link until Done', async () => {
  const { api, buyPlan, user, device } = await chooseYearAndSave();
  buyPlan.mockResolvedValue(paid(device) as never);
  await user.click(await screen.findByRole('button', { name: named('Pay SEK 612.50') }));
  const receipt = await screen.findByTestId('plan-receipt');
  expect(buyPlan).toHaveBeenCalledWith('fencealarm', KEY, samplePrices.FencealarmYear.Id, { silent: true });
  expect(api.update).toHaveBeenCalledTimes(1);
  expect(api.update.mock.calls[0][2]).not.toHaveProperty('PriceId');
  expect(api.update.mock.calls[0][2]).toMatchObject({ Name: 'North paddock' });
  expect(screen.getByRole('dialog', { name: 'Plan bought' })).toBeInTheDocument();
  expect(text(receipt)).toContain('Paid SEK 612.50 for the Yearly plan of “North paddock” on 15 January 2026.');
  expect(text(receipt)).toContain('It runs until 15 January 2027 and then renews.');
  expect(within(receipt).getByRole('link', { name: 'See the invoice on Billing' })).toHaveAttribute('href', '/billing');
  await user.click(screen.getByRole('button', { name: 'Done' }));
  await waitFor(() => expect(currentLocation()).toBe(`/devices?id=${KEY}`));
});

test('a declined card is said inside the open dialog; nothing else is saved and Pay can be tried again', async () => {
  const { api, buyPlan, user } = await chooseYearAndSave();
  buyPlan.mockRejectedValue(apiError(402, 'payment_declined', 'The payment was declined, so nothing was bought.'));
  await user.click(await screen.findByRole('button', { name: named('Pay SEK 612.50') }));
  const dialog = screen.getByRole('dialog', { name: 'Buy the Yearly plan?' });
  expect(await within(dialog).findByRole('alert')).toHaveTextContent('The payment was declined, so nothing was bought.');
  expect(api.update).not.toHaveBeenCalled();
  expect(within(dialog).getByRole('button', { name: named('Pay SEK 612.50') })).toBeEnabled();
  expect(currentLocation()).toBe(PATH);
});

test('a buyer with a valid EU VAT number of another country sees the euro price without VAT (reverse charge)', async () => {
  paddockStore.set(userAtom, { ...sampleUser, Country: 'DE', Vatin: 'DE123456789' });
  await chooseYearAndSave();
  const dialog = await screen.findByRole('dialog');
  expect(text(within(dialog).getByTestId('plan-confirm-price'))).toBe('€49.00 no VAT: reverse charge, you account for the VAT');
  expect(within(dialog).getByRole('button', { name: named('Pay €49.00') })).toBeInTheDocument();
});

test('a plan chosen while one runs only becomes the next plan: saved at once, no dialog, no purchase', async () => {
  const device = fencealarm('North fence', { Subscription: running });
  const api = mockSettingsApi(device);
  const buyPlan = jest.spyOn(devicesApi, 'buyPlan');
  const { user } = await openSettings(PATH, 'FenceAlarm North fence');
  await user.selectOptions(await planSelect(), 'FencealarmYear');
  await user.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(api.update).toHaveBeenCalledTimes(1));
  expect(api.update.mock.calls[0][2]).toMatchObject({ PriceId: samplePrices.FencealarmYear.Id });
  expect(buyPlan).not.toHaveBeenCalled();
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

test('in Swedish, for a SmartPlug2: texts and the price with moms', async () => {
  paddockStore.set(userAtom, { ...sampleUser, Locale: 'sv-SE' });
  const device = smartplug2('Värmare', { Subscription: lapsed });
  mockSettingsApi(device);
  const { user } = renderDevices(`/smartplug2/${device.Imei}`, { locale: 'sv-SE' });
  await user.selectOptions(await screen.findByRole('combobox', { name: 'Abonnemangsform' }), 'Smartplug2Month');
  await user.click(screen.getByRole('button', { name: 'Spara' }));
  const dialog = await screen.findByRole('dialog', { name: 'Köpa abonnemanget Månadsvis?' });
  expect(dialog).toHaveTextContent('Du köper abonnemanget Månadsvis för SmartPlug2 ”Värmare”. Det börjar nu.');
  expect(within(dialog).getByTestId('plan-confirm-price')).toHaveTextContent(/inkl\. moms/);
  expect(within(dialog).getByRole('button', { name: /^Betala / })).toBeInTheDocument();
});
