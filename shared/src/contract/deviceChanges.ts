// The owner's change log on the wire (docs/product/roles.md "Change log", docs/product/api.md): GET
// /{collection}/{key}/changes, what people the device is shared with changed, newest first.
import { Type, type Static } from '@sinclair/typebox';

export const DeviceChangeEntry = Type.Object({
  /** When it was saved (ISO 8601). */
  At: Type.String({ format: 'date-time' }),
  /** Who changed it: the e-mail the device is shared with. */
  By: Type.String(),
  /** The body fields changed: Name, Tags, Notify, a product setting ('Timer', 'DeviceConfig.OutputPower') or PowerEnabled. */
  Fields: Type.Array(Type.String()),
  /** A rename: the old and the new name. */
  Name: Type.Optional(Type.Object({ From: Type.String(), To: Type.String() })),
  /** Their own bell: whether they are now told of alarms. */
  Notify: Type.Optional(Type.Boolean()),
});
export type DeviceChangeEntry = Static<typeof DeviceChangeEntry>;

export const DeviceChangeLog = Type.Array(DeviceChangeEntry);
export type DeviceChangeLog = Static<typeof DeviceChangeLog>;
