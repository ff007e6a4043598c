// Pieces every route schema uses, so OpenAPI documents errors and authentication the same way everywhere.
import { ErrorReply } from '@paddock/shared/contract';
import { Type } from '@sinclair/typebox';
import type { FastifyReply } from 'fastify';

export const NoContent = Type.Null({ description: 'No content' });
export const sendNoContent = (reply: FastifyReply): FastifyReply => reply.code(204).send();

/** Error replies for the given statuses, all `{Error, Message, Field?}`. */
export function errorReplies<const S extends readonly number[]>(...statuses: S): Record<S[number], typeof ErrorReply> {
  return Object.fromEntries(statuses.map((status) => [status, ErrorReply])) as Record<S[number], typeof ErrorReply>;
}

/** Marks a route as needing `Authorization: Bearer <token>` in OpenAPI. */
export const bearerAuth = [{ bearer: [] }];

/** `%`, `_` and `\` match literally in a LIKE pattern. */
export const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
