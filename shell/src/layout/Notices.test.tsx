import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link } from 'react-router-dom';
import { connectionFailedAtom, noticesApi, toastsAtom } from '@paddock/shared/api';
import type { Notice } from '@paddock/shared/contract';
import { impersonationAtom, paddockStore, STORAGE_KEYS } from '@paddock/shared/session';
import { renderInShell, resetShellState, sampleUser, signInAs } from '../testing';
import { Notices } from './Notices';
import { NOTICES_REFRESH_MS } from './notices';

const at = '2026-11-01T10:00:00.000Z';
const notice = (id: string, texts: Partial<Notice> = {}): Notice => ({
  Id: id,
  Public: true,
  English: `Notice ${id}`,
  French: '',
  German: '',
  Swedish: '',
  CreatedAt: at,
  UpdatedAt: at,
  ...texts,
});

const region = () => screen.queryByRole('region', { name: 'Notices' });
const storedDismissed = () => JSON.parse(localStorage.getItem(STORAGE_KEYS.dismissedNotices) ?? 'null') as string[] | null;

function renderNotices(options: Parameters<typeof renderInShell>[1] = {}) {
  return renderInShell(
    <>
      <Notices />
      <Link to="/account">to account</Link>
      <Link to="/billing">to billing</Link>
    </>,
    { path: '/devices', ...options },
  );
}

beforeEach(() => {
  jest.restoreAllMocks();
  resetShellState();
});

test('signed out: nothing is asked for and nothing shows', () => {
  const list = jest.spyOn(noticesApi, 'listPublic');
  renderNotices({ path: '/sign-in' });
  expect(list).not.toHaveBeenCalled();
  expect(region()).toBeNull();
});

test('each public notice shows in the user’s language, in the background and silently', async () => {
  signInAs('user');
  const list = jest.spyOn(noticesApi, 'listPublic').mockResolvedValue([
    notice('n1', {
      English: 'Maintenance tonight',
      German: 'Wartung heute Nacht',
      French: 'Maintenance ce soir',
      Swedish: 'Underhåll i kväll',
    }),
    notice('n2', { English: 'New app version' }),
  ]);
  renderNotices({ locale: 'de-DE' });
  const notices = await screen.findByRole('region', { name: 'Hinweise' });
  expect(within(notices).getByText('Wartung heute Nacht')).toHaveAttribute('lang', 'de-DE');
  // English when the user's language has no text.
  expect(within(notices).getByText('New app version')).toHaveAttribute('lang', 'en-GB');
  expect(within(notices).getAllByRole('button', { name: 'Hinweis ausblenden' })).toHaveLength(2);
  expect(list).toHaveBeenCalledWith({ silent: true, background: true, optional: true });
});

test.each([
  ['en-GB', 'English text', 'Dismiss notice'],
  ['fr-FR', 'Texte français', 'Masquer l’avis'],
  ['sv-SE', 'Svensk text', 'Stäng meddelandet'],
] as const)('in %s', async (locale, text, dismiss) => {
  signInAs('user');
  jest
    .spyOn(noticesApi, 'listPublic')
    .mockResolvedValue([
      notice('n1', { English: 'English text', French: 'Texte français', German: 'Deutscher Text', Swedish: 'Svensk text' }),
    ]);
  renderNotices({ locale });
  expect(await screen.findByText(text)).toBeInTheDocument();
  expect(screen.getByRole('button', { name: dismiss })).toBeInTheDocument();
});

test('a text is shown as text, never as HTML', async () => {
  signInAs('user');
  const text = 'Read <b>this</b> <script>window.noticeRan = true</script><img src=x onerror="window.noticeRan = true">';
  jest.spyOn(noticesApi, 'listPublic').mockResolvedValue([notice('n1', { English: text })]);
  renderNotices();
  const shown = await screen.findByText(text);
  expect(shown.textContent).toBe(text);
  expect(shown.querySelector('b, script, img')).toBeNull();
  expect((window as unknown as { noticeRan?: boolean }).noticeRan).toBeUndefined();
});

