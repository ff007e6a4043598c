import { screen, waitFor, within } from '@testing-library/react';
import { currentLocation, fencealarm2, resetSession } from '../../common/testing';
import { expectedMetadata, mockSettingsApi, openSettings } from '../../settings/testing';

const IMEI = '356938035643802';
const PATH = `/fencealarm2/${IMEI}`;
const lapsed = { Trialing: false, ExpiresAt: '2020-01-01T00:00:00.000Z', PriceIds: { Current: '', Next: '' } };

beforeEach(() => {
  resetSession();
  jest.restoreAllMocks();
});

const thresholdSelect = () => screen.getByLabelText('Alarm when the fence voltage falls below') as HTMLSelectElement;

test('shows the threshold, labelled as approximate thousands', async () => {
  mockSettingsApi(fencealarm2('East fence'));
  await openSettings(PATH, 'FenceAlarm2 East fence');
  expect(screen.getByText(`IMEI: ${IMEI}`)).toBeInTheDocument();
  expect(thresholdSelect()).toHaveValue('3057');
  const options = within(thresholdSelect()).getAllByRole('option') as HTMLOptionElement[];
  expect(options.map((o) => o.textContent)).toEqual(['Off', '≈2,000 V', '≈3,000 V', '≈4,000 V', '≈5,000 V', '≈6,000 V', '≈7,000 V', '≈8,000 V']);
  expect(options.map((o) => o.value)).toEqual(['off', '1943', '3057', '3943', '5010', '5924', '6941', '7928']);
});

test('Save nests metadata under Metadata (docs/product/api.md) and returns to the dashboard', async () => {
  const device = fencealarm2('East fence');
  const api = mockSettingsApi(device);
  const { user } = await openSettings(PATH, 'FenceAlarm2 East fence');
  await user.selectOptions(thresholdSelect(), '≈5,000 V');
  await user.clear(screen.getByLabelText('Device name'));
  await user.type(screen.getByLabelText('Device name'), ' East fence 2 ');
  await user.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(currentLocation()).toBe(`/devices?id=${IMEI}`));
  expect(api.update).toHaveBeenCalledTimes(1);
  expect(api.update).toHaveBeenCalledWith('fencealarm2', IMEI, {
    VoltageAlarm: { Enabled: true, Threshold: 5010 },
    Metadata: {
      Name: 'East fence 2',
      Access: ['greta@example.com'],
      Notify: [],
      Tags: ['FenceAlarm2', 'greta@example.com'],
      Owner: 'greta@example.com',
    },
  }, { silent: true });
});

test('Off keeps the threshold and switches the alarm off', async () => {
  const api = mockSettingsApi(fencealarm2('East fence'));
  const { user } = await openSettings(PATH, 'FenceAlarm2 East fence');
  await user.selectOptions(thresholdSelect(), 'Off');
  await user.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(api.update).toHaveBeenCalled());
  expect(api.update.mock.calls[0][2]).toMatchObject({ VoltageAlarm: { Enabled: false, Threshold: 3057 } });
});

test('without an active subscription the select is disabled, shows Off and only metadata is sent', async () => {
  const device = fencealarm2('East fence', { Subscription: lapsed });
  const api = mockSettingsApi(device);
  const { user } = await openSettings(PATH, 'FenceAlarm2 East fence');
  expect(thresholdSelect()).toBeDisabled();
  expect(thresholdSelect()).toHaveValue('off');
  expect(screen.getByText('Alarms are off while the device has no active subscription.')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(api.update).toHaveBeenCalled());
  expect(api.update.mock.calls[0][2]).toEqual({ Metadata: expectedMetadata(device) });
});

// docs/product/billing.md "A declined renewal": the alarms keep working while the renewal is retried, so the page shows
// the alarm as the server has it, and says the payment failed with the way to update the card.
test('a declined renewal being retried keeps the alarm select as set and says "Payment failed — update your card"', async () => {
  const retrying = { Trialing: true, ExpiresAt: '2026-01-01T00:00:00.000Z', PriceIds: { Current: '', Next: 'price_fa2_month' } };
  const device = fencealarm2('East fence', {
    Subscription: retrying,
    Renewal: { PaymentFailed: true, RetryAt: '2099-01-01T06:00:00.000Z' },
    VoltageAlarm: { Enabled: true, Triggered: false, Threshold: 3057 },
  });
  mockSettingsApi(device);
  await openSettings(PATH, 'FenceAlarm2 East fence');
  expect(thresholdSelect()).toBeEnabled();
  expect(thresholdSelect()).not.toHaveValue('off');
  expect(screen.queryByText('Alarms are off while the device has no active subscription.')).not.toBeInTheDocument();
  const failed = screen.getByTestId('payment-failed');
  expect(within(failed).getByRole('link', { name: 'Payment failed — update your card' })).toHaveAttribute('href', '/billing');
  expect(failed).toHaveTextContent('Alarms keep working. Next try 1 January');
});

test('a trial counts as active', async () => {
  mockSettingsApi(fencealarm2('East fence', { Subscription: { Trialing: true, ExpiresAt: '2099-01-01T00:00:00.000Z', PriceIds: { Current: '', Next: '' } } }));
  await openSettings(PATH, 'FenceAlarm2 East fence');
  expect(thresholdSelect()).toBeEnabled();
  expect(screen.getByTestId('subscription-line')).toHaveTextContent('Trial · Ends 1 January 2099');
});
