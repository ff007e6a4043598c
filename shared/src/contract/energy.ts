// Energy per day, week or month on the wire (docs/product/energy.md, docs/product/api.md "Energy"):
// GET /{smartplugs|smartplug2s}/{imei}/energy, a plug's kWh per local day, ISO week or month from its meter readings;
// GET /users/{id}/energy, the total of the plugs the account owns in the current period, with its cost.
import { Type, type Static } from '@sinclair/typebox';
import { ENERGY_MAX_BUCKETS, ENERGY_PERIODS, ISO_DATE_PATTERN } from '../domain/energyPeriods';
import { TIME_ZONE_MAX_LENGTH, TIME_ZONE_PATTERN } from '../domain/timer';
import { IsoTime } from './common';
import { closed, Nullable } from './devices';
import { EnergyPrice } from './user';

const Period = Type.Union(
  ENERGY_PERIODS.map((period) => Type.Literal(period)),
  { description: 'day (local midnight to midnight), week (ISO, from Monday) or month' },
);
const LocalDate = (description: string) => Type.String({ pattern: ISO_DATE_PATTERN, description, examples: ['2026-11-01'] });
const TimeZone = Type.String({
  pattern: TIME_ZONE_PATTERN,
  maxLength: TIME_ZONE_MAX_LENGTH,
  description: 'IANA time zone whose wall clock the days, weeks and months are on, e.g. Europe/Stockholm; default UTC',
  examples: ['Europe/Stockholm'],
});

export const EnergyQuery = Type.Object(
  {
    period: Period,
    from: LocalDate('The first date (YYYY-MM-DD, on the clock of tz): its period is the first bar'),
    to: LocalDate(`The last date (YYYY-MM-DD), not before from: its period is the last bar; at most ${ENERGY_MAX_BUCKETS} bars`),
    tz: Type.Optional(TimeZone),
  },
  closed,
);
export type EnergyQuery = Static<typeof EnergyQuery>;

export const EnergyBucket = Type.Object({
  /** The period's first instant: local midnight of its first day. */
  Start: IsoTime,
  /** The period's first day on the clock of the zone (YYYY-MM-DD). */
  Date: Type.String({ pattern: ISO_DATE_PATTERN }),
  KWh: Type.Number({
    minimum: 0,
    description: "The meter's rises in the period in kWh; after a reset or wrap the new value counts from 0",
  }),
});
export type EnergyBucket = Static<typeof EnergyBucket>;

export const EnergyBuckets = Type.Object({
  Period: Period,
  TimeZone: Type.String(),
  /** Oldest first, one per period from the period of `from` to that of `to`; periods that have not begun are left out. */
  Buckets: Type.Array(EnergyBucket),
});
export type EnergyBuckets = Static<typeof EnergyBuckets>;

export const UserEnergyQuery = Type.Object(
  {
    period: Type.Optional(
      Type.Union(
        ENERGY_PERIODS.map((period) => Type.Literal(period)),
        { description: 'default month' },
      ),
    ),
    tz: Type.Optional(TimeZone),
  },
  closed,
);
export type UserEnergyQuery = Static<typeof UserEnergyQuery>;

export const UserEnergyTotal = Type.Object({
  Period: Period,
  TimeZone: Type.String(),
  /** The current period's first instant (this month's first local midnight by default). */
  Start: IsoTime,
  /** The plugs the account owns (shared plugs are their owners'). */
  Plugs: Type.Integer({ minimum: 0 }),
  KWh: Type.Number({ minimum: 0 }),
  /** The kWh at the account's energy price, in minor units (öre, cent), rounded; null without a price. */
  Cost: Nullable(Type.Object({ Amount: Type.Integer({ minimum: 0 }), Currency: EnergyPrice.properties.Currency })),
});
export type UserEnergyTotal = Static<typeof UserEnergyTotal>;
