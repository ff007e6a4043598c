// /admin/warranty-claims (docs/product/admin.md "Warranty claims"): each disputed serial with its claims and proofs;
// Accept and Reject ask first, then tell the result and load the list again.
import { screen, waitFor, within } from '@testing-library/react';
import { warrantiesApi } from '@paddock/shared/api';
import type { WarrantyDispute } from '@paddock/shared/contract';
import { apiError, resetSession, sampleAdmin, signInAs, toastTexts } from '@paddock/shared/testing/fixtures';
import { renderRemote } from '@paddock/shared/testing/renderRemote';
import App from '../App';

const dispute: WarrantyDispute = {
  Product: 'FenceAlarm',
  SerialNumber: 'FA-001',
  Claims: [
    {
      Id: 'c-first',
      Status: 'registered',
      UserId: 'u-first',
      Email: 'first@example.com',
      Retailer: 'Fake Shop',
      DateOfPurchase: '2025-03-14',
      RegisteredAt: '2025-03-15T08:00:00.000Z',
      ProofOfPurchase: { Type: 'image/png', Size: 100, Url: 'warranties/FA-001/proof-of-purchase?product=FenceAlarm&claim=c-first' },
    },
    {
      Id: 'c-second',
      Status: 'pending_review',
      UserId: 'u-second',
      Email: 'buyer@example.com',
      Retailer: 'Granngården',
      DateOfPurchase: '2025-06-01',
      RegisteredAt: '2025-06-02T08:00:00.000Z',
      ProofOfPurchase: { Type: 'application/pdf', Size: 200, Url: 'warranties/FA-001/proof-of-purchase?product=FenceAlarm&claim=c-second' },
    },
  ],
};

beforeEach(() => {
  resetSession();
  signInAs(sampleAdmin);
  URL.createObjectURL = jest.fn(() => 'blob:proof');
  URL.revokeObjectURL = jest.fn();
});
afterEach(() => jest.restoreAllMocks());

const table = () => screen.getByRole('table', { name: 'Claims of FenceAlarm FA-001' });

test('lists each disputed serial with every claim: account, state, retailer, date and a download of its proof', async () => {
  jest.spyOn(warrantiesApi, 'claims').mockResolvedValue([dispute]);
  const proof = jest.spyOn(warrantiesApi, 'proof').mockResolvedValue(new Blob(['%PDF-'], { type: 'application/pdf' }));
  const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  const { user } = renderRemote(App, '/admin/warranty-claims');
  expect(await screen.findByRole('heading', { level: 2, name: 'FenceAlarm FA-001' })).toBeInTheDocument();
  const [, first, second] = within(table()).getAllByRole('row');
  expect(first).toHaveTextContent('first@example.com');
  expect(first).toHaveTextContent('Registered');
  expect(first).toHaveTextContent('Fake Shop');
  expect(first).toHaveTextContent('14 Mar 2025');
  expect(second).toHaveTextContent('buyer@example.com');
  expect(second).toHaveTextContent('In review');
  expect(second).toHaveTextContent('1 Jun 2025');
  // The registration can be confirmed (Accept) but not rejected on its own; a claim in review can be either.
  expect(within(first).queryByRole('button', { name: 'Reject the claim of first@example.com' })).not.toBeInTheDocument();
  expect(within(second).getByRole('button', { name: 'Reject the claim of buyer@example.com' })).toBeInTheDocument();

  await user.click(within(second).getByRole('button', { name: 'Download the proof of purchase of buyer@example.com' }));
  await waitFor(() => expect(click).toHaveBeenCalled());
  expect(proof).toHaveBeenCalledWith(dispute.Claims[1]);
});

test('Accept asks first, then accepts that claim, says so and loads the list again', async () => {
  const claims = jest.spyOn(warrantiesApi, 'claims').mockResolvedValueOnce([dispute]).mockResolvedValue([]);
  const accept = jest.spyOn(warrantiesApi, 'acceptClaim').mockResolvedValue({ ...dispute.Claims[1], Status: 'registered' });
  const { user } = renderRemote(App, '/admin/warranty-claims');
  await user.click(await screen.findByRole('button', { name: 'Accept the claim of buyer@example.com' }));
  const dialog = screen.getByRole('dialog', { name: 'Accept this claim?' });
  expect(dialog).toHaveTextContent('FenceAlarm FA-001 will be registered to buyer@example.com; every other claim of it is rejected.');
  await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  expect(accept).not.toHaveBeenCalled();

  await user.click(screen.getByRole('button', { name: 'Accept the claim of buyer@example.com' }));
  await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Accept' }));
  await waitFor(() => expect(accept).toHaveBeenCalledWith('c-second', { silent: true }));
  expect(await screen.findByText('No warranty claim is waiting for review.')).toBeInTheDocument();
  expect(toastTexts()).toContain('FenceAlarm FA-001 is now registered to buyer@example.com.');
  expect(claims).toHaveBeenCalledTimes(2);
});

test('Reject asks first, then rejects the claim in review and says so', async () => {
  jest.spyOn(warrantiesApi, 'claims').mockResolvedValueOnce([dispute]).mockResolvedValue([]);
  const reject = jest.spyOn(warrantiesApi, 'rejectClaim').mockResolvedValue({ ...dispute.Claims[1], Status: 'rejected' });
  const { user } = renderRemote(App, '/admin/warranty-claims');
  await user.click(await screen.findByRole('button', { name: 'Reject the claim of buyer@example.com' }));
  const dialog = screen.getByRole('dialog', { name: 'Reject this claim?' });
  expect(dialog).toHaveTextContent('the registration stays as it is');
  await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
  await waitFor(() => expect(reject).toHaveBeenCalledWith('c-second', { silent: true }));
  await waitFor(() => expect(toastTexts()).toContain('The claim of buyer@example.com to FenceAlarm FA-001 was rejected.'));
});

test('a decision that fails stays in its dialog with the reason; the list behind is loaded again', async () => {
  const claims = jest.spyOn(warrantiesApi, 'claims').mockResolvedValueOnce([dispute]).mockResolvedValue([]);
  jest.spyOn(warrantiesApi, 'acceptClaim').mockRejectedValue(apiError(409, 'warranty_claim_decided', 'Already decided'));
  const { user } = renderRemote(App, '/admin/warranty-claims');
  await user.click(await screen.findByRole('button', { name: 'Accept the claim of first@example.com' }));
  await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Accept' }));
  expect(await within(screen.getByRole('dialog')).findByRole('alert')).toHaveTextContent('Already decided');
  expect(toastTexts()).toEqual([]);
  expect(await screen.findByText('No warranty claim is waiting for review.')).toBeInTheDocument();
  expect(claims).toHaveBeenCalledTimes(2);
  await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
  expect(screen.queryByRole('dialog')).toBeNull();
});

test('in German, with nothing to review', async () => {
  jest.spyOn(warrantiesApi, 'claims').mockResolvedValue([]);
  renderRemote(App, '/admin/warranty-claims', { locale: 'de-DE' });
  expect(screen.getByRole('heading', { level: 1, name: 'Garantieansprüche' })).toBeInTheDocument();
  expect(await screen.findByText('Kein Garantieanspruch wartet auf Prüfung.')).toBeInTheDocument();
});
