// VAT on the built-in provider's invoices (docs/product/billing.md): the rule is the shared domain's (shared/src/domain/vat.ts),
// so the screens state the price the invoice will charge.
import { SELLER_COUNTRY } from '@paddock/shared/domain';

export { vatAmounts, vatTreatment } from '@paddock/shared/domain';
/** Who issues the invoices. */
export const SELLER = { name: 'Paddock', country: SELLER_COUNTRY } as const;
