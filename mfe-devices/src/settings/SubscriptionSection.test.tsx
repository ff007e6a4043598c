// The subscription part of every settings page (docs/product/states.md Subscription display and Plan choice): the plan and
// expiry from the catalogue, the owner's selector with its price line, read-only for others, the PriceId it saves.
import { screen, waitFor, within } from '@testing-library/react';
import { samplePrices } from '@paddock/shared/testing/fixtures';
import { paddockStore, userAtom } from '@paddock/shared/session';
import { devicesApi } from '@paddock/shared/api';
import {
  apiError,
  fencealarm,
  fencealarm2,
  farmcamSim,
  renderDevices,
  resetSession,
  sampleUser,
  smartplug2,
  toastTexts,
} from '../common/testing';
import { expectedMetadata, mockSettingsApi, openSettings } from './testing';

beforeEach(() => {
  resetSession();
  jest.restoreAllMocks();
});

const renewing = (priceId: string) => ({
  Trialing: false,
  ExpiresAt: '2099-01-01T00:00:00.000Z',
  PriceIds: { Current: priceId, Next: priceId },
});
const save = async (user: { click: (el: Element) => Promise<void> }) => user.click(screen.getByRole('button', { name: 'Save' }));
const planSelect = () => screen.findByRole('combobox', { name: 'Plan' });

test('the owner sees the current plan, the next one selected and its price per year in SEK; choosing Monthly saves its PriceId', async () => {
  const device = fencealarm('North fence', { Subscription: renewing(samplePrices.FencealarmYear.Id) });
  const api = mockSettingsApi(device);
  const { user } = await openSettings('/fencealarm/356938035643801', 'FenceAlarm North fence');
  const select = await planSelect();
  expect(screen.getByTestId('subscription-line')).toHaveTextContent('Yearly · Renews 1 January 2099');
  expect(select).toHaveValue('FencealarmYear');
  expect(
    within(select)
      .getAllByRole('option')
      .map((o) => o.textContent),
  ).toEqual(['None', 'Monthly', 'Yearly']);
  expect(screen.getByTestId('plan-price')).toHaveTextContent('SEK 490.00 per year, ex VAT');
  await user.selectOptions(select, 'FencealarmMonth');
  expect(screen.getByTestId('plan-price')).toHaveTextContent('SEK 49.00 per month, ex VAT');
  await save(user);
  await waitFor(() => expect(api.update).toHaveBeenCalledTimes(1));
  expect(api.update.mock.calls[0][2]).toEqual(
    expect.objectContaining({ PriceId: samplePrices.FencealarmMonth.Id, ...expectedMetadata(device) }),
  );
});

test('None reads as no charge (no zero price, no VAT) and saves an empty PriceId; a German user sees EUR', async () => {
  paddockStore.set(userAtom, { ...sampleUser, Country: 'DE' });
  const device = fencealarm('North fence', { Subscription: renewing(samplePrices.FencealarmMonth.Id) });
  const api = mockSettingsApi(device);
  const { user } = await openSettings('/fencealarm/356938035643801', 'FenceAlarm North fence');
  await waitFor(() => expect(screen.getByTestId('plan-price')).toHaveTextContent('€4.90 per month, ex VAT'));
  await user.selectOptions(await planSelect(), 'none');
  expect(screen.getByTestId('plan-price')).toHaveTextContent('No charge: nothing is renewed when the current period ends.');
  expect(screen.getByTestId('plan-price')).not.toHaveTextContent(/0\.00|ex VAT/);
  await save(user);
  await waitFor(() => expect(api.update).toHaveBeenCalledTimes(1));
  expect(api.update.mock.calls[0][2]).toEqual(expect.objectContaining({ PriceId: '' }));
});

