// Reports by e-mail on the wire (docs/product/reports.md, docs/product/api.md "Reports"): the account's choice,
// GET and PUT /users/{id}/report-subscription, and the unsubscribe link's token (/reports/unsubscribe?token=…).
import { Type, type Static } from '@sinclair/typebox';
import { closed } from './devices';

export const REPORT_FREQUENCIES = ['none', 'weekly', 'monthly'] as const;
export type ReportFrequency = (typeof REPORT_FREQUENCIES)[number];

export const ReportSubscription = Type.Object(
  {
    /** none: no reports; weekly: each Monday for the week before; monthly: each 1st for the month before (owner's time). */
    Frequency: Type.Union(REPORT_FREQUENCIES.map((frequency) => Type.Literal(frequency))),
  },
  closed,
);
export type ReportSubscription = Static<typeof ReportSubscription>;

/** The signed token of a report's unsubscribe link: `<payload>.<signature>`, base64url. */
export const ReportUnsubscribeQuery = Type.Object(
  { token: Type.String({ minLength: 1, maxLength: 512, pattern: '^[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+$' }) },
  closed,
);
export type ReportUnsubscribeQuery = Static<typeof ReportUnsubscribeQuery>;
