// The dashboard's energy total of the plugs the account owns (docs/product/energy.md "On the dashboard").
import { screen } from '@testing-library/react';
import { devicesApi, energyApi } from '@paddock/shared/api';
import type { DeviceList, UserEnergyTotal } from '@paddock/shared/contract';
import { browserTimeZone } from '@paddock/shared/domain';
import { deviceList, fencealarm, renderDevices, resetSession, smartplug, smartplug2, apiError } from '../common/testing';

function serve(list: DeviceList) {
  jest.spyOn(devicesApi, 'poll').mockResolvedValueOnce({ list, etag: '"v1"' }).mockResolvedValue({ list: null, etag: '"v1"' });
}

const TOTAL: UserEnergyTotal = {
  Period: 'month',
  TimeZone: 'Europe/Stockholm',
  Start: '2026-10-31T23:00:00.000Z',
  Plugs: 2,
  KWh: 12.43,
  Cost: { Amount: 3100, Currency: 'SEK' },
};
const plain = (text: string | null | undefined) => text?.replace(/\s/g, ' ');

beforeEach(() => {
  resetSession();
  jest.restoreAllMocks();
  Element.prototype.scrollIntoView = jest.fn();
});

test('“This month: 12.43 kWh · SEK 31.00” above the cards of an account with plugs, on the viewer’s clock', async () => {
  serve(deviceList({ Smartplugs: [smartplug('Pump')], Smartplug2s: [smartplug2('Heater')] }));
  const total = jest.spyOn(energyApi, 'total').mockResolvedValue(TOTAL);
  renderDevices('/devices');
  expect(plain((await screen.findByTestId('energy-total')).textContent)).toBe('This month: 12.43 kWh · SEK 31.00');
  expect(total).toHaveBeenCalledWith(
    'u1',
    { period: 'month', timeZone: browserTimeZone() },
    { silent: true, background: true, optional: true },
  );
});

test('kWh alone without a price; in Swedish', async () => {
  serve(deviceList({ Smartplugs: [smartplug('Pump')] }));
  jest.spyOn(energyApi, 'total').mockResolvedValue({ ...TOTAL, KWh: 3, Cost: null });
  renderDevices('/devices', { locale: 'sv-SE' });
  expect(plain((await screen.findByTestId('energy-total')).textContent)).toBe('Den här månaden: 3 kWh');
});

test('a failure is said, quietly, in place of the total', async () => {
  serve(deviceList({ Smartplugs: [smartplug('Pump')] }));
  jest.spyOn(energyApi, 'total').mockRejectedValue(apiError(503, 'service_unavailable', 'The service is unavailable.'));
  renderDevices('/devices');
  expect(await screen.findByText('This month’s energy could not be loaded.')).toBeInTheDocument();
});

test('no total, and no call, for an account without plugs of its own (a plug shared with it is its owner’s)', async () => {
  const shared = smartplug('Neighbour’s pump', { Metadata: { ...smartplug('x').Metadata, Owner: 'someone-else' } });
  serve(deviceList({ Smartplugs: [shared], Fencealarms: [fencealarm('North fence')] }));
  const total = jest.spyOn(energyApi, 'total').mockResolvedValue(TOTAL);
  renderDevices('/devices');
  await screen.findByRole('article', { name: 'North fence' });
  expect(screen.queryByTestId('energy-total')).not.toBeInTheDocument();
  expect(total).not.toHaveBeenCalled();
});
