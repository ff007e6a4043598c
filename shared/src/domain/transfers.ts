// Transfer offers (docs/product/devices.md "Transfers"): how long an offer stays open.

/** An offer the recipient has not answered in this many days expires; the owner can offer again. */
export const TRANSFER_OFFER_DAYS = 14;

/** When an offer made at `offeredAt` expires. */
export const transferExpiry = (offeredAt: Date): Date => new Date(offeredAt.getTime() + TRANSFER_OFFER_DAYS * 24 * 60 * 60 * 1000);
