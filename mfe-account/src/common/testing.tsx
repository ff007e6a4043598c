// Test helper for the account screens: render the remote the way the shell hosts it (one router, the one jotai
// store, the app's IntlProvider). The session fixtures are in @paddock/shared/testing/fixtures.
import { screen } from '@testing-library/react';
import { renderRemote, type RenderRemoteOptions } from '@paddock/shared/testing/renderRemote';
import App from '../App';

/** Renders the account remote at `path`, as the shell does, once its (lazily loaded) page has shown. */
export async function renderAccount(path: string, options: RenderRemoteOptions = {}) {
  const rendered = renderRemote(App, path, options);
  await screen.findAllByRole('heading', { level: 1 });
  return rendered;
}