test('SmartPlug2 and FenceAlarm2 send the plan nested as Subscription.PriceId', async () => {
  const api = mockSettingsApi(smartplug2('Heater'));
  const { user } = await openSettings('/smartplug2/356938035643804', 'SmartPlug2 Heater');
  await user.selectOptions(await planSelect(), 'Smartplug2Year');
  expect(screen.getByTestId('plan-price')).toHaveTextContent('SEK 390.00 per year');
  await save(user);
  await waitFor(() => expect(api.update).toHaveBeenCalledTimes(1));
  expect(api.update.mock.calls[0][2]).toEqual(expect.objectContaining({ Subscription: { PriceId: samplePrices.Smartplug2Year.Id } }));
});

test('saving without touching the selector sends no plan', async () => {
  const device = fencealarm2('East fence', { Subscription: renewing(samplePrices.Fencealarm2Month.Id) });
  const api = mockSettingsApi(device);
  const { user } = await openSettings('/fencealarm2/356938035643802', 'FenceAlarm2 East fence');
  expect(await planSelect()).toHaveValue('Fencealarm2Month');
  await save(user);
  await waitFor(() => expect(api.update).toHaveBeenCalledTimes(1));
  expect(api.update.mock.calls[0][2]).not.toHaveProperty('Subscription');
});

test('FarmCam SIM plans carry their size from the catalogue', async () => {
  mockSettingsApi(farmcamSim('Gate camera', { Subscription: renewing(samplePrices.FarmcamSimMedium.Id) }));
  await openSettings('/farmcam-sim/240071234567890', 'FarmCam SIM Gate camera');
  const select = await planSelect();
  expect(
    within(select)
      .getAllByRole('option')
      .map((o) => o.textContent),
  ).toEqual(['None', 'Small (1 GB)', 'Medium (5 GB)', 'Large (20 GB)']);
  expect(screen.getByTestId('subscription-line')).toHaveTextContent('5 GB · Renews 1 January 2099');
});

test('a lapsed plan shows None and Ended', async () => {
  mockSettingsApi(
    fencealarm('North fence', {
      Subscription: { Trialing: false, ExpiresAt: '2020-01-01T00:00:00.000Z', PriceIds: { Current: '', Next: '' } },
    }),
  );
  await openSettings('/fencealarm/356938035643801', 'FenceAlarm North fence');
  await planSelect();
  expect(screen.getByTestId('subscription-line')).toHaveTextContent('None · Ended 1 January 2020');
});

test('a shared user sees the plan read-only', async () => {
  const device = fencealarm('North fence', {
    Subscription: renewing(samplePrices.FencealarmMonth.Id),
    Metadata: {
      Name: 'North fence',
      Tags: [],
      OwnerEmail: 'olle@example.com',
      Access: ['olle@example.com', 'greta@example.com'],
      Notify: [],
      Owner: 'u2',
    },
  });
  mockSettingsApi(device);
  await openSettings('/fencealarm/356938035643801', 'FenceAlarm North fence');
  expect(await screen.findByTestId('plan-read-only')).toHaveTextContent(
    'Next plan: Monthly (SEK 49.00 per month, ex VAT). Only the owner can change it.',
  );
  expect(screen.queryByRole('combobox', { name: 'Plan' })).not.toBeInTheDocument();
});

test('in German, None reads "Kostenlos" for the owner and for a shared user, never "0,00 € pro Monat"', async () => {
  paddockStore.set(userAtom, { ...sampleUser, Country: 'DE' });
  const lapsing = {
    Trialing: false,
    ExpiresAt: '2099-01-01T00:00:00.000Z',
    PriceIds: { Current: samplePrices.FencealarmMonth.Id, Next: '' },
  };
  mockSettingsApi(fencealarm('North fence', { Subscription: lapsing }));
  const owner = await openSettings('/fencealarm/356938035643801', 'FenceAlarm North fence', { locale: 'de-DE' });
  expect(await screen.findByRole('combobox', { name: 'Tarif' })).toHaveValue('none');
  expect(screen.getByTestId('plan-price')).toHaveTextContent('Kostenlos: Nach dem laufenden Zeitraum wird nichts verlängert.');
  owner.unmount();

  mockSettingsApi(
    fencealarm('North fence', {
      Subscription: lapsing,
      Metadata: { Name: 'North fence', Tags: [], OwnerEmail: 'olle@example.com', Access: [], Notify: [], Owner: 'u2' },
    }),
  );
  await openSettings('/fencealarm/356938035643801', 'FenceAlarm North fence', { locale: 'de-DE' });
  expect(await screen.findByTestId('plan-read-only')).toHaveTextContent(
    'Nächster Tarif: Keines (Kostenlos). Nur der Eigentümer kann ihn ändern.',
  );
});

