// The server's product registry: one module per product, and a missing product fails the type checker.
import type { ProductId } from '@paddock/shared/domain';
import { farmcamSim } from './farmcamSim';
import { fencealarm } from './fencealarm';
import { fencealarm2 } from './fencealarm2';
import type { ServerProduct } from './serverProduct';
import { smartplug } from './smartplug';
import { smartplug2 } from './smartplug2';

export type { ServerProduct } from './serverProduct';

export const SERVER_PRODUCTS = {
  'farmcam-sim': farmcamSim,
  fencealarm,
  fencealarm2,
  smartplug,
  smartplug2,
} satisfies { [P in ProductId]: ServerProduct<P> };
