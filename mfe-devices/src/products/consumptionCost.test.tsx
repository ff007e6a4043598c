// The plug cards' cost line (docs/product/screens.md, docs/product/limits.md "Energy price").
import { screen, within } from '@testing-library/react';
import { createIntl } from 'react-intl';
import { devicesApi } from '@paddock/shared/api';
import type { EnergyPrice } from '@paddock/shared/contract';
import { mergeCatalogs } from '@paddock/shared/i18n';
import { signInAs } from '@paddock/shared/testing/fixtures';
import { deviceList, renderDevices, resetSession, sampleUser, smartplug, smartplug2 } from '../common/testing';
import { detailLines } from '../dashboard/details';
import { dashboardTexts } from '../dashboard/messages';

const now = new Date('2026-11-22T12:00:00Z');
const intlFor = (locale: 'en-GB' | 'sv-SE' | 'de-DE') =>
  createIntl({ locale, timeZone: 'UTC', messages: mergeCatalogs([dashboardTexts], locale) });
const costLine = (device: Parameters<typeof detailLines>[0], price: EnergyPrice | null, locale: 'en-GB' | 'sv-SE' | 'de-DE' = 'en-GB') => {
  const line = detailLines(device, intlFor(locale), now, null, price).find((l) => l.id === 'consumptionCost');
  // Intl puts no-break spaces between amount and currency.
  return line && { ...line, value: line.value.replace(/\s/g, ' ') };
};

test('the Consumption reading (Wh since the last reset) at the user’s price per kWh, in its currency', () => {
  // 56,789 Wh × 1.2345 SEK/kWh = 70.106… SEK
  expect(costLine(smartplug('Heater', { Consumption: 56789 }), { PerKwh: 12345, Currency: 'SEK' })).toEqual({
    id: 'consumptionCost',
    label: 'Cost since reset',
    value: 'SEK 70.11',
  });
  // 120 Wh × 0.2785 EUR/kWh = 0.033 EUR
  expect(costLine(smartplug2('Pump', { Consumption: 120 }), { PerKwh: 2785, Currency: 'EUR' }, 'de-DE')).toMatchObject({
    label: 'Kosten seit Zurücksetzen',
    value: '0,03 €',
  });
  expect(costLine(smartplug('Heater', { Consumption: 56789 }), { PerKwh: 12345, Currency: 'SEK' }, 'sv-SE')?.value).toBe('70,11 kr');
});

test('a dash before the first reading; no line at all without a price', () => {
  expect(costLine(smartplug('Heater', { Consumption: null }), { PerKwh: 25000, Currency: 'SEK' })?.value).toBe('–');
  expect(costLine(smartplug('Heater'), null)).toBeUndefined();
  expect(costLine(smartplug2('Pump'), null)).toBeUndefined();
  // The line sits right after the consumption it prices.
  const ids = detailLines(smartplug2('Pump'), intlFor('en-GB'), now, null, { PerKwh: 25000, Currency: 'EUR' }).map((line) => line.id);
  expect(ids.slice(0, 3)).toEqual(['load', 'consumption', 'consumptionCost']);
});

test('the dashboard prices the plugs at the signed-in user’s energy price', async () => {
  resetSession();
  jest.restoreAllMocks();
  Element.prototype.scrollIntoView = jest.fn();
  signInAs({ ...sampleUser, EnergyPrice: { PerKwh: 25000, Currency: 'EUR' } });
  jest
    .spyOn(devicesApi, 'poll')
    .mockResolvedValueOnce({ list: deviceList({ Smartplugs: [smartplug('Heater', { Consumption: 1500 })] }), etag: '"v1"' });
  renderDevices('/devices');
  const card = await screen.findByRole('article', { name: 'Heater' });
  // 1,500 Wh × 2.50 EUR/kWh
  expect(within(card).getByText('Cost since reset').closest('[data-detail]')).toHaveTextContent('€3.75');
});
