// Transfer offers in the devices remote (docs/product/devices.md "Transfers"): the owner's offer on the settings page,
// the recipient's card on the dashboard and the page the offer's e-mail links to.
import { screen, waitFor, within } from '@testing-library/react';
import { devicesApi, transfersApi } from '@paddock/shared/api';
import type { Transfer } from '@paddock/shared/contract';
import { apiError, currentLocation, deviceList, fencealarm, fencealarm2, renderDevices, resetSession } from '../common/testing';
import { mockSettingsApi, openSettings } from '../settings/testing';

const IMEI = '356938035643802';

const offerOf = (patch: Partial<Transfer> = {}): Transfer => ({
  Id: '6f1c2a52-7d0e-4d0e-9a55-1d2c3b4a5f60',
  Device: { Product: 'fencealarm', Key: '356938035643801', Name: 'North fence' },
  From: { Name: 'Anna', Email: 'anna@example.com' },
  To: 'greta@example.com',
  OfferedAt: '2026-11-28T10:00:00.000Z',
  ExpiresAt: '2026-12-12T10:00:00.000Z',
  ...patch,
});

beforeEach(() => {
  resetSession();
  jest.restoreAllMocks();
});

describe('the owner’s offer on the settings page', () => {
  const open = () => openSettings(`/fencealarm2/${IMEI}`, 'FenceAlarm2 East fence');

  test('offers the device after a confirmation, then shows it waiting, with Withdraw', async () => {
    mockSettingsApi(fencealarm2('East fence'));
    const pending = offerOf({ Device: { Product: 'fencealarm2', Key: IMEI, Name: 'East fence' }, To: 'olle@example.com' });
    const offer = jest.spyOn(transfersApi, 'offer').mockResolvedValue(pending);
    const withdraw = jest.spyOn(transfersApi, 'withdraw').mockResolvedValue(undefined);
    const { user } = await open();
    await user.type(screen.getByLabelText('E-mail address of the farmer'), 'olle@example.com');
    await user.click(screen.getByRole('button', { name: 'Offer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Offer “East fence” to olle@example.com?' });
    expect(dialog).toHaveTextContent('Nothing changes until they accept.');
    expect(offer).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Offer' }));
    expect(offer).toHaveBeenCalledWith('fencealarm2', IMEI, 'olle@example.com', { silent: true });
    expect(await screen.findByText(/Offer sent to olle@example.com, waiting for acceptance/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(withdraw).toHaveBeenCalledWith('fencealarm2', IMEI, { silent: true });
    expect(await screen.findByLabelText('E-mail address of the farmer')).toBeInTheDocument();
  });

  test('shows an offer made earlier', async () => {
    const api = mockSettingsApi(fencealarm2('East fence'));
    api.transfers.mockResolvedValue({
      Incoming: [],
      Outgoing: [offerOf({ Device: { Product: 'fencealarm2', Key: IMEI, Name: 'East fence' }, To: 'olle@example.com' })],
    });
    await open();
    expect(await screen.findByText(/Offer sent to olle@example.com/)).toBeInTheDocument();
  });

  test('asks for a real address, not the owner’s own, before anything is sent', async () => {
    mockSettingsApi(fencealarm2('East fence'));
    const offer = jest.spyOn(transfersApi, 'offer');
    const { user } = await open();
    const field = screen.getByLabelText('E-mail address of the farmer');
    await user.type(field, 'not an address{Enter}');
    expect(await screen.findByText('Enter an e-mail address, such as anna@example.com.')).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, 'GRETA@example.com{Enter}');
    expect(await screen.findByText('That is the owner’s own address: enter the other farmer’s.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(offer).not.toHaveBeenCalled();
  });

  test('a refused offer says why beside the field', async () => {
    mockSettingsApi(fencealarm2('East fence'));
    jest.spyOn(transfersApi, 'offer').mockRejectedValue(apiError(429, 'rate_limited', 'Too many attempts. Try again in 15 minutes.'));
    const { user } = await open();
    await user.type(screen.getByLabelText('E-mail address of the farmer'), 'olle@example.com{Enter}');
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Offer' }));
    expect(await screen.findByText('Too many attempts. Try again in 15 minutes.')).toBeInTheDocument();
  });
});

describe('the recipient', () => {
  function mockDashboard(offers: Transfer[]) {
    jest.spyOn(devicesApi, 'poll').mockResolvedValue({ list: deviceList(), etag: null });
    jest.spyOn(devicesApi, 'list').mockResolvedValue(deviceList());
    jest
      .spyOn(devicesApi, 'trends')
      .mockResolvedValue({ From: '2026-11-27T10:00:00.000Z', To: '2026-11-28T10:00:00.000Z', Trends: [] } as never);
    return jest.spyOn(transfersApi, 'list').mockResolvedValue({ Incoming: offers, Outgoing: [] });
  }

  test('sees the offer on the dashboard and accepts it; the card goes', async () => {
    mockDashboard([offerOf()]);
    const accept = jest.spyOn(transfersApi, 'accept').mockResolvedValue(fencealarm('North fence') as never);
    const { user } = renderDevices('/devices');
    expect(await screen.findByText('Anna offers you FenceAlarm “North fence”.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(accept).toHaveBeenCalledWith(offerOf().Id, { silent: true });
    await waitFor(() => expect(screen.queryByText('Anna offers you FenceAlarm “North fence”.')).not.toBeInTheDocument());
  });

  test('declines from the dashboard', async () => {
    mockDashboard([offerOf({ From: { Name: '', Email: 'anna@example.com' } })]);
    const decline = jest.spyOn(transfersApi, 'decline').mockResolvedValue(undefined);
    const { user } = renderDevices('/devices');
    expect(await screen.findByText('anna@example.com offers you FenceAlarm “North fence”.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    expect(decline).toHaveBeenCalledWith(offerOf().Id, { silent: true });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Decline' })).not.toBeInTheDocument());
  });

  test('opens the e-mail’s link, accepts and lands on the device on the dashboard', async () => {
    mockDashboard([offerOf()]);
    jest.spyOn(transfersApi, 'accept').mockResolvedValue(fencealarm('North fence') as never);
    const { user } = renderDevices(`/transfers/${offerOf().Id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Device offer' })).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(currentLocation()).toBe('/devices?id=356938035643801'));
  });

  test('an expired answer says so beside the offer', async () => {
    mockDashboard([offerOf()]);
    jest
      .spyOn(transfersApi, 'accept')
      .mockRejectedValue(apiError(410, 'transfer_expired', 'This offer has expired. Ask the owner to offer the device again.'));
    const { user } = renderDevices(`/transfers/${offerOf().Id}`);
    await user.click(await screen.findByRole('button', { name: 'Accept' }));
    expect(await screen.findByText('This offer has expired. Ask the owner to offer the device again.')).toBeInTheDocument();
  });

  test('a link that is not an open offer to this account says so, with a way to the devices', async () => {
    mockDashboard([]);
    renderDevices('/transfers/00000000-0000-4000-8000-000000000000');
    expect(await screen.findByText(/There is no open offer for you here/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'To your devices' })).toBeInTheDocument();
  });
});
