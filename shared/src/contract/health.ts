import { Type, type Static } from '@sinclair/typebox';

export const HealthReply = Type.Object({ Status: Type.Literal('ok') });
export type HealthReply = Static<typeof HealthReply>;

/** What readiness found of a dependency: answering, not answering in time, or not run by this server. */
export const DependencyState = Type.Union([Type.Literal('ok'), Type.Literal('down'), Type.Literal('off')]);

export const ReadinessReply = Type.Object({
  Status: Type.Union([Type.Literal('ok'), Type.Literal('unavailable')]),
  Database: DependencyState,
  Broker: DependencyState,
  /** With the device side: whether uplinks are being stored (down: the last one failed and none has since). */
  Ingest: Type.Optional(DependencyState),
  /** What keeps the server from ready, for people (e.g. "MQTT not subscribed"). */
  Problems: Type.Optional(Type.Array(Type.String())),
});
export type ReadinessReply = Static<typeof ReadinessReply>;
