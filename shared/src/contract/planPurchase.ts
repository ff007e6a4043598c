// Buying a plan (docs/product/billing.md "A charge is its own step", docs/product/api.md POST /{collection}/{key}/plan):
// the owner's confirmed purchase, apart from the settings save, and its receipt.
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { Device } from '../products';
import { IsoTime } from './common';

export const PlanPurchaseBody = Type.Object(
  { PriceId: Type.String({ maxLength: 255, description: "One of the product's plan price ids, or '' for None" }) },
  { additionalProperties: false },
);
export type PlanPurchaseBody = Static<typeof PlanPurchaseBody>;

/** What a plan start took: minor units of Currency; Gross is what the buyer paid (VAT included where it applies). */
export const PlanPayment = Type.Object({
  Currency: Type.Union([Type.Literal('SEK'), Type.Literal('EUR')]),
  Net: Type.Integer({ description: 'minor units, ex VAT' }),
  Vat: Type.Integer({ description: 'minor units; 0 under reverse charge' }),
  Gross: Type.Integer({ description: 'minor units, what was charged' }),
  PaidAt: IsoTime,
});
export type PlanPayment = Static<typeof PlanPayment>;

/** The receipt of a plan bought for `device`'s product (its representation), so each product's call answers its own. */
export const planPurchaseOf = <D extends TSchema>(device: D) =>
  Type.Object({
    Device: device,
    Payment: Type.Union([PlanPayment, Type.Null()], { description: 'Null: nothing was charged (the plan became the next one)' }),
  });
export const PlanPurchase = planPurchaseOf(Device);
export type PlanPurchase = Static<typeof PlanPurchase>;
