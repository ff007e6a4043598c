/**
 * kWh as the page writes it, in the locale's format: to the Wh (three decimals) under 1 kWh, so a little use never
 * reads "0", else to two decimals (docs/product/energy.md).
 */
export const formatKWh = (kWh: number, locale: string): string =>
  new Intl.NumberFormat(locale, { maximumFractionDigits: Math.abs(kWh) < 1 ? 3 : 2 }).format(kWh);
