// /admin/stats (docs/product/admin.md Fleet statistics): tiles, tables and two charts, echarts loaded with the page.
import { createElement } from 'react';
import { screen, within } from '@testing-library/react';
import { adminApi } from '@paddock/shared/api';
import type { FleetStats } from '@paddock/shared/contract';
import { apiError, resetSession, sampleAdmin, signInAs } from '@paddock/shared/testing/fixtures';
import { renderRemote } from '@paddock/shared/testing/renderRemote';
import App from '../App';
import type { StatsChartOption } from './statsCharts';
import { channelTotals, hourLabel, notificationsOption, readingsOption } from './statsCharts';

// echarts draws on a canvas jsdom does not have: the wrapper is replaced by a probe that shows what it was given.
jest.mock('@paddock/shared/charts', () => ({
  useChartTheme: () => ({ series: ['#1d5f3a', '#8a5a00', '#1f4e8c'], text: '#18201a', muted: '#4a544c', grid: '#8a948c', surface: '#ffffff' }),
  EChart: ({ option, label }: { option: StatsChartOption; label: string }) =>
    createElement('div', { role: 'img', 'aria-label': label, 'data-series': option.series.map((s) => s.name).join(',') }),
}));

const stats: FleetStats = {
  At: '2026-11-24T03:00:00.000Z',
  Users: { Total: 1234, Verified: 1200, Active30Days: 800 },
  Devices: [
    { Product: 'fencealarm', Inventory: 10, Registered: 90, Online: 85, Offline: 5 },
    { Product: 'smartplug', Inventory: 3, Registered: 40, Online: 39, Offline: 1 },
  ],
  AlarmsNow: [{ Kind: 'fence_voltage', Count: 4 }],
  Subscriptions: [{ Product: 'fencealarm', Active: 70, Trial: 15, Ended: 5 }],
  ReadingsPerHour: [
    { Hour: '2026-11-24T01:00:00.000Z', Count: 100 },
    { Hour: '2026-11-24T02:00:00.000Z', Count: 250 },
  ],
  NotificationsPerDay: [
    { Day: '2026-11-23', Channel: 'email', Count: 3 },
    { Day: '2026-11-23', Channel: 'sms', Count: 2 },
    { Day: '2026-11-24', Channel: 'email', Count: 1 },
  ],
  SmsSold: { Bundles: 5, Messages: 500 },
};

beforeEach(() => {
  resetSession();
  signInAs(sampleAdmin);
});
afterEach(() => jest.restoreAllMocks());

test('shows the figures: user tiles, device, subscription and alarm tables, and both charts', async () => {
  jest.spyOn(adminApi, 'stats').mockResolvedValue(stats);
  renderRemote(App, '/admin/stats');
  expect(await screen.findByRole('heading', { level: 1, name: 'Fleet statistics' })).toBeInTheDocument();
  expect(await screen.findByText('1,234')).toBeInTheDocument();
  expect(screen.getByText('Active in the last 30 days').nextSibling).toHaveTextContent('800');
  const devices = screen.getByRole('table', { name: 'Devices per product' });
  expect(within(devices).getAllByRole('row')[1]).toHaveTextContent(/FenceAlarm.*10.*90.*85.*5/);
  expect(within(screen.getByRole('table', { name: 'Subscriptions per product' })).getAllByRole('row')[1]).toHaveTextContent(
    /FenceAlarm.*70.*15.*5/,
  );
  expect(within(screen.getByRole('table', { name: 'Alarms now' })).getAllByRole('row')[1]).toHaveTextContent('Fence voltage low4');
  expect(screen.getByRole('img', { name: '350 readings in 7 days, at most 250 in one hour.' })).toHaveAttribute('data-series', 'Readings');
  expect(screen.getByRole('img', { name: 'Sent in 30 days: E-mail 4, SMS 2.' })).toHaveAttribute('data-series', 'E-mail,SMS,Push');
});

test('a failure says why, and Try again loads them', async () => {
  const load = jest
    .spyOn(adminApi, 'stats')
    .mockRejectedValueOnce(apiError(403, 'forbidden', 'Admins only'))
    .mockResolvedValue(stats);
  const { user } = renderRemote(App, '/admin/stats');
  expect(await screen.findByRole('alert')).toHaveTextContent('This could not be loaded: Admins only');
  await user.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByText('1,234')).toBeInTheDocument();
  expect(load).toHaveBeenCalledTimes(2);
});

describe('chart options', () => {
  const theme = { series: ['#010101', '#020202', '#030303'], text: '#000', muted: '#111', grid: '#222', surface: '#fff' };

  test('readings per hour: a time series of [epoch ms, count]', () => {
    const option = readingsOption(stats.ReadingsPerHour, 'Readings', theme, 'en-GB');
    expect(option.series[0].data).toEqual([
      [Date.parse('2026-11-24T01:00:00.000Z'), 100],
      [Date.parse('2026-11-24T02:00:00.000Z'), 250],
    ]);
    expect(option.color).toEqual(theme.series);
  });

  test('notifications: one stacked bar series per channel, a missing day counted 0', () => {
    const option = notificationsOption(
      stats.NotificationsPerDay,
      (c) => c.toUpperCase(),
      (d) => d.slice(5),
      theme,
      'en-GB',
    );
    expect(option.xAxis.data).toEqual(['11-23', '11-24']);
    expect(option.series.map((s) => [s.name, s.data])).toEqual([
      ['EMAIL', [3, 1]],
      ['SMS', [2, 0]],
      ['PUSH', [0, 0]],
    ]);
    expect(option.series.every((s) => s.stack === 'total')).toBe(true);
    expect([...channelTotals(stats.NotificationsPerDay)]).toEqual([
      ['email', 4],
      ['sms', 2],
    ]);
  });

  test('axis labels never overlap and are in the page’s language', () => {
    const readings = readingsOption(stats.ReadingsPerHour, 'Lesungen', theme, 'de-DE');
    const notifications = notificationsOption(stats.NotificationsPerDay, String, String, theme, 'de-DE');
    for (const axis of [readings.xAxis, readings.yAxis, notifications.xAxis, notifications.yAxis]) expect(axis.axisLabel.hideOverlap).toBe(true);
    expect(readings.xAxis.minInterval).toBe(3_600_000);
    const label = readings.xAxis.axisLabel as { formatter: (value: number) => string };
    expect(label.formatter(new Date(2026, 10, 24, 14).getTime())).toBe('14:00');
    expect(label.formatter(new Date(2026, 10, 24).getTime())).toBe('24. Nov.');
    expect(hourLabel(new Date(2026, 10, 24).getTime(), 'en-GB')).toBe('24 Nov');
    expect((notifications.yAxis.axisLabel as { formatter: (value: number) => string }).formatter(1234)).toBe('1.234');
  });
});
