import type { DeviceList } from '../products';
import { dashboardTags, matchesTagFilter } from './dashboard';

const withTags = (Tags: string[]) => ({ Metadata: { Name: 'x', Tags, OwnerEmail: '', Access: [], Notify: [], Owner: '' } });

test('filter chips: user tags of every device, system tags hidden, once, sorted', () => {
  const list = {
    FarmcamSims: [withTags(['FarmCam SIM', 'greta@example.com', 'North'])],
    Fencealarms: [withTags(['FenceAlarm', 'barn', 'North'])],
    Fencealarm2s: [],
    Smartplugs: [withTags(['SmartPlug', 'Barn 2'])],
    Smartplug2s: [withTags(['SmartPlug2'])],
  } as unknown as DeviceList;
  expect(dashboardTags(list, 'en-GB')).toEqual(['barn', 'Barn 2', 'North']);
});

test('no chip: everything; chips: devices carrying any chosen tag', () => {
  expect(matchesTagFilter(withTags([]), [])).toBe(true);
  expect(matchesTagFilter(withTags(['North']), ['North', 'South'])).toBe(true);
  expect(matchesTagFilter(withTags(['East']), ['North'])).toBe(false);
});

test('docs/product/limits.md: refresh every 5000 ms', async () => {
  const { DEVICE_LIST_REFRESH_MS } = await import('./dashboard');
  expect(DEVICE_LIST_REFRESH_MS).toBe(5000);
});
