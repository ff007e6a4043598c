// /billing (docs/product/screens.md Billing): device plans with prices, SMS balance with Buy SMS, invoices with PDFs, Manage payment.
import { screen, waitFor, within } from '@testing-library/react';
import { billingApi, devicesApi, usersApi } from '@paddock/shared/api';
import type { DeviceList, FarmcamSim, Fencealarm, Invoice, User } from '@paddock/shared/contract';
import { paddockStore, userAtom } from '@paddock/shared/session';
import { apiError, resetSession, samplePrices, sampleUser, signInAs, toastTexts } from '@paddock/shared/testing/fixtures';
import { renderRemote } from '@paddock/shared/testing/renderRemote';
import App from '../App';

const owner = { Name: '', Tags: [], OwnerEmail: sampleUser.Email, Access: [sampleUser.Email], Notify: [], Owner: sampleUser.Id };
const sim: FarmcamSim = {
  Product: 'farmcam-sim',
  Imsi: '240071234567890',
  RemainingData: 1_000_000_000,
  Subscription: {
    Trialing: false,
    ExpiresAt: '2099-03-01T00:00:00.000Z',
    PriceIds: { Current: samplePrices.FarmcamSimSmall.Id, Next: samplePrices.FarmcamSimMedium.Id },
  },
  Metadata: { ...owner, Name: 'Gate camera' },
};
const fence = {
  Product: 'fencealarm',
  Imei: '356938035643801',
  Subscription: { Trialing: false, ExpiresAt: '2020-05-01T00:00:00.000Z', PriceIds: { Current: '', Next: '' } },
  Metadata: { ...owner, Name: 'North fence' },
} as unknown as Fencealarm;
const list = (patch: Partial<DeviceList> = {}): DeviceList => ({
  FarmcamSims: [sim],
  Fencealarms: [fence],
  Fencealarm2s: [],
  Smartplugs: [],
  Smartplug2s: [],
  ...patch,
});
const invoice: Invoice = {
  Id: 'inv_1',
  Number: 'PD-0001',
  CreatedAt: '2026-11-20T10:00:00.000Z',
  Description: 'FarmCam SIM extra data 1 GB – Gate camera',
  Currency: 'SEK',
  Net: 2900,
  VatRate: 0.25,
  Vat: 725,
  Gross: 3625,
  ReverseCharge: false,
  Status: 'paid',
  PdfUrl: '/api/users/u1/invoices/inv_1/pdf',
};

function serve({ devices = list(), invoices = [invoice], user = sampleUser as User } = {}) {
  return {
    prices: jest.spyOn(billingApi, 'prices').mockResolvedValue(samplePrices),
    devices: jest.spyOn(devicesApi, 'list').mockResolvedValue(devices),
    user: jest.spyOn(usersApi, 'get').mockResolvedValue(user),
    invoices: jest.spyOn(billingApi, 'invoices').mockResolvedValue(invoices),
  };
}

const section = (name: string) => screen.getByRole('region', { name });

beforeEach(() => {
  resetSession();
  jest.restoreAllMocks();
  signInAs(sampleUser);
});

test('every device with its plan, status, renewal or end and the price it renews at, in SEK for a Swedish user', async () => {
  const api = serve();
  renderRemote(App, '/billing');
  expect(screen.getByRole('heading', { level: 1, name: 'Billing' })).toBeInTheDocument();
  const camera = await screen.findByRole('row', { name: /FarmCam SIM Gate camera/ });
  await waitFor(() => expect(camera).toHaveTextContent('SEK 99.00 per month'));
  expect(camera).toHaveTextContent('FarmCam SIM Gate camera');
  expect(camera).toHaveTextContent('1 GB');
  expect(camera).toHaveTextContent('Active');
  expect(camera).toHaveTextContent('Renews 1 March 2099');
  const lapsed = screen.getByRole('row', { name: /North fence/ });
  expect(lapsed).toHaveTextContent('None');
  expect(lapsed).toHaveTextContent('Inactive: alarms are paused');
  expect(lapsed).toHaveTextContent('Ended 1 May 2020');
  expect(api.devices).toHaveBeenCalledWith('u1', { silent: true });
});

test('a German user sees EUR', async () => {
  paddockStore.set(userAtom, { ...sampleUser, Country: 'DE' });
  serve({ user: { ...sampleUser, Country: 'DE' } });
  renderRemote(App, '/billing');
  const camera = await screen.findByRole('row', { name: /FarmCam SIM Gate camera/ });
  await waitFor(() => expect(camera).toHaveTextContent('€9.90 per month'));
});

