import { act, screen } from '@testing-library/react';
import { busyCountAtom } from '@paddock/shared/api';
import { paddockStore } from '@paddock/shared/session';
import { renderInShell, resetShellState } from '../testing';
import { LoadingOverlay, OVERLAY_AUTO_HIDE_MS } from './LoadingOverlay';

beforeEach(() => {
  resetShellState();
  jest.useFakeTimers();
});
afterEach(() => jest.useRealTimers());

const overlay = () => screen.queryByTestId('loading-overlay');

test('shows while calls run and hides when they are done', () => {
  renderInShell(<LoadingOverlay />);
  expect(overlay()).toBeNull();
  act(() => paddockStore.set(busyCountAtom, 1));
  expect(overlay()).toBeInTheDocument();
  act(() => paddockStore.set(busyCountAtom, 0));
  expect(overlay()).toBeNull();
});

test('hides itself after 30 s even when calls still run (docs/product/limits.md)', () => {
  expect(OVERLAY_AUTO_HIDE_MS).toBe(30_000);
  renderInShell(<LoadingOverlay />);
  act(() => paddockStore.set(busyCountAtom, 2));
  act(() => jest.advanceTimersByTime(29_999));
  expect(overlay()).toBeInTheDocument();
  // more calls starting and ending while busy do not restart the clock
  act(() => paddockStore.set(busyCountAtom, 3));
  act(() => paddockStore.set(busyCountAtom, 1));
  act(() => jest.advanceTimersByTime(1));
  expect(overlay()).toBeNull();
  expect(paddockStore.get(busyCountAtom)).toBe(1);
});

test('a new spell of calls after the overlay hid itself shows it again', () => {
  renderInShell(<LoadingOverlay />);
  act(() => paddockStore.set(busyCountAtom, 1));
  act(() => jest.advanceTimersByTime(OVERLAY_AUTO_HIDE_MS));
  expect(overlay()).toBeNull();
  act(() => paddockStore.set(busyCountAtom, 0));
  act(() => paddockStore.set(busyCountAtom, 1));
  expect(overlay()).toBeInTheDocument();
});
