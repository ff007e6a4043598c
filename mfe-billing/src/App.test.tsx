import { screen } from '@testing-library/react';
import { renderRemote } from '@paddock/shared/testing/renderRemote';
import App from './App';

test('/warranties', () => {
  renderRemote(App, '/warranties');
  expect(screen.getByRole('heading', { level: 1, name: 'Warranties' })).toBeInTheDocument();
});

test('/billing and below', () => {
  renderRemote(App, '/billing/invoices', { locale: 'fr-FR' });
  expect(screen.getByRole('heading', { level: 1, name: 'Facturation' })).toBeInTheDocument();
});
