// What a registration starts from (docs/product/states.md#trial): a trial is had once per device key. A key never
// registered gets the registration trial (and a FarmCam SIM its trial data); a key registered before starts from
// what its inventory row kept when it was last unregistered (migration 0020): the same expiry, trial state and
// current plan, and a SIM's data account as it was. Only the next plan stays behind: it was the earlier
// registration's consent to be charged (docs/product/states.md Plans and renewal), so nothing renews until whoever
// registers it now chooses a plan. The owner's settings and readings are not kept, as before.
import { isExpired, PRODUCTS, type ProductId } from '@paddock/shared/domain';
import type { DeviceSubscription, InventoryRow } from '../db/schema';
import { SERVER_PRODUCTS } from './products';
import { initialFields, initialSubscription } from './representation';

export interface RegistrationStart {
  subscription: DeviceSubscription;
  fields: Record<string, unknown>;
}

/** The kept subscription without its next plan; ended (as the renewal job would end it) when its expiry is past. */
function keptSubscription(kept: DeviceSubscription, now: Date): DeviceSubscription {
  if (isExpired(kept, now)) return { Trialing: false, ExpiresAt: kept.ExpiresAt, PriceIds: { Current: '', Next: '' } };
  return { Trialing: kept.Trialing, ExpiresAt: kept.ExpiresAt, PriceIds: { Current: kept.PriceIds.Current, Next: '' } };
}

export function registrationStart(
  stock: Pick<InventoryRow, 'product' | 'trialStartedAt' | 'keptSubscription' | 'keptDataAccount'>,
  now: Date,
  trialDays?: number,
): RegistrationStart {
  const product = stock.product as ProductId;
  const fields = initialFields(product);
  if (!stock.trialStartedAt && !stock.keptSubscription) return { subscription: initialSubscription(now, trialDays), fields };
  // Had its trial but kept nothing (only an inventory row edited by hand): no time and no data left.
  const subscription = stock.keptSubscription
    ? keptSubscription(stock.keptSubscription, now)
    : { Trialing: false, ExpiresAt: now.toISOString(), PriceIds: { Current: '', Next: '' } };
  const account = stock.keptDataAccount ?? (PRODUCTS[product].trialData ? { DataLimit: 0, RemainingData: 0 } : null);
  const settle = SERVER_PRODUCTS[product].settledFields;
  const withAccount = account ? { ...fields, ...account } : fields;
  return { subscription, fields: settle ? { ...withAccount, ...settle(withAccount) } : withAccount };
}
