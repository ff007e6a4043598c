import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'jotai';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { LocaleProvider } from '@paddock/shared/i18n';
import { localeAtom, paddockStore } from '@paddock/shared/session';
import App from './App';
import { resetSession } from '@paddock/shared/testing/fixtures';

function Where() {
  const location = useLocation();
  return <div data-testid="where" hidden>{location.pathname}</div>;
}

/** As the shell mounts a remote: below a splat route of the one router. */
function renderInShell(entries: string[]) {
  render(
    <Provider store={paddockStore}>
      <LocaleProvider>
        <MemoryRouter initialEntries={entries} initialIndex={entries.length - 1}>
          <Routes>
            <Route path="/*" element={<App name="account" />} />
          </Routes>
          <Where />
        </MemoryRouter>
      </LocaleProvider>
    </Provider>,
  );
  return userEvent.setup();
}

describe('account remote', () => {
  beforeEach(resetSession);

  test.each([
    ['/sign-in', 'Sign in'],
    ['/create-account', 'Create account'],
    ['/verify-account', 'Verify account'],
    ['/reset-password', 'Reset password'],
  ])('%s shows its page (one h1)', async (path, title) => {
    renderInShell([path]);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  test('an unknown path says "Page not found"; Back returns to where the user came from', async () => {
    const user = renderInShell(['/sign-in', '/sign-in/nowhere']);
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/sign-in'));
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
  });

  test('Back on a first visit to an unknown path goes to the start page', async () => {
    const user = renderInShell(['/nowhere']);
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/));
  });

  test('the catalogues load in every language', () => {
    paddockStore.set(localeAtom, 'sv-SE');
    renderInShell(['/nowhere']);
    expect(screen.getByRole('heading', { level: 1, name: 'Sidan hittades inte' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tillbaka' })).toBeInTheDocument();
  });
});
