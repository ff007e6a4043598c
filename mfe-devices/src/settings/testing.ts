// Test helpers for the settings pages: the device calls mocked, the page opened through the route as the shell does.
import { screen } from '@testing-library/react';
import { ApiError, billingApi, devicesApi, transfersApi } from '@paddock/shared/api';
import type { AlarmChannels, Device, DeviceChangeLog, DeviceList, PriceCatalogue } from '@paddock/shared/contract';
import { metadataDraftOf, metadataUpdateOf, type ProductId } from '@paddock/shared/domain';
import { samplePrices } from '@paddock/shared/testing/fixtures';
import { deviceList, renderDevices } from '../common/testing';
import { DEVICE_PRODUCTS } from '../products';

export interface SettingsApiOptions {
  /** The user's device list (for the tag chips); an empty list by default. */
  list?: DeviceList;
  /** What PATCH answers: a device, or an error to reject with; the device itself by default. */
  update?: Device | ApiError;
  /** The signed-in user's alarm channels for the device; e-mail only by default (a shared user's start). */
  channels?: AlarmChannels;
  /** What GET /prices answers: a catalogue, or an error to reject with; `samplePrices` by default. */
  prices?: PriceCatalogue | ApiError;
  /** The owner's change log (GET /{collection}/{key}/changes): a log, or an error to reject with; empty by default. */
  changes?: DeviceChangeLog | ApiError;
}

/** Spies on the device and price calls a settings page makes (and the dashboard's poll after it); GET answers `device`. */
export function mockSettingsApi(device: Device, options: SettingsApiOptions = {}) {
  const get = jest.spyOn(devicesApi, 'get').mockResolvedValue(device as never);
  const list = jest.spyOn(devicesApi, 'list').mockResolvedValue(options.list ?? deviceList());
  const update = jest.spyOn(devicesApi, 'update');
  if (options.update instanceof ApiError) update.mockRejectedValue(options.update);
  else update.mockResolvedValue((options.update ?? device) as never);
  const unregister = jest.spyOn(devicesApi, 'unregister').mockResolvedValue(undefined);
  // Save, Back and Unregister lead to the dashboard, which polls the list.
  const poll = jest.spyOn(devicesApi, 'poll').mockResolvedValue({ list: null, etag: null });
  const alarmChannels = jest
    .spyOn(devicesApi, 'alarmChannels')
    .mockResolvedValue(options.channels ?? { Email: true, Sms: false, Push: false });
  const setAlarmChannels = jest.spyOn(devicesApi, 'setAlarmChannels').mockImplementation(async (_product, _key, body) => body);
  const prices = jest.spyOn(billingApi, 'prices');
  if (options.prices instanceof ApiError) prices.mockRejectedValue(options.prices);
  else prices.mockResolvedValue(options.prices ?? samplePrices);
  // The owner's open transfer offers (none), which the page's "Offer to another farmer" looks up.
  const transfers = jest.spyOn(transfersApi, 'list').mockResolvedValue({ Incoming: [], Outgoing: [] });
  const changes = jest.spyOn(devicesApi, 'changes');
  if (options.changes instanceof ApiError) changes.mockRejectedValue(options.changes);
  else changes.mockResolvedValue(options.changes ?? []);
  return { get, list, update, unregister, poll, alarmChannels, setAlarmChannels, prices, transfers, changes };
}

/** Renders `path` and waits for the page whose h1 is `title`. */
/** The settings route and every product's page (lazy in the app), loaded once per test file. */
let settingsPages: Promise<unknown> | null = null;

export async function openSettings(path: string, title: string, options: Parameters<typeof renderDevices>[1] = {}) {
  // Loaded before the render, so the wait below is for the page, not for its modules compiling on a busy machine.
  settingsPages ??= Promise.all([import('./SettingsRoute'), ...Object.keys(DEVICE_PRODUCTS).map((id) => import(`../products/${id}/Settings`))]);
  await settingsPages;
  const rendered = renderDevices(path, options);
  await screen.findByRole('heading', { level: 1, name: title });
  return rendered;
}

/** The metadata the frame sends for an unchanged device (name, sharing, tags with system tags, owner). */
export function expectedMetadata(device: Device) {
  return metadataUpdateOf(device.Product as ProductId, metadataDraftOf(device.Metadata));
}
