// Which devices a campaign reaches (docs/product/firmware-campaigns.md "Choosing the devices"): all registered devices
// of the product, those now running a version, those with a tag, those of one owner, or a list of keys. Devices
// still in another campaign's unfinished update are left out: two campaigns never race for one device.
import type { CampaignSelection } from '@paddock/shared/contract';
import { normalizeEmail, type ProductId } from '@paddock/shared/domain';
import { and, asc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { devices, users } from '../db/schema';
import { badRequest } from '../http/errors';

/** The field a kind of selection needs. */
const NEEDS = { version: 'Version', tag: 'Tag', owner: 'Owner', keys: 'Keys' } as const;

const inOtherCampaign = sql`EXISTS (
  SELECT 1 FROM campaign_devices cd JOIN firmware_campaigns c ON c.id = cd.campaign_id
   WHERE cd.device_key = ${devices.key} AND c.state IN ('running', 'paused') AND cd.state IN ('pending', 'sent', 'updating'))`;

/** The keys the selection names, in rollout order (by key); 400 naming the field when it is incomplete or names nothing. */
export async function resolveSelection(db: Db, product: ProductId, selection: CampaignSelection): Promise<string[]> {
  const where: SQL[] = [eq(devices.product, product)];
  if (selection.Kind !== 'all') {
    const field = NEEDS[selection.Kind];
    if (selection[field] === undefined) throw badRequest('missing_field', `Selection.${field}`, { field: `Selection.${field}` });
  }
  switch (selection.Kind) {
    case 'version':
      where.push(sql`${devices.fields}->'Firmware'->>'Version' = ${selection.Version!.trim()}`);
      break;
    case 'tag':
      where.push(sql`${devices.tags} @> ${JSON.stringify([selection.Tag!.trim()])}::jsonb`);
      break;
    case 'owner': {
      const owner = selection.Owner!.trim();
      const [user] = await db
        .select({ id: users.id })
        .from(users)
        .where(or(eq(users.id, owner), eq(users.email, normalizeEmail(owner))))
        .limit(1);
      if (!user) throw badRequest('invalid_field', 'Selection.Owner', { field: 'Selection.Owner' });
      where.push(eq(devices.ownerId, user.id));
      break;
    }
    case 'keys':
      where.push(inArray(devices.key, [...new Set(selection.Keys!)]));
      break;
  }
  const rows = await db
    .select({ key: devices.key, busy: sql<boolean>`${inOtherCampaign}` })
    .from(devices)
    .where(and(...where))
    .orderBy(asc(devices.key));
  if (selection.Kind === 'keys' && rows.length < new Set(selection.Keys).size) {
    // A key that is not a registered device of this product: named rather than silently left out.
    throw badRequest('invalid_field', 'Selection.Keys', { field: 'Selection.Keys' });
  }
  const free = rows.filter((row) => !row.busy).map((row) => row.key);
  if (!free.length) throw badRequest('invalid_field', 'Selection', { field: 'Selection' });
  return free;
}