test('empty states: no devices, no invoices', async () => {
  serve({ devices: list({ FarmcamSims: [], Fencealarms: [] }), invoices: [] });
  renderRemote(App, '/billing');
  expect(await screen.findByText(/You have no devices yet/)).toBeInTheDocument();
  expect(await screen.findByText(/No invoices yet/)).toBeInTheDocument();
});

test('a section that fails says why and loads again on Try again', async () => {
  const api = serve();
  api.invoices.mockRejectedValueOnce(apiError(500, 'internal', 'The invoices are not available'));
  const { user } = renderRemote(App, '/billing');
  const invoices = await waitFor(() => section('Invoices'));
  expect(await within(invoices).findByText('This could not be loaded: The invoices are not available')).toBeInTheDocument();
  await user.click(within(invoices).getByRole('button', { name: 'Try again' }));
  expect(await within(section('Invoices')).findByText('PD-0001')).toBeInTheDocument();
  expect(api.invoices).toHaveBeenCalledTimes(2);
});

test('invoices list their total with VAT and download their PDF with the token', async () => {
  serve();
  const pdf = new Blob(['%PDF-1.7'], { type: 'application/pdf' });
  const fetchPdf = jest.spyOn(billingApi, 'invoicePdf').mockResolvedValue(pdf);
  const createObjectURL = jest.fn(() => 'blob:invoice');
  Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
  const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  const { user } = renderRemote(App, '/billing');
  const row = await screen.findByRole('row', { name: /PD-0001/ });
  expect(row).toHaveTextContent(/SEK\s36\.25/);
  expect(row).toHaveTextContent('Paid');
  await user.click(within(row).getByRole('button', { name: 'Download invoice PD-0001 (PDF)' }));
  await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
  expect(fetchPdf).toHaveBeenCalledWith(invoice);
  expect(createObjectURL).toHaveBeenCalledWith(pdf);
  expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('invoice-PD-0001.pdf');
});

test('Buy SMS: the catalogue price, a double click charges once with one key, the balance and the invoices refresh', async () => {
  const api = serve({ user: { ...sampleUser, SmsNotifications: { Enabled: false, Balance: 5 } } });
  const buy = jest.spyOn(usersApi, 'buySms').mockResolvedValue({ ...sampleUser, SmsNotifications: { Enabled: false, Balance: 105 } });
  const { user } = renderRemote(App, '/billing');
  expect(await screen.findByTestId('sms-balance')).toHaveTextContent('5 SMS left');
  const button = screen.getByRole('button', { name: 'Buy SMS' });
  await waitFor(() => expect(button).toBeEnabled());
  await user.click(button);
  const dialog = await screen.findByRole('dialog', { name: 'Buy SMS?' });
  expect(dialog).toHaveTextContent('100 SMS for SEK 99.00 ex VAT');
  await user.dblClick(within(dialog).getByRole('button', { name: 'Buy' }));
  await waitFor(() => expect(screen.getByTestId('sms-balance')).toHaveTextContent('105 SMS left'));
  expect(buy).toHaveBeenCalledTimes(1);
  expect(buy).toHaveBeenCalledWith('u1', expect.stringMatching(/^[0-9a-f-]{32,36}$/), { background: true, silent: true });
  expect(toastTexts()).toContain('100 SMS added. You now have 105 SMS.');
  expect(paddockStore.get(userAtom)?.SmsNotifications.Balance).toBe(105);
  await waitFor(() => expect(api.invoices).toHaveBeenCalledTimes(2));
});

