// The embed's own screens (docs/product/embedding.md), rendered without mount's shadow root: the partner's page has
// no <html data-variant> of Paddock's, so the embed's variant is the one it was mounted with.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { devicesApi } from '@paddock/shared/api';
import type { DeviceList } from '@paddock/shared/contract';
import type { BrandVariant } from '@paddock/shared/domain';
import { deviceList, fencealarm2, resetSession } from '../common/testing';
import { mockSettingsApi } from '../settings/testing';
import { EmbedRoot } from './EmbedRoot';

function serve(list: DeviceList) {
  jest.spyOn(devicesApi, 'poll').mockResolvedValue({ list, etag: '"v1"' });
}

function renderEmbed(variant: BrandVariant) {
  const user = userEvent.setup();
  render(<EmbedRoot appBase="https://paddock.example.com/" variant={variant} />);
  return { user };
}

beforeEach(() => {
  resetSession();
  jest.restoreAllMocks();
  delete document.documentElement.dataset.variant;
});

describe('a partner embed offers no FarmCam SIM', () => {
  test('neither in the empty dashboard nor in the "register a device" chooser', async () => {
    serve(deviceList());
    const { user } = renderEmbed('partner');
    expect(await screen.findByText('Register your first FenceAlarm or SmartPlug to see how it is doing here.')).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Register a device' })[1]);
    await screen.findByRole('heading', { level: 1, name: 'Register a device' });
    expect(screen.queryByRole('link', { name: 'FarmCam SIM' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'FenceAlarm' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Help with registering (opens in a new tab)' })).toHaveAttribute(
      'href',
      'https://support.partner.example/register',
    );
    // Nor its registration page, asked for by address.
    await user.click(screen.getByRole('link', { name: 'FenceAlarm' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Register FenceAlarm' })).toBeInTheDocument();
  });

  test('a default embed on the same page does', async () => {
    serve(deviceList());
    const { user } = renderEmbed('default');
    expect(await screen.findByText(/Register your first FarmCam SIM/)).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Register a device' })[1]);
    expect(await screen.findByRole('link', { name: 'FarmCam SIM' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('link', { name: 'FenceAlarm' })).toBeInTheDocument());
  });
});

describe('Back inside the embed', () => {
  const hostPopState = jest.fn();
  beforeEach(() => {
    // The partner's page, with a router of its own that keeps an index in history.state (as React Router does).
    window.history.replaceState({ idx: 0 }, '', '/shop');
    window.history.pushState({ idx: 1 }, '', '/shop/my-devices');
    window.addEventListener('popstate', hostPopState);
  });
  afterEach(() => {
    window.removeEventListener('popstate', hostPopState);
    hostPopState.mockReset();
    window.history.replaceState(null, '', '/');
  });

  test('goes through the embed’s own history, never the page’s, even with unsaved changes', async () => {
    const device = fencealarm2('East fence');
    mockSettingsApi(device);
    serve(deviceList({ Fencealarm2s: [device] }));
    const { user } = renderEmbed('partner');
    await user.click(await screen.findByRole('link', { name: 'Settings' }));
    await screen.findByRole('heading', { level: 1, name: 'FenceAlarm2 East fence' });
    await user.type(screen.getByLabelText('Device name'), ' 2');
    await screen.findByText('Unsaved changes');
    const moves = (['back', 'forward', 'go', 'pushState', 'replaceState'] as const).map((name) => jest.spyOn(window.history, name));

    // The page's own Back (the browser's, as it moves the page's entry) belongs to the page: its router hears it,
    // and the embed does not undo it.
    History.prototype.replaceState.call(window.history, { idx: 0 }, '', '/shop');
    window.dispatchEvent(new PopStateEvent('popstate', { state: { idx: 0 } }));
    expect(hostPopState).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog', { name: 'Leave without saving?' })).not.toBeInTheDocument();

    // The embed's back arrow asks, then goes back to the embed's dashboard.
    await user.click(screen.getAllByRole('button', { name: 'Back' })[0]);
    await user.click(
      within(screen.getByRole('dialog', { name: 'Leave without saving?' })).getByRole('button', { name: 'Discard changes' }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Devices' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Settings' }));
    await screen.findByRole('heading', { level: 1, name: 'FenceAlarm2 East fence' });
    await user.click(screen.getAllByRole('button', { name: 'Back' })[0]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Devices' })).toBeInTheDocument();

    for (const move of moves) expect(move).not.toHaveBeenCalled();
    expect(window.location.pathname).toBe('/shop');
  });
});
