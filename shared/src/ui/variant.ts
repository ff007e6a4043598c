// The branded variant the page was served as (docs/product/overview.md#branded-variants): the server marks it on
// <html data-variant> for the host; texts that name the app use its name rather than "Paddock".
import { BRAND_VARIANTS, VARIANTS, type BrandVariant } from '../domain/variants';

/** The variant on <html data-variant>; default when there is none (tests, a page without the mark). */
export function currentVariant(): BrandVariant {
  const value = typeof document !== 'undefined' ? document.documentElement.dataset.variant : undefined;
  return (BRAND_VARIANTS as readonly string[]).includes(value ?? '') ? (value as BrandVariant) : 'default';
}

/** The app's name in this variant, for texts such as "Welcome back to {app}." (brand names are never translated). */
export const appName = (): string => VARIANTS[currentVariant()].name;
