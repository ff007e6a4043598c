// Who may see a device (docs/product/roles.md): the owner and admins act as owners, users in Access are 'shared', anyone else
// gets 404 so a device's existence is not revealed. Device routes and the history routes ask here.
import type { ProductId } from '@paddock/shared/domain';
import type { FastifyRequest } from 'fastify';
import { authorize } from '../access';
import type { Db } from '../db/client';
import type { UserRow } from '../db/schema';
import { notFound } from '../http/errors';
import type { DeviceWithOwner } from './representation';
import { findDevice } from './store';

export type Role = 'owner' | 'shared';

/** The caller's role on a device: admins count as owners; no role is a 404. */
export function roleOn(user: UserRow, device: DeviceWithOwner): Role {
  if (user.accountType === 'admin' || device.ownerId === user.id) return 'owner';
  if (device.access.includes(user.email)) return 'shared';
  throw notFound();
}

/** The signed-in caller (else 401), the device of that product (else 404) and the caller's role on it (else 404). */
export async function signedInDevice(db: Db, request: FastifyRequest, key: string, product: ProductId) {
  const { user } = authorize(request, 'device:use');
  const device = await findDevice(db, key);
  if (!device || device.product !== product) throw notFound();
  return { user, device, role: roleOn(user, device) };
}
