// The device settings pages (docs/product/screens.md), loaded on first visit with their own texts: the device frame loads the
// device and keeps it fresh while its config is pending; the product's own page, loaded lazily, edits it.
import { Suspense } from 'react';
import type { DeviceOf } from '@paddock/shared/contract';
import type { ProductId } from '@paddock/shared/domain';
import { DeviceLoading, DeviceRoute, type DevicePageProps } from '../device/DeviceRoute';
import { DEVICE_PRODUCTS } from '../products';
import { PlanChoiceProvider } from './subscriptionActive';

/** /farmcam-sim/{imsi}, /fencealarm/{imei}, /fencealarm2/{imei}, /smartplug/{imei}, /smartplug2/{imei}. */
export default function SettingsRoute() {
  return <DeviceRoute page={ProductSettings} narrow pollWhilePending />;
}

function ProductSettings({ product, device, deviceKey }: DevicePageProps) {
  return (
    <Suspense fallback={<DeviceLoading product={product} deviceKey={deviceKey} narrow />}>
      <ProductPage product={product} device={device} />
    </Suspense>
  );
}

/** The product's own page: the registry pairs each product with its page, the route each page with its device. */
function ProductPage<P extends ProductId>({ product, device }: { product: P; device: DeviceOf<P> }) {
  const { Settings } = DEVICE_PRODUCTS[product];
  // The plan chosen on the page is shared by the frame's selector and the product's alarm controls.
  return (
    <PlanChoiceProvider>
      <Settings device={device} />
    </PlanChoiceProvider>
  );
}
