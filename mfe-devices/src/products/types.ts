import type { ComponentType, LazyExoticComponent, ReactNode } from 'react';
import type { RegisterBodies } from '@paddock/shared/api';
import type { Device, DeviceOf, RegisterImeiBody } from '@paddock/shared/contract';
import type { ProductId } from '@paddock/shared/domain';
import type { IconSymbol } from '@paddock/shared/ui';
import type { DetailFormat, DetailLine } from '../dashboard/detailFormat';
import type { SettingsPageProps } from '../settings/SettingsFrame';

/** What the registration form collected, normalized: the key, the name and the owner e-mail ('' when none). */
export interface RegistrationForm {
  key: string;
  name: string;
  owner: string;
}

/** docs/product/screens.md registration of a product: the fields beyond key and name, and the docs/product/api.md body. */
export interface Registration<P extends ProductId> {
  /** The form also asks for an optional owner e-mail (SmartPlug2). */
  asksOwner: boolean;
  body: (form: RegistrationForm) => RegisterBodies[P];
}

/** Registration by IMEI and name, nothing else. */
export const IMEI_REGISTRATION = {
  asksOwner: false,
  body: ({ key, name }: RegistrationForm): RegisterImeiBody => ({ Imei: key, Name: name }),
} as const;

export interface PowerSwitchProps<P extends ProductId> {
  device: DeviceOf<P>;
  onChange: (device: Device) => void;
  /** A failed command told on the device's card only (null clears it; docs/product/errors.md). */
  onError?: (message: string | null) => void;
}

/** Everything the devices remote shows of one product. */
export interface DeviceProductUi<P extends ProductId> {
  /** The product's icon on the register chooser. */
  icon: IconSymbol;
  /** Its drawing on the card (picture.tsx: SVG content in a 48 × 48 box, dashboard/ProductPicture.tsx). */
  picture: ReactNode;
  /**
   * The settings page, `lazy(() => import('./Settings'))`: its code loads on the first visit, so the dashboard's
   * JS stays small (docs/architecture/README.md#budgets).
   */
  Settings: LazyExoticComponent<ComponentType<SettingsPageProps<P>>>;
  /** docs/product/screens.md the card's detail lines, formatted for the user's locale; the `primary` one is shown largest. */
  details: (device: DeviceOf<P>, format: DetailFormat, now: Date) => DetailLine[];
  registration: Registration<P>;
  /** Which example name the name field suggests (docs/product/screens.md registration): a fence, a plug or a camera's SIM. */
  nameExample: 'fence' | 'plug' | 'sim';
  /** docs/product/states.md a power switch on the card, for products that can be switched remotely. */
  PowerSwitch?: ComponentType<PowerSwitchProps<P>>;
}

/** One entry per product: a product without its settings page, card details or registration does not compile. */
export type DeviceProductRegistry = { readonly [P in ProductId]: DeviceProductUi<P> };
