// Where users get help (docs/product/screens.md navbar "Support", docs/product/errors.md connection-failure text): the
// support site of the shell's branded variant (docs/product/overview.md#branded-variants; the variant table holds it).
import { shellBrand } from '../startup/variant';

export const supportUrl = (): string => shellBrand().supportUrl;
export const supportHost = (): string => new URL(supportUrl()).host;
