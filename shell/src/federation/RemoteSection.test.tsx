import { useState } from 'react';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RemoteAppProps } from '@paddock/shared/federation';
import { renderInShell, resetShellState } from '../testing';
import { IncompatibleRemoteError, RemoteLoadError } from './errors';
import { forgetRemoteSections, RemoteSection } from './RemoteSection';

// The section under test gets its App from these loaders instead of the federation runtime.
jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(), registerRemotes: jest.fn(), registerPlugins: jest.fn() }));

function Hello({ name }: RemoteAppProps) {
  return <p>hello from {name}</p>;
}

beforeEach(() => {
  resetShellState();
  forgetRemoteSections();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

test('renders the remote App once it has loaded', async () => {
  const load = jest.fn().mockResolvedValue({ default: Hello });
  renderInShell(<RemoteSection name="devices" load={load} reset={jest.fn()} />, { path: '/devices' });
  expect(screen.getByRole('status')).toHaveTextContent('Loading Devices…');
  expect(await screen.findByText('hello from devices')).toBeInTheDocument();
  expect(load).toHaveBeenCalledWith('devices');
});

test('the App shows as soon as it has loaded, not held back after the loading state as React holds Suspense content', async () => {
  let loaded!: (module: { default: typeof Hello }) => void;
  const load = jest.fn(() => new Promise<{ default: typeof Hello }>((resolve) => (loaded = resolve)));
  renderInShell(<RemoteSection name="devices" load={load} reset={jest.fn()} />, { path: '/devices' });
  expect(await screen.findByRole('status')).toHaveTextContent('Loading Devices…');
  // Outside act(), as in the browser: React's Suspense shows its content 300 ms after its fallback at the soonest.
  const since = performance.now();
  loaded({ default: Hello });
  expect(await screen.findByText('hello from devices')).toBeInTheDocument();
  expect(performance.now() - since).toBeLessThan(250);
});

test('a remote that fails to load shows the localized "section unavailable" card; Retry loads it again', async () => {
  const user = userEvent.setup();
  const load = jest
    .fn()
    .mockRejectedValueOnce(new RemoteLoadError('billing', new Error('404')))
    .mockResolvedValueOnce({ default: Hello });
  const reset = jest.fn();
  renderInShell(<RemoteSection name="billing" load={load} reset={reset} />, { path: '/warranties' });

  const card = await screen.findByRole('alert');
  expect(card).toHaveTextContent('This section is unavailable');
  expect(card).toHaveTextContent('The Billing section could not be loaded.');
  await user.click(screen.getByRole('button', { name: 'Retry' }));

  expect(reset).toHaveBeenCalledWith('billing');
  expect(await screen.findByText('hello from billing')).toBeInTheDocument();
  expect(load).toHaveBeenCalledTimes(2);
});

test('the card is in the user’s language', async () => {
  const load = jest.fn().mockRejectedValue(new RemoteLoadError('admin'));
  renderInShell(<RemoteSection name="admin" load={load} reset={jest.fn()} />, { path: '/admin', locale: 'de-DE' });
  const card = await screen.findByRole('alert');
  expect(card).toHaveTextContent('Dieser Bereich ist nicht verfügbar');
  expect(screen.getByRole('button', { name: 'Erneut versuchen' })).toBeInTheDocument();
});

test('a remote that throws while rendering is caught; Retry renders it again without reloading it', async () => {
  const user = userEvent.setup();
  let fail = true;
  function Flaky() {
    if (fail) throw new Error('boom');
    return <p>recovered</p>;
  }
  const load = jest.fn().mockResolvedValue({ default: Flaky });
  const reset = jest.fn();
  renderInShell(<RemoteSection name="devices" load={load} reset={reset} />, { path: '/devices' });

  expect(await screen.findByRole('alert')).toHaveTextContent('The Devices section could not be loaded.');
  fail = false;
  await user.click(screen.getByRole('button', { name: 'Retry' }));
  expect(await screen.findByText('recovered')).toBeInTheDocument();
  expect(reset).not.toHaveBeenCalled();
  expect(load).toHaveBeenCalledTimes(1);
});

test('one section failing leaves the rest of the page working', async () => {
  const user = userEvent.setup();
  const load = jest.fn().mockRejectedValue(new RemoteLoadError('billing'));
  function Page() {
    const [count, setCount] = useState(0);
    return (
      <>
        <button onClick={() => setCount((n) => n + 1)}>clicked {count}</button>
        <RemoteSection name="billing" load={load} reset={jest.fn()} />
      </>
    );
  }
  renderInShell(<Page />, { path: '/billing' });
  await screen.findByRole('alert');
  await user.click(screen.getByRole('button', { name: 'clicked 0' }));
  expect(screen.getByRole('button', { name: 'clicked 1' })).toBeInTheDocument();
});

test('a loaded section renders at once when the user comes back to it, and only once', async () => {
  let renders = 0;
  function Counted(props: RemoteAppProps) {
    renders += 1;
    return <Hello {...props} />;
  }
  const load = jest.fn().mockResolvedValue({ default: Counted });
  const first = renderInShell(<RemoteSection name="account" load={load} reset={jest.fn()} />, { path: '/account' });
  await screen.findByText('hello from account');
  first.unmount();
  renders = 0;
  renderInShell(<RemoteSection name="account" load={load} reset={jest.fn()} />, { path: '/account' });
  expect(screen.getByText('hello from account')).toBeInTheDocument();
  await waitFor(() => expect(load).toHaveBeenCalledTimes(1));
  await act(async () => undefined);
  expect(renders).toBe(1);
});

test('a remote that needs another composition contract shows "needs an update" with Reload, not Retry', async () => {
  const user = userEvent.setup();
  const load = jest.fn().mockRejectedValue(new IncompatibleRemoteError('devices', '2.0', '1.0'));
  const reload = jest.fn();
  renderInShell(<RemoteSection name="devices" load={load} reset={jest.fn()} reload={reload} />, { path: '/devices' });

  const card = await screen.findByRole('alert');
  expect(card).toHaveTextContent('This section needs an update');
  expect(card).toHaveTextContent('The Devices section was built for another version of Paddock.');
  expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Reload' }));
  expect(reload).toHaveBeenCalledTimes(1);
  expect(load).toHaveBeenCalledTimes(1);
});

test('the update card is in the user’s language', async () => {
  const load = jest.fn().mockRejectedValue(new IncompatibleRemoteError('billing', undefined, '1.0'));
  for (const [locale, title, button] of [
    ['de-DE', 'Dieser Bereich muss aktualisiert werden', 'Neu laden'],
    ['fr-FR', 'Cette section doit être mise à jour', 'Recharger'],
    ['sv-SE', 'Den här delen behöver uppdateras', 'Ladda om'],
  ] as const) {
    forgetRemoteSections();
    const view = renderInShell(<RemoteSection name="billing" load={load} reset={jest.fn()} reload={jest.fn()} />, { path: '/billing', locale });
    expect(await screen.findByRole('alert')).toHaveTextContent(title);
    expect(screen.getByRole('button', { name: button })).toBeInTheDocument();
    view.unmount();
  }
});
