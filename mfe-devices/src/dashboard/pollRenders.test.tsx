// "Only changed cards re-render" (issue 15): a poll that brings news about one device among many renders that
// device's card again and no other. Every card draws its ProductPicture on each of its renders (it is not memoized),
// so counting its calls counts card renders, with no hook in the production code.
import { act, screen, within } from '@testing-library/react';
import { billingApi, devicesApi } from '@paddock/shared/api';
import type { Device, DeviceList } from '@paddock/shared/contract';
import { samplePrices } from '@paddock/shared/testing/fixtures';
import { dashboardViewAtom, paddockStore } from '@paddock/shared/session';
import { CARDS_PER_STEP, firstCards } from './Dashboard';
import { TRENDS_REFRESH_MS } from './useTrends';
import { ProductPicture } from './ProductPicture';
import { deviceList, farmcamSim, fencealarm, fencealarm2, renderDevices, resetSession, smartplug, smartplug2 } from '../common/testing';

jest.mock('./ProductPicture', () => {
  const actual = jest.requireActual<typeof import('./ProductPicture')>('./ProductPicture');
  return { ...actual, ProductPicture: jest.fn(actual.ProductPicture) };
});
const cardRenders = ProductPicture as jest.MockedFunction<typeof ProductPicture>;

const PER_PRODUCT = 6;
const NOW = Date.now();
const imei = (product: number, n: number) => `3569380356${product}${String(n).padStart(4, '0')}`;

/** Six devices of each product (plugs with switches, SIMs with plan names), each with its own key; every call builds new objects. */
function fleet(perProduct = PER_PRODUCT): DeviceList {
  const range = Array.from({ length: perProduct }, (_, n) => n);
  return deviceList({
    FarmcamSims: range.map((n) => farmcamSim(`Camera ${n}`, { Imsi: `24007123456${String(n).padStart(4, '0')}` })),
    Fencealarms: range.map((n) => fencealarm(`Fence ${n}`, { Imei: imei(1, n) })),
    Fencealarm2s: range.map((n) => fencealarm2(`Fence two ${n}`, { Imei: imei(2, n) })),
    Smartplugs: range.map((n) => smartplug(`Plug ${n}`, { Imei: imei(3, n) })),
    Smartplug2s: range.map((n) => smartplug2(`Plug two ${n}`, { Imei: imei(4, n) })),
  });
}
const total = PER_PRODUCT * 5;

/** The trend reply: a line for every other fence, as the server sends it (new objects on every call). */
const trendReply = (to: number) => ({
  To: new Date(to).toISOString(),
  Trends: Array.from({ length: PER_PRODUCT / 2 }, (_, n) => ({
    Key: imei(1, n * 2),
    Field: 'Voltage',
    Points: [5000, 5200, 4800].map((Value, i) => ({ At: new Date(to - (3 - i) * 600_000).toISOString(), Value })),
  })),
});

/** Renders the dashboard with the fleet, prices and trend lines loaded; `polls` answer the polls after the first. */
async function dashboardWith(...polls: { list: DeviceList | null; etag: string }[]) {
  jest.useFakeTimers({ now: NOW });
  const poll = jest.spyOn(devicesApi, 'poll').mockResolvedValueOnce({ list: fleet(), etag: '"v1"' });
  for (const reply of polls) poll.mockResolvedValueOnce(reply);
  poll.mockResolvedValue({ list: null, etag: '"last"' });
  jest.spyOn(billingApi, 'prices').mockResolvedValue(samplePrices);
  const trends = jest.spyOn(devicesApi, 'trends').mockResolvedValue(trendReply(NOW));
  renderDevices('/devices', { fakeTimers: true });
  await act(async () => {});
  await act(async () => {});
  // The cards after the first screenful follow in steps (Dashboard's useShownCards).
  await act(async () => jest.advanceTimersByTime(0));
  expect(screen.getAllByRole('article')).toHaveLength(total);
  expect(screen.getAllByRole('img', { name: /^Trend of the last 6 hours/ })).toHaveLength(PER_PRODUCT / 2);
  return { poll, trends };
}

const nextPoll = () => act(async () => jest.advanceTimersByTime(5000));
const card = (name: string) => screen.getByRole('article', { name });

beforeEach(() => {
  resetSession();
  jest.restoreAllMocks();
  cardRenders.mockClear();
});

afterEach(() => {
  jest.useRealTimers();
});

test('a poll that changes one device renders that card again and no other', async () => {
  const changed = fleet();
  changed.Fencealarms[3] = {
    ...changed.Fencealarms[3],
    LastReport: { Timestamp: new Date(NOW).toISOString(), Data: { Voltage: 4100, Battery: 12, Rssi: -70 } },
  };
  const { poll } = await dashboardWith({ list: changed, etag: '"v2"' });
  cardRenders.mockClear();

  await nextPoll();
  expect(poll).toHaveBeenCalledTimes(2);
  expect(within(card('Fence 3')).getByText('4,100 V')).toBeInTheDocument();
  expect(cardRenders.mock.calls.map(([props]) => props.product)).toEqual(['fencealarm']);
});

test('a renamed device moves to its place by name, rendering only its own card', async () => {
  const renamed = fleet();
  renamed.Smartplugs[0] = { ...renamed.Smartplugs[0], Metadata: { ...renamed.Smartplugs[0].Metadata, Name: 'Plug 9' } };
  await dashboardWith({ list: renamed, etag: '"v2"' });
  cardRenders.mockClear();

  await nextPoll();
  const plugs = within(screen.getByRole('region', { name: /^SmartPlug\b(?!2)/ }));
  expect(plugs.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
    'Plug 1',
    'Plug 2',
    'Plug 3',
    'Plug 4',
    'Plug 5',
    'Plug 9',
  ]);
  expect(cardRenders.mock.calls.map(([props]) => props.product)).toEqual(['smartplug']);
});

