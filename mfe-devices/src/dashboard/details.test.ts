import { createIntl } from 'react-intl';
import { mergeCatalogs } from '@paddock/shared/i18n';
import { deviceList, farmcamSim, fencealarm, fencealarm2, smartplug, smartplug2 } from '../common/testing';
import { detailLines } from './details';
import { dashboardTexts } from './messages';
import { replaceDevice, reuseUnchanged } from './reconcile';

const now = new Date('2026-11-22T12:00:00Z');
const intlFor = (locale: 'en-GB' | 'de-DE') => createIntl({ locale, timeZone: 'UTC', messages: mergeCatalogs([dashboardTexts], locale) });
const en = intlFor('en-GB');
const lines = (device: Parameters<typeof detailLines>[0], intl = en) =>
  Object.fromEntries(detailLines(device, intl, now).map((l) => [l.id, `${l.label}: ${l.value}${l.primary ? ' (primary)' : ''}`]));

test('FarmCam SIM: remaining data (primary) and the subscription line', () => {
  expect(lines(farmcamSim('Cam', { RemainingData: 2_500_000_000 }))).toEqual({
    remainingData: 'Data left: 2.5 GB (primary)',
    subscription: 'Subscription: Renews 1 Jan 2099',
  });
  expect(
    lines(
      farmcamSim('Cam', {
        RemainingData: 12_345_678,
        Subscription: { Trialing: true, ExpiresAt: '2026-12-01T00:00:00Z', PriceIds: { Current: '', Next: '' } },
      }),
    ),
  ).toEqual({
    remainingData: 'Data left: 12 MB (primary)',
    subscription: 'Subscription: Trial · Ends 1 Dec 2026',
  });
  expect(
    lines(farmcamSim('Cam', { Subscription: { Trialing: false, ExpiresAt: '2026-01-01T00:00:00Z', PriceIds: { Current: '', Next: '' } } }))
      .subscription,
  ).toBe('Subscription: Ended 1 Jan 2026');
});

test('FarmCam SIM with the catalogue: the plan size, or None once expired', () => {
  const prices = { FarmcamSimSmall: { Id: 'price_s', Name: 'FarmCam SIM Small 1 GB', Sek: 4900, Eur: 490 } };
  const withPrices = (subscription: { Trialing: boolean; ExpiresAt: string; PriceIds: { Current: string; Next: string } }) =>
    detailLines(farmcamSim('Cam', { Subscription: subscription }), en, now, prices).find((l) => l.id === 'subscription')?.value;
  expect(withPrices({ Trialing: false, ExpiresAt: '2026-12-01T00:00:00Z', PriceIds: { Current: 'price_s', Next: 'price_s' } })).toBe(
    '1 GB · Renews 1 Dec 2026',
  );
  expect(withPrices({ Trialing: false, ExpiresAt: '2026-01-01T00:00:00Z', PriceIds: { Current: '', Next: '' } })).toBe(
    'None · Ended 1 Jan 2026',
  );
  expect(withPrices({ Trialing: true, ExpiresAt: '2026-12-01T00:00:00Z', PriceIds: { Current: '', Next: 'price_s' } })).toBe(
    'Trial · Renews 1 Dec 2026',
  );
  // A SIM price whose name carries no size names no plan rather than breaking the card.
  const broken = { FarmcamSimSmall: { Id: 'price_s', Name: 'FarmCam SIM Small', Sek: 4900, Eur: 490 } };
  const device = farmcamSim('Cam', {
    Subscription: { Trialing: false, ExpiresAt: '2026-12-01T00:00:00Z', PriceIds: { Current: 'price_s', Next: '' } },
  });
  expect(detailLines(device, en, now, broken).find((l) => l.id === 'subscription')?.value).toBe('Ends 1 Dec 2026');
});

test('FenceAlarm: last-report voltage, battery, signal and last reading; dashes before the first report', () => {
  expect(lines(fencealarm('Fence'))).toEqual({
    voltage: 'Voltage: 6,200 V (primary)',
    battery: 'Battery: 12.4 V',
    signal: 'Signal: -71 dBm',
    lastReading: 'Last reading: 22 Nov, 10:15',
  });
  expect(lines(fencealarm('Fence', { LastReport: null }))).toEqual({
    voltage: 'Voltage: – (primary)',
    battery: 'Battery: –',
    signal: 'Signal: –',
    lastReading: 'Last reading: Not yet',
  });
});

test('FenceAlarm2: voltage and last reading', () => {
  expect(lines(fencealarm2('Fence'))).toEqual({ voltage: 'Voltage: 7,100 V (primary)', lastReading: 'Last reading: 22 Nov, 10:15' });
});

test('FenceAlarm2: "Updating firmware" with its progress while an update runs (docs/product/firmware-campaigns.md)', () => {
  const Pending = {
    Url: 'https://fw.example.com/a.bin',
    Checksum: 'ab'.repeat(32),
    RequestedAt: now.toISOString(),
    Status: 'downloading' as const,
    Progress: 49.6,
  };
  expect(lines(fencealarm2('Fence', { Firmware: { Version: '1.4.2', Pending } })).firmware).toBe('Firmware: Updating firmware (50 %)');
  expect(lines(fencealarm2('Fence', { Firmware: { Version: '2.0.0', Pending: null } })).firmware).toBeUndefined();
});

test('SmartPlug: load, consumption, temperature (dash below −20), signal, last reading', () => {
  expect(lines(smartplug('Plug'))).toEqual({
    load: 'Load: 1,234.5 W (primary)',
    consumption: 'Consumption: 56,789 Wh',
    temperature: 'Temperature: 21.5°C',
    signal: 'Signal: 80%',
    lastReading: 'Last reading: 22 Nov, 10:15',
  });
  expect(lines(smartplug('Plug', { Temperature: -21 })).temperature).toBe('Temperature: –');
  expect(lines(smartplug('Plug', { Temperature: -20 })).temperature).toBe('Temperature: -20°C');
});

test('SmartPlug2: load, consumption, signal, last reading; German formats', () => {
  expect(lines(smartplug2('Plug'))).toEqual({
    load: 'Load: 15 W (primary)',
    consumption: 'Consumption: 120 Wh',
    signal: 'Signal: 55%',
    lastReading: 'Last reading: 22 Nov, 10:15',
  });
  expect(lines(smartplug2('Plug', { Consumption: 12345 }), intlFor('de-DE')).consumption).toBe('Verbrauch: 12.345 Wh');
  // One name for the time of the last values, on every product's card (whatever the API calls the field).
  expect(lines(smartplug2('Plug'), intlFor('de-DE')).lastReading).toMatch(/^Letzter Messwert: /);
});

test('a new poll keeps the objects of unchanged devices (memoized cards stay put)', () => {
  const a = fencealarm('A');
  const b = smartplug('B');
  const first = deviceList({ Fencealarms: [a], Smartplugs: [b] });
  const same = reuseUnchanged(first, structuredClone(first));
  expect(same).toBe(first);
  const changed = reuseUnchanged(first, deviceList({ Fencealarms: [structuredClone(a)], Smartplugs: [{ ...b, Load: 1 }] }));
  expect(changed.Fencealarms).toBe(first.Fencealarms);
  expect(changed.Smartplugs[0]).not.toBe(b);
  expect(changed.Smartplugs[0].Load).toBe(1);
  const replaced = replaceDevice(first, { ...b, PowerEnabled: false });
  expect(replaced.Smartplugs[0].PowerEnabled).toBe(false);
  expect(replaced.Fencealarms).toBe(first.Fencealarms);
});
