import { render, screen } from '@testing-library/react';
import { Provider } from 'jotai';
import { MemoryRouter } from 'react-router-dom';
import type { Locale } from '@paddock/shared/domain';
import { LocaleProvider } from '@paddock/shared/i18n';
import { localeAtom, paddockStore } from '@paddock/shared/session';
import App from './App';

function renderBilling(path: string, locale: Locale = 'en-GB') {
  paddockStore.set(localeAtom, locale);
  return render(
    <Provider store={paddockStore}>
      <MemoryRouter initialEntries={[path]}>
        <LocaleProvider>
          <App />
        </LocaleProvider>
      </MemoryRouter>
    </Provider>,
  );
}

test('/warranties', () => {
  renderBilling('/warranties');
  expect(screen.getByRole('heading', { level: 1, name: 'Warranties' })).toBeInTheDocument();
});

test('/billing and below', () => {
  renderBilling('/billing/invoices', 'fr-FR');
  expect(screen.getByRole('heading', { level: 1, name: 'Facturation' })).toBeInTheDocument();
});
