import type { IntlShape } from 'react-intl';
import type { Device, DeviceOf, EnergyPrice } from '@paddock/shared/contract';
import type { Prices, ProductId } from '@paddock/shared/domain';
import { DEVICE_PRODUCTS } from '../products';
import { detailFormat, type DetailFormat, type DetailLine } from './detailFormat';

/** docs/product/screens.md dashboard detail lines of any device, formatted for the user's locale (each product says which). */
export function detailLines(
  device: Device,
  intl: IntlShape,
  now: Date,
  prices: Prices | null = null,
  energyPrice: EnergyPrice | null = null,
): DetailLine[] {
  return productDetails(device.Product, device, detailFormat(intl, prices, energyPrice), now);
}

function productDetails<P extends ProductId>(product: P, device: DeviceOf<P>, format: DetailFormat, now: Date): DetailLine[] {
  return DEVICE_PRODUCTS[product].details(device, format, now);
}