test('a dismissed notice stays away after a remount (localStorage); the others still show', async () => {
  const user = userEvent.setup();
  signInAs('user');
  jest.spyOn(noticesApi, 'listPublic').mockResolvedValue([notice('n1'), notice('n2')]);
  const first = renderNotices();
  await screen.findByText('Notice n1');
  await user.click(
    within(screen.getByText('Notice n1').closest('.pd-notice') as HTMLElement).getByRole('button', { name: 'Dismiss notice' }),
  );
  expect(screen.queryByText('Notice n1')).toBeNull();
  expect(storedDismissed()).toEqual(['n1']);
  first.unmount();

  renderNotices();
  expect(await screen.findByText('Notice n2')).toBeInTheDocument();
  expect(screen.queryByText('Notice n1')).toBeNull();
  await user.click(screen.getByRole('button', { name: 'Dismiss notice' }));
  expect(region()).toBeNull();
  expect(storedDismissed()).toEqual(['n1', 'n2']);
});

test('after a fetch, dismissed ids of notices no longer public are pruned', async () => {
  localStorage.setItem(STORAGE_KEYS.dismissedNotices, JSON.stringify(['gone', 'n1', 'withdrawn']));
  signInAs('user');
  jest.spyOn(noticesApi, 'listPublic').mockResolvedValue([notice('n1'), notice('n2')]);
  renderNotices();
  expect(await screen.findByText('Notice n2')).toBeInTheDocument();
  expect(screen.queryByText('Notice n1')).toBeNull();
  expect(storedDismissed()).toEqual(['n1']);
});

test('a stored value that is not a list of ids is ignored', async () => {
  localStorage.setItem(STORAGE_KEYS.dismissedNotices, '{"n1":true}');
  signInAs('user');
  jest.spyOn(noticesApi, 'listPublic').mockResolvedValue([notice('n1')]);
  renderNotices();
  expect(await screen.findByText('Notice n1')).toBeInTheDocument();
});

test('a failed fetch shows nothing: no banner, no toast, no connection-failure page; the dismissed ids stay', async () => {
  localStorage.setItem(STORAGE_KEYS.dismissedNotices, JSON.stringify(['n1']));
  signInAs('user');
  const list = jest.spyOn(noticesApi, 'listPublic').mockRejectedValue(new Error('offline'));
  renderNotices();
  await waitFor(() => expect(list).toHaveBeenCalled());
  await act(async () => undefined);
  expect(region()).toBeNull();
  expect(paddockStore.get(toastsAtom)).toEqual([]);
  expect(paddockStore.get(connectionFailedAtom)).toBe(false);
  expect(storedDismissed()).toEqual(['n1']);
});

test('asked again on navigation, at most every few minutes', async () => {
  const user = userEvent.setup();
  let now = Date.parse('2026-11-24T08:00:00Z');
  jest.spyOn(Date, 'now').mockImplementation(() => now);
  signInAs('user');
  const list = jest
    .spyOn(noticesApi, 'listPublic')
    .mockResolvedValueOnce([notice('n1')])
    .mockResolvedValue([notice('n1'), notice('n2')]);
  renderNotices();
  await screen.findByText('Notice n1');
  expect(list).toHaveBeenCalledTimes(1);
  now += NOTICES_REFRESH_MS - 1000;
  await user.click(screen.getByRole('link', { name: 'to account' }));
  expect(list).toHaveBeenCalledTimes(1);
  now += 2000;
  await user.click(screen.getByRole('link', { name: 'to billing' }));
  expect(await screen.findByText('Notice n2')).toBeInTheDocument();
  expect(list).toHaveBeenCalledTimes(2);
});

test('an admin impersonating sees what the customer sees', async () => {
  signInAs('admin');
  paddockStore.set(impersonationAtom, { User: sampleUser, ReturnTo: '/admin' });
  jest.spyOn(noticesApi, 'listPublic').mockResolvedValue([notice('n1')]);
  renderNotices();
  expect(await screen.findByText('Notice n1')).toBeInTheDocument();
});