test("prices that fail to load say 'failed to get price data'; Try again asks again", async () => {
  const api = mockSettingsApi(fencealarm('North fence'), { prices: apiError(500, 'internal', 'boom') });
  const { user } = await openSettings('/fencealarm/356938035643801', 'FenceAlarm North fence');
  expect(await screen.findByText('failed to get price data')).toBeInTheDocument();
  expect(toastTexts()).toContain('failed to get price data');
  api.prices.mockResolvedValue(samplePrices);
  await user.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await planSelect()).toHaveValue('none');
  expect(api.prices).toHaveBeenCalledTimes(2);
});

test('Save without prices sends no plan', async () => {
  const api = mockSettingsApi(fencealarm('North fence'), { prices: apiError(500, 'internal', 'boom') });
  const { user } = await openSettings('/fencealarm/356938035643801', 'FenceAlarm North fence');
  await screen.findByText('failed to get price data');
  await save(user);
  await waitFor(() => expect(api.update).toHaveBeenCalledTimes(1));
  expect(api.update.mock.calls[0][2]).not.toHaveProperty('PriceId');
});

test('the catalogue is fetched once and kept for the next page', async () => {
  const api = mockSettingsApi(fencealarm('North fence'));
  const first = renderDevices('/fencealarm/356938035643801');
  await planSelect();
  first.unmount();
  renderDevices('/fencealarm/356938035643801');
  await planSelect();
  expect(api.prices).toHaveBeenCalledTimes(1);
  expect(api.prices).toHaveBeenCalledWith({ silent: true, background: true });
});

test('on a lapsed plan the alarm shows Off and disabled; choosing a plan brings it back as it was, bought first, then saved', async () => {
  const lapsed = { Trialing: false, ExpiresAt: '2020-01-01T00:00:00.000Z', PriceIds: { Current: '', Next: '' } };
  const api = mockSettingsApi(
    fencealarm('North fence', { Subscription: lapsed, VoltageAlarm: { Enabled: true, Triggered: false, AlarmLevel: 4000 } }),
  );
  const { user } = await openSettings('/fencealarm/356938035643801', 'FenceAlarm North fence');
  const alarm = () => screen.getByLabelText('Alarm when the fence voltage falls below') as HTMLSelectElement;
  expect(alarm()).toBeDisabled();
  expect(alarm().selectedOptions[0].textContent).toBe('Off');
  await user.selectOptions(await planSelect(), 'FencealarmMonth');
  expect(alarm()).toBeEnabled();
  expect(alarm()).toHaveValue('4000');
  await user.selectOptions(await planSelect(), 'none');
  expect(alarm()).toBeDisabled();
  await user.selectOptions(await planSelect(), 'FencealarmYear');
  const bought = {
    Device: { ...fencealarm('North fence'), Subscription: { ...lapsed, ExpiresAt: '2099-01-01T00:00:00.000Z' } },
    Payment: null,
  };
  const buyPlan = jest.spyOn(devicesApi, 'buyPlan').mockResolvedValue(bought as never);
  await save(user);
  // The plan is charged now: bought through its own confirmed call (PlanPurchase.test.tsx), the rest saved after it.
  await user.click(await screen.findByRole('button', { name: /^Pay / }));
  await waitFor(() => expect(api.update).toHaveBeenCalledTimes(1));
  expect(buyPlan).toHaveBeenCalledWith('fencealarm', '356938035643801', samplePrices.FencealarmYear.Id, { silent: true });
  expect(api.update.mock.calls[0][2]).toEqual(expect.objectContaining({ VoltageAlarm: { Enabled: true, AlarmLevel: 4000 } }));
  expect(api.update.mock.calls[0][2]).not.toHaveProperty('PriceId');
});
