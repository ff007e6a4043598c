// The parts of a plug's representation and reading that SmartPlug and SmartPlug2 share (docs/product/devices.md,
// docs/protocol.md); each generation's contract goes on with its own.
import { Type } from '@sinclair/typebox';
import { Nullable } from '../contract/devices';
import { Amount, MeasuredAt } from '../contract/deviceProtocol';

/** The first fields of a plug's representation, both generations (each goes on with its own, in wire order). */
export const plugFields = {
  Imei: Type.String(),
  /** W and Wh; null before the first uplink. */
  Load: Nullable(Type.Number()),
  Consumption: Nullable(Type.Number()),
};

/** The `up/reading` of a plug (SmartPlug adds its temperature). */
export const plugReadingFields = {
  At: MeasuredAt,
  /** W. */
  Load: Amount,
  /** Wh since the last reset. */
  Consumption: Amount,
  /** %. */
  SignalStrength: Type.Number({ minimum: 0, maximum: 100 }),
  PowerEnabled: Type.Boolean(),
  /** false: the plug has lost its supply (power failure). */
  MainsPower: Type.Boolean(),
};
