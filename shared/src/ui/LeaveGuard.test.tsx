// Leaving a page with unsaved changes asks first (docs/product/screens.md Unsaved changes): links, Back, and what the
// shell's navbar does through useLeave.
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'jotai';
import { BrowserRouter, Link, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { LocaleProvider } from '../i18n';
import { localeAtom, paddockStore } from '../session';
import { unsavedChangesAtom, useLeave, useLeaveGate, useLeaveGuard } from './LeaveGuard';

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function Editor({ dirty }: { dirty: boolean }) {
  const dialog = useLeaveGuard(dirty);
  return (
    <>
      <Link to="/other">Other page</Link>
      <a href="https://example.com/" target="_blank" rel="noreferrer">
        Outside
      </a>
      {dialog}
    </>
  );
}

function Navbar({ onLanguage }: { onLanguage: () => void }) {
  const leave = useLeave();
  useLeaveGate();
  return (
    <button type="button" onClick={() => leave(onLanguage)}>
      Language
    </button>
  );
}

function Start() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => navigate('/edit')}>
      Open editor
    </button>
  );
}

function renderApp(dirty: boolean, onLanguage = jest.fn()) {
  window.history.replaceState(null, '', '/');
  const user = userEvent.setup();
  render(
    <Provider store={paddockStore}>
      <LocaleProvider>
        <BrowserRouter>
          <Navbar onLanguage={onLanguage} />
          <Routes>
            <Route path="/" element={<Start />} />
            <Route path="/edit" element={<Editor dirty={dirty} />} />
            <Route path="/other" element={<p>Other</p>} />
          </Routes>
          <Where />
        </BrowserRouter>
      </LocaleProvider>
    </Provider>,
  );
  return { user, onLanguage };
}

const where = () => screen.getByTestId('where').textContent;
const dialog = () => screen.getByRole('dialog', { name: 'Leave without saving?' });

afterEach(() => {
  paddockStore.set(unsavedChangesAtom, null);
  paddockStore.set(localeAtom, 'en-GB');
});

it('asks in the language chosen (the shared catalogue of these texts is loaded with the others)', async () => {
  paddockStore.set(localeAtom, 'de-DE');
  const { user } = renderApp(true);
  await user.click(await screen.findByRole('button', { name: 'Open editor' }));
  await user.click(screen.getByRole('link', { name: 'Other page' }));
  const asked = await screen.findByRole('dialog', { name: 'Seite ohne Speichern verlassen?' });
  expect(within(asked).getByRole('button', { name: 'Änderungen verwerfen' })).toBeInTheDocument();
});

test('nothing unsaved: links, Back and the navbar go at once', async () => {
  const { user, onLanguage } = renderApp(false);
  await user.click(screen.getByRole('button', { name: 'Open editor' }));
  await user.click(screen.getByRole('button', { name: 'Language' }));
  expect(onLanguage).toHaveBeenCalledTimes(1);
  await user.click(screen.getByRole('link', { name: 'Other page' }));
  expect(where()).toBe('/other');
  expect(paddockStore.get(unsavedChangesAtom)).toBeNull();
});

test('a link asks; staying stays, discarding follows the link', async () => {
  const { user } = renderApp(true);
  await user.click(screen.getByRole('button', { name: 'Open editor' }));
  await user.click(screen.getByRole('link', { name: 'Other page' }));
  expect(where()).toBe('/edit');
  await user.click(within(dialog()).getByRole('button', { name: 'Keep editing' }));
  expect(where()).toBe('/edit');
  await user.click(screen.getByRole('link', { name: 'Other page' }));
  await user.click(within(dialog()).getByRole('button', { name: 'Discard changes' }));
  expect(where()).toBe('/other');
  // Left: nothing is guarded any more.
  expect(paddockStore.get(unsavedChangesAtom)).toBeNull();
});

test('the navbar (language switch, sign out) asks through useLeave, and runs its action only when agreed', async () => {
  const { user, onLanguage } = renderApp(true);
  await user.click(screen.getByRole('button', { name: 'Open editor' }));
  await user.click(screen.getByRole('button', { name: 'Language' }));
  expect(onLanguage).not.toHaveBeenCalled();
  await user.click(within(dialog()).getByRole('button', { name: 'Discard changes' }));
  expect(onLanguage).toHaveBeenCalledTimes(1);
  // Agreed: the reload that follows asks nothing more.
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  expect(event.defaultPrevented).toBe(false);
});

test('the browser Back asks, and the page stays until the user agrees', async () => {
  const { user } = renderApp(true);
  await user.click(screen.getByRole('button', { name: 'Open editor' }));
  await act(async () => window.history.back());
  await waitFor(() => expect(dialog()).toBeInTheDocument());
  expect(where()).toBe('/edit');
  await waitFor(() => expect(window.location.pathname).toBe('/edit'));
  await user.click(within(dialog()).getByRole('button', { name: 'Discard changes' }));
  await waitFor(() => expect(where()).toBe('/'));
});

test('links to another site or tab are not asked about', async () => {
  const { user } = renderApp(true);
  await user.click(screen.getByRole('button', { name: 'Open editor' }));
  const outside = screen.getByRole('link', { name: 'Outside' });
  outside.addEventListener('click', (event) => event.preventDefault());
  await user.click(outside);
  expect(screen.queryByRole('dialog', { name: 'Leave without saving?' })).not.toBeInTheDocument();
});
