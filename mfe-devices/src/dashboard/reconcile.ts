import type { Device, DeviceList } from '@paddock/shared/contract';
import { DEVICE_LIST_KEYS, deviceKey } from '@paddock/shared/domain';

/**
 * A fresh device list that keeps the previous objects of devices that did not change, so memoized cards of
 * unchanged devices do not render again when a poll brings news about one device among hundreds.
 */
export function reuseUnchanged(previous: DeviceList | null, next: DeviceList): DeviceList {
  if (!previous) return next;
  const result = { ...next };
  let same = true;
  for (const listKey of DEVICE_LIST_KEYS) {
    const before = new Map<string, { device: Device; json: string }>(
      (previous[listKey] as Device[]).map((device) => [deviceKey(device), { device, json: JSON.stringify(device) }]),
    );
    const merged = (next[listKey] as Device[]).map((device) => {
      const old = before.get(deviceKey(device));
      return old && old.json === JSON.stringify(device) ? old.device : device;
    });
    const oldList = previous[listKey] as Device[];
    if (merged.length === oldList.length && merged.every((device, i) => device === oldList[i])) {
      (result as Record<string, unknown>)[listKey] = oldList;
    } else {
      same = false;
      (result as Record<string, unknown>)[listKey] = merged;
    }
  }
  return same ? previous : result;
}

/** The list with one device replaced (after a power toggle, the call returns the device). */
export function replaceDevice(list: DeviceList, device: Device): DeviceList {
  const listKey = DEVICE_LIST_KEYS.find((k) =>
    (list[k] as Device[]).some((d) => d.Product === device.Product && deviceKey(d) === deviceKey(device)),
  );
  if (!listKey) return list;
  return { ...list, [listKey]: (list[listKey] as Device[]).map((d) => (deviceKey(d) === deviceKey(device) ? device : d)) };
}
