// Dashboard rules (docs/product/screens.md /devices): the tag filter chips and which devices they let through.
import { allDevices, type Device, type DeviceList } from '../products/registry';
import { editableTags } from './tags';

/** docs/product/screens.md, docs/product/validation.md: the filter chips — every user tag of the listed devices (system tags hidden), once, sorted. */
export function dashboardTags(list: DeviceList, locale?: string): string[] {
  const tags = new Set<string>();
  for (const device of allDevices(list)) for (const tag of editableTags(device.Metadata.Tags)) tags.add(tag.trim());
  const collator = new Intl.Collator(locale, { numeric: true, sensitivity: 'base' });
  return [...tags].sort(collator.compare);
}

/** docs/product/screens.md: with no chip chosen every device shows; otherwise a device shows when it carries any chosen tag. */
export function matchesTagFilter(device: Pick<Device, 'Metadata'>, selected: readonly string[]): boolean {
  if (selected.length === 0) return true;
  const tags = device.Metadata.Tags.map((t) => t.trim());
  return selected.some((tag) => tags.includes(tag));
}

/** docs/product/limits.md: the dashboard refreshes its device list every 5000 ms while it is shown. */
export const DEVICE_LIST_REFRESH_MS = 5000;

/** docs/product/states.md (chosen): the power toggle's success tick shows for this long. */
export const POWER_SUCCESS_TICK_MS = 1500;

/** docs/product/states.md: the warnings that mean the device is not reporting (the card says Offline). */
export const OFFLINE_WARNINGS = ['offline', 'connectionLost'] as const;
