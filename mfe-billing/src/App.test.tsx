import { screen } from '@testing-library/react';
import { warrantiesApi } from '@paddock/shared/api';
import { resetSession, sampleUser, signInAs } from '@paddock/shared/testing/fixtures';
import { renderRemote } from '@paddock/shared/testing/renderRemote';
import App from './App';

test('/warranties', async () => {
  resetSession();
  signInAs(sampleUser);
  jest.spyOn(warrantiesApi, 'list').mockResolvedValue([]);
  renderRemote(App, '/warranties');
  expect(screen.getByRole('heading', { level: 1, name: 'Warranties' })).toBeInTheDocument();
  expect(await screen.findByText(/You have not registered a warranty yet/)).toBeInTheDocument();
});

test('/billing', () => {
  renderRemote(App, '/billing', { locale: 'fr-FR' });
  expect(screen.getByRole('heading', { level: 1, name: 'Facturation' })).toBeInTheDocument();
});

test.each(['/billing/unknown', '/billing/invoices/2', '/warranties/unknown'])('%s is "Page not found" with a back button', (path) => {
  renderRemote(App, path);
  expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
  expect(screen.queryByRole('heading', { level: 1, name: 'Billing' })).toBeNull();
  expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
});
