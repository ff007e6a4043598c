export * from './common';
export * from './user';
export * from './devices';
export * from './deviceProtocol';
export * from './errors';
export * from './health';
export * from './history';
// Each product's representation, payloads and bodies, and the Device union and list derived from the registry.
export * from '../products';
export * from '../products/farmcamSim/contract';
export * from '../products/fencealarm/contract';
export * from '../products/fencealarm2/contract';
export * from '../products/smartplug/contract';
export * from '../products/smartplug2/contract';
export * from './billing';
export * from './warranties';