test('Buy SMS declined: the reason shows inside the open dialog, no toast behind it; a retry uses the same key', async () => {
  serve({ user: { ...sampleUser, SmsNotifications: { Enabled: false, Balance: 5 } } });
  const buy = jest
    .spyOn(usersApi, 'buySms')
    .mockRejectedValueOnce(apiError(402, 'payment_declined', 'The payment was declined, so nothing was bought.'))
    .mockResolvedValue({ ...sampleUser, SmsNotifications: { Enabled: false, Balance: 105 } });
  const { user } = renderRemote(App, '/billing');
  const button = await screen.findByRole('button', { name: 'Buy SMS' });
  await waitFor(() => expect(button).toBeEnabled());
  await user.click(button);
  const dialog = await screen.findByRole('dialog', { name: 'Buy SMS?' });
  await user.click(within(dialog).getByRole('button', { name: 'Buy' }));
  expect(await within(dialog).findByRole('alert')).toHaveTextContent('The payment was declined, so nothing was bought.');
  expect(toastTexts()).toEqual([]);
  expect(screen.getByTestId('sms-balance')).toHaveTextContent('5 SMS left');
  await user.click(within(dialog).getByRole('button', { name: 'Buy' }));
  await waitFor(() => expect(screen.getByTestId('sms-balance')).toHaveTextContent('105 SMS left'));
  expect(buy.mock.calls[1][1]).toBe(buy.mock.calls[0][1]);
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

test('Manage payment opens the portal for this page in a new window', async () => {
  serve();
  const portal = jest.spyOn(billingApi, 'portal').mockResolvedValue({ Url: 'http://localhost/billing-portal?token=t1' });
  const popup = { opener: {} as unknown, location: { href: '' }, close: jest.fn() };
  const open = jest.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
  const { user } = renderRemote(App, '/billing');
  await user.click(screen.getByRole('button', { name: 'Manage payment' }));
  await waitFor(() => expect(popup.location.href).toBe('http://localhost/billing-portal?token=t1'));
  expect(open).toHaveBeenCalledWith('', '_blank');
  expect(portal).toHaveBeenCalledWith('u1', window.location.href);
  expect(popup.opener).toBeNull();
});

test('a portal that cannot be had closes the window it opened', async () => {
  serve();
  jest.spyOn(billingApi, 'portal').mockRejectedValue(apiError(402, 'payment_declined', 'no'));
  const popup = { opener: null, location: { href: '' }, close: jest.fn() };
  jest.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
  const { user } = renderRemote(App, '/billing');
  await user.click(screen.getByRole('button', { name: 'Manage payment' }));
  await waitFor(() => expect(popup.close).toHaveBeenCalled());
});

test('in Swedish', async () => {
  serve();
  renderRemote(App, '/billing', { locale: 'sv-SE' });
  expect(screen.getByRole('heading', { level: 1, name: 'Fakturering' })).toBeInTheDocument();
  expect(await screen.findByRole('heading', { level: 2, name: 'Fakturor' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Hantera betalning' })).toBeInTheDocument();
  const camera = await screen.findByRole('row', { name: /FarmCam SIM Gate camera/ });
  await waitFor(() => expect(camera).toHaveTextContent(/99,00 kr per månad/));
});

test('in French, a renewal to come reads in the future, an ended plan in the past', async () => {
  serve();
  renderRemote(App, '/billing', { locale: 'fr-FR' });
  const camera = await screen.findByRole('row', { name: /FarmCam SIM Gate camera/ });
  expect(camera).toHaveTextContent('Se renouvelle le 1 mars 2099');
  expect(camera).not.toHaveTextContent('Renouvelé');
  expect(screen.getByRole('row', { name: /North fence/ })).toHaveTextContent('Terminé le 1 mai 2020');
});

// docs/product/billing.md "A declined renewal": the plan stays active (its alarms keep working) while it is retried;
// Billing says the payment failed, when the next try is, and opens the portal to update the card.
test('a declined renewal reads "Payment failed — update your card", not Inactive, with the way to the card', async () => {
  const retrying = {
    ...fence,
    Subscription: { Trialing: true, ExpiresAt: '2026-11-20T00:00:00.000Z', PriceIds: { Current: '', Next: samplePrices.FencealarmMonth.Id } },
    Renewal: { PaymentFailed: true, RetryAt: '2099-11-21T06:00:00.000Z' },
  } as Fencealarm;
  serve({ devices: list({ Fencealarms: [retrying] }) });
  const portal = jest.spyOn(billingApi, 'portal').mockResolvedValue({ Url: 'http://localhost/billing-portal?token=t2' });
  const popup = { opener: {} as unknown, location: { href: '' }, close: jest.fn() };
  jest.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
  const { user } = renderRemote(App, '/billing');
  const row = await screen.findByRole('row', { name: /North fence/ });
  expect(row).toHaveTextContent('Payment failed — update your card');
  expect(row).toHaveTextContent('Alarms keep working. Next try 21 November');
  expect(row).not.toHaveTextContent('Inactive');
  const notice = screen.getByTestId('payment-failed-notice');
  expect(notice).toHaveTextContent('A renewal payment was declined. The alarms keep working while we try again');
  await user.click(within(notice).getByRole('button', { name: 'Update your card' }));
  await waitFor(() => expect(popup.location.href).toBe('http://localhost/billing-portal?token=t2'));
  expect(portal).toHaveBeenCalledWith('u1', window.location.href);
});

test('the payment failure in German', async () => {
  const retrying = { ...fence, Renewal: { PaymentFailed: true, RetryAt: '2099-11-21T06:00:00.000Z' } } as Fencealarm;
  serve({ devices: list({ Fencealarms: [retrying] }), user: { ...sampleUser, Locale: 'de-DE' } as User });
  renderRemote(App, '/billing', { locale: 'de-DE' });
  const notice = await screen.findByTestId('payment-failed-notice');
  expect(notice).toHaveTextContent('Zahlung fehlgeschlagen – Karte aktualisieren');
  expect(within(notice).getByRole('button', { name: 'Karte aktualisieren' })).toBeInTheDocument();
});
