import { screen, waitFor, within } from '@testing-library/react';
import { warrantiesApi } from '@paddock/shared/api';
import type { Warranty } from '@paddock/shared/contract';
import { PRODUCT_IDS, PRODUCT_INFO, PROOF_MAX_BYTES } from '@paddock/shared/domain';
import { apiError, resetSession, sampleUser, signInAs, toastTexts } from '@paddock/shared/testing/fixtures';
import { renderRemote } from '@paddock/shared/testing/renderRemote';
import App from '../App';

const PDF_BYTES = new TextEncoder().encode('%PDF-1.7\n%%EOF\n');
const PNG_BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
const EXE_BYTES = new TextEncoder().encode('MZ\x90\x00 This program cannot be run in DOS mode.');

const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
const fileOf = (bytes: Uint8Array<ArrayBuffer>, name: string, type = '') => new File([bytes], name, { type });

const registered: Warranty = {
  Id: 'w1',
  Status: 'registered',
  Product: 'FenceAlarm',
  SerialNumber: 'FA-001',
  Retailer: 'Granngården',
  DateOfPurchase: '2025-03-14',
  RegisteredAt: '2025-03-15T08:00:00.000Z',
  ProofOfPurchase: { Type: 'application/pdf', Size: 1234, Url: 'warranties/FA-001/proof-of-purchase?product=FenceAlarm&claim=w1' },
};

async function open(warranties: Warranty[] = [], locale?: Parameters<typeof renderRemote>[2]) {
  const list = jest.spyOn(warrantiesApi, 'list').mockResolvedValue(warranties);
  const rendered = renderRemote(App, '/warranties', locale);
  await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
  return { ...rendered, list };
}

/** Fills every field validly except what `skip` names. */
async function fill(user: Awaited<ReturnType<typeof open>>['user'], file: File | null, skip: string[] = []) {
  if (!skip.includes('product')) await user.selectOptions(screen.getByLabelText('Product'), 'SmartPlug');
  if (!skip.includes('serial')) await user.type(screen.getByLabelText('Serial number'), ' sp-42 ');
  if (!skip.includes('retailer')) await user.type(screen.getByLabelText('Retailer'), 'Lantmännen');
  if (!skip.includes('date')) await user.type(screen.getByLabelText('Date of purchase'), '2025-06-01');
  if (file) await user.upload(screen.getByLabelText('Proof of purchase'), file);
}