test('a full reply with nothing changed, and a 304, render no card', async () => {
  const { poll } = await dashboardWith({ list: fleet(), etag: '"v2"' }, { list: null, etag: '"v2"' });
  cardRenders.mockClear();

  await nextPoll();
  await nextPoll();
  expect(poll).toHaveBeenCalledTimes(3);
  expect(cardRenders).not.toHaveBeenCalled();
});

test('a power switch renders only its own card', async () => {
  await dashboardWith();
  const after = (device: Device) => ({ ...device, PowerEnabled: true }) as Device;
  jest.spyOn(devicesApi, 'setPower').mockImplementation(async () => after(fleet().Smartplug2s[2]) as never);
  cardRenders.mockClear();

  await act(async () => within(card('Plug two 2')).getByRole('switch', { name: 'Power' }).click());
  expect(within(card('Plug two 2')).getByRole('switch', { name: 'Power' })).toBeChecked();
  expect(new Set(cardRenders.mock.calls.map(([props]) => props.product))).toEqual(new Set(['smartplug2']));
  // The switched card (its busy state, then the new device): never another card.
  expect(cardRenders.mock.calls.length).toBeLessThanOrEqual(3);
});

test('the trend lines read again: only the cards with a line render again', async () => {
  const { trends } = await dashboardWith();
  trends.mockResolvedValue(trendReply(NOW + TRENDS_REFRESH_MS));
  cardRenders.mockClear();

  await act(async () => jest.advanceTimersByTime(TRENDS_REFRESH_MS));
  expect(trends).toHaveBeenCalledTimes(2);
  expect(cardRenders.mock.calls.map(([props]) => props.product)).toEqual(Array(PER_PRODUCT / 2).fill('fencealarm'));
});

test('a hundred devices on a phone: the first screenful renders at once, the rest follow in steps below, no card renders twice', async () => {
  // Enough for several steps (CARDS_PER_STEP) after the first screenful, few enough for jsdom on a busy machine.
  const perProduct = 20;
  const all = perProduct * 5;
  const size = { innerWidth: window.innerWidth, innerHeight: window.innerHeight };
  Object.assign(window, { innerWidth: 360, innerHeight: 780 });
  try {
    // One column of cards at least 160 px tall each: 6 fill more than the 780 px (compact ones, 56 px: 15).
    expect(firstCards()).toBe(6);
    expect(firstCards(360, 780, 56)).toBe(15);
    // The detailed cards (a phone starts compact): those are the ones counted here.
    paddockStore.set(dashboardViewAtom, 'detailed');
    jest.useFakeTimers({ now: NOW });
    jest
      .spyOn(devicesApi, 'poll')
      .mockResolvedValueOnce({ list: fleet(perProduct), etag: '"v1"' })
      .mockResolvedValue({ list: null, etag: '"v1"' });
    jest.spyOn(billingApi, 'prices').mockResolvedValue(samplePrices);
    jest.spyOn(devicesApi, 'trends').mockResolvedValue({ To: new Date(NOW).toISOString(), Trends: [] });
    renderDevices('/devices', { fakeTimers: true });
    await act(async () => {});
    await act(async () => {});
    expect(screen.getAllByRole('article')).toHaveLength(6);
    // Every group is there with its heading and full count from the start: its width never changes.
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.lastChild?.textContent)).toEqual(Array(5).fill('20 devices'));
    // (The first cards are SIMs: they render again once the catalogue names their plans.)
    cardRenders.mockClear();

    // Counted by tag: a role query over hundreds of cards computes every card's accessible name (seconds in jsdom).
    const cards = () => document.querySelectorAll('article');
    for (let shown = 6 + CARDS_PER_STEP; shown < all + CARDS_PER_STEP; shown += CARDS_PER_STEP) {
      await act(async () => jest.advanceTimersByTime(0));
      expect(cards()).toHaveLength(Math.min(all, shown));
    }
    // In page order: the last group's last card came last.
    expect([...cards()].at(-1)).toHaveAccessibleName('Plug two 19');
    expect(cardRenders).toHaveBeenCalledTimes(all - 6);
  } finally {
    Object.assign(window, size);
  }
});

test('the price catalogue arriving renders only the cards that name a plan (the SIMs)', async () => {
  jest.useFakeTimers({ now: NOW });
  jest.spyOn(devicesApi, 'poll').mockResolvedValueOnce({ list: fleet(), etag: '"v1"' }).mockResolvedValue({ list: null, etag: '"v1"' });
  jest.spyOn(devicesApi, 'trends').mockResolvedValue(trendReply(NOW));
  let answer!: (prices: typeof samplePrices) => void;
  jest.spyOn(billingApi, 'prices').mockImplementation(() => new Promise((resolve) => (answer = resolve)));
  renderDevices('/devices', { fakeTimers: true });
  await act(async () => {});
  await act(async () => jest.advanceTimersByTime(0));
  expect(screen.getAllByRole('article')).toHaveLength(total);
  cardRenders.mockClear();

  await act(async () => answer(samplePrices));
  expect(cardRenders.mock.calls.map(([props]) => props.product)).toEqual(Array(PER_PRODUCT).fill('farmcam-sim'));
});
