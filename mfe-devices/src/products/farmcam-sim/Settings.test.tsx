import { screen, waitFor, within } from '@testing-library/react';
import { billingApi } from '@paddock/shared/api';
import type { FarmcamSim } from '@paddock/shared/contract';
import { apiError } from '@paddock/shared/testing/fixtures';
import { currentLocation, farmcamSim, renderDevices, resetSession, sampleUser, toastTexts } from '../../common/testing';
import { paddockStore, userAtom } from '@paddock/shared/session';
import { mockSettingsApi, openSettings } from '../../settings/testing';

/** Shown inside a partner's page (docs/product/embedding.md) when true. */
let mockEmbedded = false;
jest.mock('../../embed/embedded', () => ({ ...jest.requireActual('../../embed/embedded'), useEmbedded: () => mockEmbedded }));

const IMSI = '240071234567890';
const PATH = `/farmcam-sim/${IMSI}`;

beforeEach(() => {
  resetSession();
  jest.restoreAllMocks();
});

test('title, IMSI, data left (whole MB below 1 GB) and the subscription line', async () => {
  const api = mockSettingsApi(farmcamSim('Gate camera', { RemainingData: 18_400_000 }));
  await openSettings(PATH, 'FarmCam SIM Gate camera');
  expect(api.get).toHaveBeenCalledWith('farmcam-sim', IMSI, expect.anything());
  expect(screen.getByText(`IMSI: ${IMSI}`)).toBeInTheDocument();
  expect(screen.getByText('Data left')).toBeInTheDocument();
  expect(screen.getByTestId('remaining-data')).toHaveTextContent('18 MB');
  expect(screen.getByTestId('subscription-line')).toHaveTextContent('Renews 1 January 2099');
  // A SIM has no configuration to apply.
  expect(screen.queryByText(/Waiting for the device|Applied by the device/)).not.toBeInTheDocument();
  for (const name of ['Save', 'Back', 'Unregister']) expect(screen.getAllByRole('button', { name }).length).toBeGreaterThan(0);
});

test('Save sends the flat FarmCam SIM body and returns to /devices?id={imsi}', async () => {
  const device = farmcamSim('Gate camera', {}, ['Yard']);
  const api = mockSettingsApi(device);
  const { user } = await openSettings(PATH, 'FarmCam SIM Gate camera');
  await user.clear(screen.getByLabelText('Device name'));
  await user.type(screen.getByLabelText('Device name'), 'Barn camera');
  await user.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(currentLocation()).toBe(`/devices?id=${IMSI}`));
  expect(api.update).toHaveBeenCalledTimes(1);
  expect(api.update).toHaveBeenCalledWith('farmcam-sim', IMSI, {
    Name: 'Barn camera',
    Access: ['greta@example.com'],
    Notify: [],
    Tags: ['FarmCam SIM', 'greta@example.com', 'Yard'],
    Owner: 'greta@example.com',
  }, { silent: true });
});

test('Back returns to /devices?id={imsi} without saving', async () => {
  const api = mockSettingsApi(farmcamSim('Gate camera'));
  const { user } = await openSettings(PATH, 'FarmCam SIM Gate camera');
  // The button beside Save (the page's back arrow comes first and goes to the same place).
  await user.click(screen.getAllByRole('button', { name: 'Back' })[1]);
  expect(currentLocation()).toBe(`/devices?id=${IMSI}`);
  expect(api.update).not.toHaveBeenCalled();
});

test('the back arrow returns to /devices?id={imsi} too', async () => {
  mockSettingsApi(farmcamSim('Gate camera'));
  const { user } = await openSettings(PATH, 'FarmCam SIM Gate camera');
  await user.click(screen.getAllByRole('button', { name: 'Back' })[0]);
  expect(currentLocation()).toBe(`/devices?id=${IMSI}`);
});

