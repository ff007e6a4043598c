// Energy per day, week and month (docs/product/energy.md, docs/product/api.md "Energy"): a plug's bars for its log page
// and the account's total for the dashboard, both on the viewer's clock.
import type { EnergyBuckets, UserEnergyTotal } from '../contract/energy';
import type { EnergyPeriod } from '../domain/energyPeriods';
import { collectionOf, type ProductId } from '../products/catalogue';
import { api, type RequestOptions } from './client';

export interface EnergyRange {
  period: EnergyPeriod;
  /** YYYY-MM-DD on the clock of `timeZone`: the first bar is the period holding it. */
  from: string;
  /** YYYY-MM-DD: the last bar is the period holding it. */
  to: string;
  timeZone: string;
}

export const energyApi = {
  /** GET {collection}/{imei}/energy?period&from&to&tz: `{Period, TimeZone, Buckets: [{Start, Date, KWh}]}`. */
  buckets: (product: ProductId, key: string, { period, from, to, timeZone }: EnergyRange, options?: RequestOptions) =>
    api.get<EnergyBuckets>(`${collectionOf(product)}/${encodeURIComponent(key)}/energy`, {
      ...options,
      query: { period, from, to, tz: timeZone },
    }),
  /** GET users/{id}/energy?period&tz: this period's kWh and cost over the plugs the account owns. */
  total: (userId: string, { period, timeZone }: { period: EnergyPeriod; timeZone: string }, options?: RequestOptions) =>
    api.get<UserEnergyTotal>(`users/${encodeURIComponent(userId)}/energy`, { ...options, query: { period, tz: timeZone } }),
};
