import { Type, type Static } from '@sinclair/typebox';
import { LATITUDE_RANGE, LONGITUDE_RANGE } from '../domain/sun';
import { COUNTRY_PATTERN, EMAIL_MAX_LENGTH, EMAIL_PATTERN, LOCALES, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../domain/account';

/** Every failed reply: a machine code, a human text in the caller's language, and the field when one is at fault. */
export const ErrorReply = Type.Object({
  Error: Type.String(),
  Message: Type.String(),
  Field: Type.Optional(Type.String()),
});
export type ErrorReply = Static<typeof ErrorReply>;

export const Locale = Type.Union(LOCALES.map((l) => Type.Literal(l)));
export const Email = Type.String({ pattern: EMAIL_PATTERN, maxLength: EMAIL_MAX_LENGTH });
export const Password = Type.String({ minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH });
export const Country = Type.String({ pattern: COUNTRY_PATTERN });
export const Id = Type.String({ minLength: 1, maxLength: 64 });
/** RFC 3339 date-time with its zone (`Z` or an offset, docs/protocol.md "Times"); the server writes UTC (`…Z`). */
export const IsoTime = Type.String({ format: 'date-time' });

/** Where the farm is (docs/product/sun-timers.md): degrees, north and east positive. */
export const GeoLocation = Type.Object(
  {
    Latitude: Type.Number({ minimum: LATITUDE_RANGE.min, maximum: LATITUDE_RANGE.max }),
    Longitude: Type.Number({ minimum: LONGITUDE_RANGE.min, maximum: LONGITUDE_RANGE.max }),
  },
  { additionalProperties: false },
);
export type GeoLocation = Static<typeof GeoLocation>;