test('in Swedish', async () => {
  mockSettingsApi(farmcamSim('Grindkamera', { RemainingData: 2_500_000_000 }));
  renderDevices(PATH, { locale: 'sv-SE' });
  await screen.findByRole('heading', { level: 1, name: 'FarmCam SIM Grindkamera' });
  expect(screen.getByText('Data kvar')).toBeInTheDocument();
  expect(screen.getByTestId('remaining-data').textContent?.replace(/\s/g, ' ')).toBe('2,5 GB');
  expect(screen.getByRole('button', { name: 'Spara' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Avregistrera' })).toBeInTheDocument();
});

describe('buy extra data (docs/product/screens.md FarmCam SIM edit screen)', () => {
  const sim = () => farmcamSim('Gate camera', { RemainingData: 18_400_000 });

  test('the confirm dialog shows 1 GB and its price ex VAT in SEK; buying once adds 1 GB to the data left', async () => {
    mockSettingsApi(sim());
    const buy = jest.spyOn(billingApi, 'buyExtraData').mockResolvedValue({ ...sim(), RemainingData: 1_018_400_000 });
    const { user } = await openSettings(PATH, 'FarmCam SIM Gate camera');
    const button = await screen.findByRole('button', { name: 'Buy extra data' });
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Buy extra data?' });
    expect(dialog).toHaveTextContent('1 GB of extra data for Gate camera costs SEK 29.00 ex VAT');
    await user.click(within(dialog).getByRole('button', { name: 'Buy' }));
    await waitFor(() => expect(screen.getByTestId('remaining-data')).toHaveTextContent('1 GB'));
    expect(buy).toHaveBeenCalledTimes(1);
    expect(buy).toHaveBeenCalledWith(IMSI, expect.stringMatching(/^[0-9a-f-]{32,36}$/), { silent: true });
    expect(toastTexts()).toContain('1 GB of extra data added');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  test('a German user sees the price in EUR', async () => {
    paddockStore.set(userAtom, { ...sampleUser, Country: 'DE' });
    mockSettingsApi(sim());
    const { user } = await openSettings(PATH, 'FarmCam SIM Gate camera');
    const button = await screen.findByRole('button', { name: 'Buy extra data' });
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);
    expect(await screen.findByRole('dialog')).toHaveTextContent('costs €2.90 ex VAT');
  });

  test('a declined card is said inside the dialog; a retry sends the same idempotency key; a new purchase gets a new one', async () => {
    mockSettingsApi(sim());
    const buy = jest
      .spyOn(billingApi, 'buyExtraData')
      .mockRejectedValueOnce(apiError(402, 'payment_declined', 'The payment was declined'))
      .mockResolvedValue({ ...sim(), RemainingData: 1_018_400_000 } as FarmcamSim);
    const { user } = await openSettings(PATH, 'FarmCam SIM Gate camera');
    const button = await screen.findByRole('button', { name: 'Buy extra data' });
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Buy' }));
    await waitFor(() => expect(buy).toHaveBeenCalledTimes(1));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The payment was declined');
    await user.click(await within(dialog).findByRole('button', { name: 'Buy' }));
    await waitFor(() => expect(buy).toHaveBeenCalledTimes(2));
    expect(buy.mock.calls[1][1]).toBe(buy.mock.calls[0][1]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(button);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Buy' }));
    await waitFor(() => expect(buy).toHaveBeenCalledTimes(3));
    expect(buy.mock.calls[2][1]).not.toBe(buy.mock.calls[0][1]);
  });

  test('a shared user cannot buy', async () => {
    mockSettingsApi(
      farmcamSim('Gate camera', {
        Metadata: { ...sim().Metadata, OwnerEmail: 'owner@example.com', Access: ['owner@example.com', 'greta@example.com'] },
      }),
    );
    await openSettings(PATH, 'FarmCam SIM Gate camera');
    expect(screen.getByRole('button', { name: 'Buy extra data' })).toBeDisabled();
    expect(screen.getByText('Only the owner can buy extra data.')).toBeInTheDocument();
  });
});

test('inside a partner’s page the owner is sent to Paddock to buy (the embed token may not purchase)', async () => {
  mockEmbedded = true;
  try {
    mockSettingsApi(farmcamSim('Gate camera'));
    await openSettings(PATH, 'FarmCam SIM Gate camera');
    expect(screen.getByRole('button', { name: 'Buy extra data' })).toBeDisabled();
    expect(screen.getByText('Extra data is bought in Paddock itself, not on this page.')).toBeInTheDocument();
  } finally {
    mockEmbedded = false;
  }
});

describe('data alert (docs/product/products/farmcam-sim.md Data alert)', () => {
  const alertOf = (Enabled: boolean, ThresholdMb: number) => ({ DataAlert: { Enabled, ThresholdMb, Triggered: false } });

  test('the owner switches it on with a threshold in MB; Save sends DataAlert', async () => {
    const api = mockSettingsApi(farmcamSim('Gate camera', alertOf(false, 100)));
    const { user } = await openSettings(PATH, 'FarmCam SIM Gate camera');
    const alertSwitch = screen.getByRole('switch', { name: 'Alert me when the data left falls below the threshold' });
    expect(alertSwitch).not.toBeChecked();
    await user.click(alertSwitch);
    const threshold = screen.getByLabelText('Threshold (MB)');
    expect(threshold).toHaveValue('100');
    await user.clear(threshold);
    await user.type(threshold, '250');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.update).toHaveBeenCalledTimes(1));
    expect(api.update).toHaveBeenCalledWith(
      'farmcam-sim',
      IMSI,
      expect.objectContaining({ DataAlert: { Enabled: true, ThresholdMb: 250 } }), { silent: true }
    );
  });

  test('a threshold out of range is refused with its message and focused; nothing is sent', async () => {
    const api = mockSettingsApi(farmcamSim('Gate camera', alertOf(true, 100)));
    const { user } = await openSettings(PATH, 'FarmCam SIM Gate camera');
    const threshold = screen.getByLabelText('Threshold (MB)');
    await user.clear(threshold);
    await user.type(threshold, '0');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter whole MB from 1 to 1,000,000.')).toBeInTheDocument();
    expect(threshold).toHaveFocus();
    expect(api.update).not.toHaveBeenCalled();
  });

  test('a shared user sees it but cannot change it, and Save sends no DataAlert', async () => {
    const owned = farmcamSim('Gate camera', alertOf(true, 300));
    const api = mockSettingsApi({
      ...owned,
      Metadata: { ...owned.Metadata, OwnerEmail: 'owner@example.com', Access: ['owner@example.com', 'greta@example.com'] },
    });
    const { user } = await openSettings(PATH, 'FarmCam SIM Gate camera');
    expect(screen.getByRole('switch', { name: /Alert me/ })).toBeDisabled();
    expect(screen.getByLabelText('Threshold (MB)')).toBeDisabled();
    expect(screen.getByText('Only the owner can set the data alert.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.update).toHaveBeenCalledTimes(1));
    expect(api.update.mock.calls[0][2]).not.toHaveProperty('DataAlert');
  });

  test('in German, French and Swedish', async () => {
    for (const [locale, heading, label] of [
      ['de-DE', 'Datenwarnung', 'Schwelle (MB)'],
      ['fr-FR', 'Alerte de données', 'Seuil (Mo)'],
      ['sv-SE', 'Datalarm', 'Gräns (MB)'],
    ] as const) {
      mockSettingsApi(farmcamSim('Kamera', alertOf(true, 100)));
      const view = renderDevices(PATH, { locale });
      await screen.findByRole('heading', { level: 1, name: 'FarmCam SIM Kamera' });
      expect(screen.getByText(heading)).toBeInTheDocument();
      expect(screen.getByLabelText(label)).toHaveValue('100');
      view.unmount();
    }
  });
});
