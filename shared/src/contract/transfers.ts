// Transfer offers (docs/product/api.md "Transfers", docs/product/devices.md "Transfers"): an owner offers a device to
// an address; it changes hands only when that address's verified account accepts.
import { Type, type Static } from '@sinclair/typebox';
import { ProductId } from '../products';
import { Email, Id, IsoTime } from './common';

const closed = { additionalProperties: false } as const;

/** POST /{collection}/{key}/transfer. */
export const TransferOfferBody = Type.Object({ Email }, closed);
export type TransferOfferBody = Static<typeof TransferOfferBody>;

export const TransferIdParams = Type.Object({ id: Type.String({ format: 'uuid' }) }, closed);
export type TransferIdParams = Static<typeof TransferIdParams>;

/** One open offer, as its maker and its recipient see it. */
export const Transfer = Type.Object({
  Id,
  Device: Type.Object({
    Product: ProductId,
    Key: Type.String({ description: "The device's IMEI or IMSI" }),
    Name: Type.String(),
  }),
  /** The owner who made the offer: their name ('' when unset) and address. */
  From: Type.Object({ Name: Type.String(), Email }),
  /** The address the offer names; only that address's verified account may answer it. */
  To: Email,
  OfferedAt: IsoTime,
  ExpiresAt: IsoTime,
});
export type Transfer = Static<typeof Transfer>;

/** GET /users/{id}/transfers: offers to the account's address, and offers of the account's devices, open ones only. */
export const TransferList = Type.Object({ Incoming: Type.Array(Transfer), Outgoing: Type.Array(Transfer) });
export type TransferList = Static<typeof TransferList>;
