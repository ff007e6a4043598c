import { Type, type Static } from '@sinclair/typebox';

export const HealthReply = Type.Object({ Status: Type.Literal('ok') });
export type HealthReply = Static<typeof HealthReply>;
