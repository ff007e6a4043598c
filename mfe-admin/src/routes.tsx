// The admin pages that take a route parameter, behind the route guards of docs/product/errors.md: without their id,
// IMEI or IMSI they show 'missing ctx.data.…' instead of calling the server.
import { keyParamOf, type ProductId } from '@paddock/shared/domain';
import { WithParam } from './common/AdminProblem';
import { adminProductPath } from './devices/adminPaths';
import { AddTrial } from './devices/AddTrial';
import { DevicePage } from './devices/DevicePage';
import { Fota } from './devices/Fota';
import { CampaignPage } from './firmware/CampaignPage';
import { CAMPAIGNS_PATH } from './firmware/FirmwareCampaigns';
import { UserEmail } from './users/UserEmail';
import { UserPage } from './users/UserPage';

export function UserRoute() {
  return (
    <WithParam name="id" back="/admin/user">
      {(id) => <UserPage key={id} id={id} />}
    </WithParam>
  );
}

export function UserEmailRoute() {
  return (
    <WithParam name="id" back="/admin/user">
      {(id) => <UserEmail key={id} id={id} />}
    </WithParam>
  );
}

const DEVICE_PAGES = { device: DevicePage, 'add-trial': AddTrial, fota: Fota } as const;

/** /admin/{product}/{imsi|imei}[/add-trial|/fota]. */
export function AdminDeviceRoute({ product, page }: { product: ProductId; page: keyof typeof DEVICE_PAGES }) {
  const Page = DEVICE_PAGES[page];
  return (
    <WithParam name={keyParamOf(product)} back={adminProductPath(product)}>
      {(key) => <Page key={`${product}/${key}`} product={product} deviceKey={key} />}
    </WithParam>
  );
}

/** /admin/firmware-campaigns/{id}. */
export function FirmwareCampaignRoute() {
  return (
    <WithParam name="id" back={CAMPAIGNS_PATH}>
      {(id) => <CampaignPage key={id} id={id} />}
    </WithParam>
  );
}