describe('/warranties', () => {
  beforeEach(() => {
    resetSession();
    jest.restoreAllMocks();
    signInAs(sampleUser);
    URL.createObjectURL = jest.fn(() => 'blob:preview');
    URL.revokeObjectURL = jest.fn();
  });

  test('lists the user’s warranties with a download of each proof', async () => {
    const { list, user } = await open([registered]);
    expect(list).toHaveBeenCalledWith('u1', expect.anything());
    const table = screen.getByRole('table', { name: 'Your registered warranties' });
    const row = within(table).getAllByRole('row')[1];
    expect(row).toHaveTextContent('FenceAlarm');
    expect(row).toHaveTextContent('FA-001');
    expect(row).toHaveTextContent('Granngården');
    expect(row).toHaveTextContent('14 Mar 2025');
    const proof = jest.spyOn(warrantiesApi, 'proof').mockResolvedValue(new Blob([PDF_BYTES], { type: 'application/pdf' }));
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await user.click(within(row).getByRole('button', { name: 'Download the proof of purchase of FenceAlarm FA-001' }));
    expect(proof).toHaveBeenCalledWith(registered, expect.anything());
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('proof-of-purchase-FA-001.pdf');
  });

  test('offers every device product of the registry, SmartPlug2 included', async () => {
    await open([]);
    const options = within(screen.getByLabelText('Product'))
      .getAllByRole('option')
      .map((option) => option.textContent);
    for (const id of PRODUCT_IDS.filter((product) => product !== 'farmcam-sim')) expect(options).toContain(PRODUCT_INFO[id].name);
    expect(options).toContain('SmartPlug2');
  });

  test('says so when there is none yet', async () => {
    await open([]);
    expect(screen.getByText(/You have not registered a warranty yet/)).toBeInTheDocument();
  });

  test('shows a failed load with a retry that loads again', async () => {
    const list = jest
      .spyOn(warrantiesApi, 'list')
      .mockRejectedValueOnce(apiError(500, 'internal_error', 'Something went wrong on our side.'));
    list.mockResolvedValueOnce([registered]);
    const { user } = renderRemote(App, '/warranties');
    expect(await screen.findByRole('alert')).toHaveTextContent('Your warranties could not be loaded: Something went wrong on our side.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table')).toHaveTextContent('FA-001');
  });

  test('registers a PDF: sends the trimmed fields and the file as base64, lists it, and empties the form', async () => {
    const { user } = await open([]);
    const created: Warranty = {
      ...registered,
      Product: 'SmartPlug',
      SerialNumber: 'SP-42',
      Retailer: 'Lantmännen',
      DateOfPurchase: '2025-06-01',
    };
    const register = jest.spyOn(warrantiesApi, 'register').mockResolvedValue(created);
    await fill(user, fileOf(PDF_BYTES, 'receipt.pdf', 'application/pdf'));
    expect(screen.getByText('receipt.pdf')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Preview of the proof of purchase' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Register warranty' }));
    await waitFor(() => expect(register).toHaveBeenCalled());
    expect(register).toHaveBeenCalledWith(
      'u1',
      {
        Product: 'SmartPlug',
        SerialNumber: 'SP-42',
        Retailer: 'Lantmännen',
        DateOfPurchase: '2025-06-01',
        ProofOfPurchase: base64(PDF_BYTES),
      },
      expect.objectContaining({ silent: true }),
    );
    expect(await screen.findByRole('table')).toHaveTextContent('SP-42');
    expect(toastTexts()).toContain('Warranty registered for SmartPlug SP-42.');
    expect(screen.getByLabelText('Serial number')).toHaveValue('');
    expect(screen.getByLabelText('Product')).toHaveValue('');
  });

  test('a claim of a serial another account holds: said to be in review, in the toast and the list (issue 26)', async () => {
    const { user } = await open([registered]);
    const created: Warranty = { ...registered, Id: 'w2', Status: 'pending_review', Product: 'SmartPlug', SerialNumber: 'SP-42' };
    jest.spyOn(warrantiesApi, 'register').mockResolvedValue(created);
    await fill(user, fileOf(PDF_BYTES, 'receipt.pdf', 'application/pdf'));
    await user.click(screen.getByRole('button', { name: 'Register warranty' }));
    await waitFor(() =>
      expect(toastTexts()).toContain(
        'Received for SmartPlug SP-42. It is in review: our staff check the proof of purchase and tell you by e-mail.',
      ),
    );
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Registered');
    expect(rows[2]).toHaveTextContent('In review');
    expect(screen.getByText(/A warranty in review waits for our staff/)).toBeInTheDocument();
  });

  test('previews an image proof', async () => {
    const { user } = await open([]);
    await user.upload(screen.getByLabelText('Proof of purchase'), fileOf(PNG_BYTES, 'kvitto.png', 'image/png'));
    expect(await screen.findByRole('img', { name: 'Preview of the proof of purchase' })).toHaveAttribute('src', 'blob:preview');
  });

  test('checks every field before sending, with the first invalid one focused', async () => {
    const { user } = await open([]);
    const register = jest.spyOn(warrantiesApi, 'register');
    await user.type(screen.getByLabelText('Serial number'), 'sp 42/x');
    await user.type(screen.getByLabelText('Retailer'), '   ');
    await user.click(screen.getByRole('button', { name: 'Register warranty' }));
    expect(screen.getByLabelText('Product')).toHaveAccessibleDescription('Please choose one of the options.');
    expect(screen.getByLabelText('Product')).toHaveFocus();
    expect(screen.getByLabelText('Serial number')).toHaveAccessibleDescription(
      'Use only letters, digits, dots, dashes and underscores, and start with a letter or digit.',
    );
    expect(screen.getByLabelText('Retailer')).toHaveAccessibleDescription('Please fill in this field.');
    expect(screen.getByLabelText('Date of purchase')).toHaveAccessibleDescription('Please fill in this field.');
    expect(screen.getByLabelText('Proof of purchase')).toHaveAccessibleDescription('Choose a file of your receipt.');
    expect(register).not.toHaveBeenCalled();
  });

  test('refuses a serial number of dots before sending, as the server does', async () => {
    const { user } = await open([]);
    const register = jest.spyOn(warrantiesApi, 'register');
    await fill(user, fileOf(PDF_BYTES, 'receipt.pdf'), ['serial']);
    await user.type(screen.getByLabelText('Serial number'), '..');
    await user.click(screen.getByRole('button', { name: 'Register warranty' }));
    expect(screen.getByLabelText('Serial number')).toHaveAccessibleDescription(
      'Use only letters, digits, dots, dashes and underscores, and start with a letter or digit.',
    );
    expect(screen.getByLabelText('Serial number')).toHaveFocus();
    expect(register).not.toHaveBeenCalled();
  });

  test('refuses a date in the future', async () => {
    const { user } = await open([]);
    const nextYear = `${new Date().getUTCFullYear() + 1}-01-01`;
    await user.type(screen.getByLabelText('Date of purchase'), nextYear);
    await user.click(screen.getByRole('button', { name: 'Register warranty' }));
    expect(screen.getByLabelText('Date of purchase')).toHaveAccessibleDescription('The date of purchase cannot be in the future.');
  });

  test('refuses a renamed executable by its content, whatever its name, and sends nothing', async () => {
    const { user } = await open([]);
    const register = jest.spyOn(warrantiesApi, 'register');
    await fill(user, fileOf(EXE_BYTES, 'receipt.pdf', 'application/pdf'));
    const input = screen.getByLabelText('Proof of purchase');
    await waitFor(() =>
      expect(input).toHaveAccessibleDescription(
        '“receipt.pdf” is not a PDF, JPEG or PNG file (whatever its name says). Choose a PDF, JPEG or PNG.',
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Register warranty' }));
    expect(register).not.toHaveBeenCalled();
    expect(input).toHaveFocus();
  });

  test('refuses a file over 10 MB before reading it all', async () => {
    const { user } = await open([]);
    const big = fileOf(PDF_BYTES, 'scan.pdf');
    Object.defineProperty(big, 'size', { value: PROOF_MAX_BYTES + 1 });
    await user.upload(screen.getByLabelText('Proof of purchase'), big);
    await waitFor(() =>
      expect(screen.getByLabelText('Proof of purchase')).toHaveAccessibleDescription(
        'This file is 10.0 MB; the proof of purchase can be at most 10 MB.',
      ),
    );
  });

  test('a refusal naming a field shows under it, and everything typed and chosen stays', async () => {
    const { user } = await open([]);
    jest
      .spyOn(warrantiesApi, 'register')
      .mockRejectedValue(
        apiError(409, 'warranty_taken', 'This account has already registered this product and serial number.', 'SerialNumber'),
      );
    await fill(user, fileOf(PDF_BYTES, 'receipt.pdf'));
    await user.click(screen.getByRole('button', { name: 'Register warranty' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Serial number')).toHaveAccessibleDescription(
        'This account has already registered this product and serial number.',
      ),
    );
    expect(screen.getByLabelText('Serial number')).toHaveValue(' sp-42 ');
    expect(screen.getByLabelText('Retailer')).toHaveValue('Lantmännen');
    expect(screen.getByLabelText('Product')).toHaveValue('SmartPlug');
    expect(screen.getByLabelText('Date of purchase')).toHaveValue('2025-06-01');
    expect(screen.getByText('receipt.pdf')).toBeInTheDocument();
  });

  test('any other failure shows above the form', async () => {
    const { user } = await open([]);
    jest.spyOn(warrantiesApi, 'register').mockRejectedValue(apiError(413, 'payload_too_large', 'The request is too large.'));
    await fill(user, fileOf(PDF_BYTES, 'receipt.pdf'));
    await user.click(screen.getByRole('button', { name: 'Register warranty' }));
    expect(await screen.findByText('The request is too large.')).toBeInTheDocument();
  });

  test('speaks the user’s language', async () => {
    const { user } = await open([], { locale: 'sv-SE' });
    expect(screen.getByRole('heading', { level: 1, name: 'Garantier' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Registrera garanti' }));
    expect(screen.getByLabelText('Inköpsbevis')).toHaveAccessibleDescription('Välj en fil med ditt kvitto.');
  });
});
