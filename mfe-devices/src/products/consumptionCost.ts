import { dashboardTexts } from '../dashboard/messages';
import type { DetailFormat, DetailLine } from '../dashboard/detailFormat';

/**
 * A plug card's cost line (docs/product/screens.md): its Consumption reading at the user's energy price. The reading is the meter
 * since its last reset (docs/product/products/smartplug.md), so the line says "since reset". None without a price.
 */
export function consumptionCostLines(consumption: number | null, { t, orDash, energyCost }: DetailFormat): DetailLine[] {
  if (!energyCost) return [];
  return [{ id: 'consumptionCost', label: t(dashboardTexts.messages.consumptionCost), value: orDash(consumption, energyCost) }];
}
