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

test('/billing and below', () => {
  renderRemote(App, '/billing/invoices', { locale: 'fr-FR' });
  expect(screen.getByRole('heading', { level: 1, name: 'Facturation' })).toBeInTheDocument();
});
