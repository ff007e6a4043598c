// The dashboard's device list, asked for while the device section loads (docs/architecture/README.md#js-before-the-first-page):
// the dashboard's first poll takes this reply (RequestOptions.ahead in @paddock/shared/api/client) instead of asking
// only once its code has arrived and rendered, one round trip later.
import { usersApi } from '@paddock/shared/api';
import { dashboardPath } from '@paddock/shared/domain';
import { activeUserAtom, paddockStore } from '@paddock/shared/session';

/** Asks for the list when the page load shows the dashboard (`landingPathname`, after redirects) to a signed-in user. */
export function askForDeviceListAhead(landingPathname: string, store = paddockStore): boolean {
  const user = store.get(activeUserAtom);
  if (landingPathname !== dashboardPath() || !user) return false;
  void usersApi.devices(user.Id, { ahead: true });
  return true;
}
