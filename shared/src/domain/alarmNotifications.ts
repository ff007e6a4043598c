// Which alarm changes people are told about (issue 4, alarm notifications), and when a flapping alarm stays quiet.
// The gateway compares a device's fields before and after each change; these rules are pure so the server's
// notifications and any screen that explains them agree. Each product lists its alarms in its module
// (products/<id>); the registry looks them up by product.

/** The alarms a notification can be about (one message text each). */
export const NOTIFIED_ALARMS = [
  'fence_voltage',
  'low_battery',
  'offline',
  'load',
  'temperature',
  'power_failure',
  'low_data',
  'consumption',
] as const;
export type NotifiedAlarm = (typeof NOTIFIED_ALARMS)[number];

/**
 * The alarms whose clear nobody is told about: SmartPlug2's daily consumption limit clears when its day ends
 * (docs/product/products/smartplug2.md), which is no news; one notification a day is its trigger.
 */
export const SILENT_CLEARS: readonly NotifiedAlarm[] = ['consumption'];

/** 'B': bytes (a FarmCam SIM's data left), shown in MB. */
export type AlarmUnit = 'V' | 'W' | '°C' | 'B' | 'kWh';

/** One alarm of a product and where the representation holds it. */
export interface AlarmSource {
  alarm: NotifiedAlarm;
  /** The field holding `{Enabled?, Triggered}`, or a plain boolean (SmartPlug2 ConnectionLost). */
  field: string;
  /**
   * Where the measured value sits, or how it follows from the fields (`of`: SmartPlug2's use today is the meter less
   * the day's start); absent: the alarm has no number, e.g. offline.
   */
  value?: ({ path: readonly string[] } | { of: (fields: Fields) => number | null }) & { unit: AlarmUnit };
  /** The user's limit the value was judged against, in the value's unit (told beside the value). */
  limit?: (fields: Fields) => number | null;
}

export interface AlarmTransition {
  alarm: NotifiedAlarm;
  /** true: it went off; false: it cleared. */
  triggered: boolean;
  /** Whether the user has this alarm switched on (after the change). */
  enabled: boolean;
  /** The measured value after the change (null: none, or the alarm has no number). */
  value: number | null;
  unit: AlarmUnit | null;
  /** The limit the value was judged against (AlarmSource.limit), present only for an alarm that has one. */
  limit?: number | null;
}

type Fields = Record<string, unknown>;

function state(fields: Fields, field: string): { triggered: boolean; enabled: boolean } {
  const raw = fields[field];
  if (typeof raw === 'boolean') return { triggered: raw, enabled: true };
  const object = (raw ?? {}) as { Triggered?: unknown; Enabled?: unknown };
  return { triggered: object.Triggered === true, enabled: object.Enabled !== false };
}

function valueAt(fields: Fields, path: readonly string[]): number | null {
  let at: unknown = fields;
  for (const step of path) at = at && typeof at === 'object' ? (at as Fields)[step] : undefined;
  return typeof at === 'number' ? at : null;
}

/** The source's value, unit and limit in `fields` (value and unit null when it has no number). */
function measured(source: AlarmSource, fields: Fields): Pick<AlarmTransition, 'value' | 'unit' | 'limit'> {
  const { value } = source;
  return {
    value: value ? ('of' in value ? value.of(fields) : valueAt(fields, value.path)) : null,
    unit: value?.unit ?? null,
    ...(source.limit ? { limit: source.limit(fields) } : {}),
  };
}

/**
 * The alarms among `sources` whose Triggered differs between two versions of the device's fields. An alarm
 * without an `Enabled` switch (FenceAlarm low battery and offline) always notifies.
 */
export function transitionsBetween(sources: readonly AlarmSource[], before: Fields, after: Fields): AlarmTransition[] {
  return sources.flatMap((source) => {
    const was = state(before, source.field);
    const now = state(after, source.field);
    if (was.triggered === now.triggered) return [];
    return [{ alarm: source.alarm, triggered: now.triggered, enabled: now.enabled, ...measured(source, after) }];
  });
}

/**
 * What was last told about one alarm of one device: `open` means a trigger went out and its clear not yet;
 * `heldSince`, a trigger the quiet period held back (when it went off), told once the period is over if the alarm
 * is still on then.
 */
export interface NoticeState {
  open: boolean;
  notifiedAt: Date;
  heldSince: Date | null;
}

/** Whether to tell the transition now, and the state after (absent: nothing to record). */
export type NoticeDecision = { send: false; next?: NoticeState } | { send: true; next: NoticeState };

/** `notifiedAt` of an alarm held before anything was ever told about it: long before any quiet period. */
export const NEVER_NOTIFIED = new Date(0);

/**
 * Whether a transition is told, and the state after. A trigger goes out when the alarm is enabled and no trigger
 * was told within the quiet period; within it, the trigger is held (releaseHeldTrigger tells it later, if the
 * alarm is still on). A clear goes out exactly when its trigger was told; a held trigger that clears is dropped.
 * So a flapping alarm sends one trigger and one clear per quiet period, and an alarm that stays on is always told.
 * `holdMs` (the offline alarm's OFFLINE_NOTICE_DELAY_SECONDS) holds every trigger that long at least: one that clears
 * within it, as a device does when a server or broker restarts (docs/operations/deploy.md), is never told.
 */
export function noticeDecision(
  transition: Pick<AlarmTransition, 'triggered' | 'enabled'>,
  previous: NoticeState | null,
  now: Date,
  quietMs: number,
  holdMs = 0,
): NoticeDecision {
  if (!transition.triggered) {
    if (previous?.open) return { send: true, next: { open: false, notifiedAt: previous.notifiedAt, heldSince: null } };
    return previous?.heldSince ? { send: false, next: { ...previous, heldSince: null } } : { send: false };
  }
  if (!transition.enabled) return { send: false };
  if ((previous && now.getTime() - previous.notifiedAt.getTime() < quietMs) || holdMs > 0) {
    const before = previous ?? { open: false, notifiedAt: NEVER_NOTIFIED, heldSince: null };
    return { send: false, next: { ...before, heldSince: before.heldSince ?? now } };
  }
  return { send: true, next: { open: true, notifiedAt: now, heldSince: null } };
}

/** A held trigger is due once the quiet period after the last notice is over, and `holdMs` after it went off. */
export function isHeldTriggerDue(previous: NoticeState, now: Date, quietMs: number, holdMs = 0): boolean {
  return (
    previous.heldSince !== null &&
    now.getTime() - previous.notifiedAt.getTime() >= quietMs &&
    now.getTime() - previous.heldSince.getTime() >= holdMs
  );
}

/** One alarm's state in a device's fields now (null: `sources` has no such alarm). */
export function alarmStateIn(sources: readonly AlarmSource[], fields: Fields, alarm: NotifiedAlarm): Omit<AlarmTransition, 'alarm'> | null {
  const source = sources.find((candidate) => candidate.alarm === alarm);
  if (!source) return null;
  return { ...state(fields, source.field), ...measured(source, fields) };
}

/** An offline alarm that was told and is still open is told again once `reminderMs` passed since the last time. */
export function isReminderDue(previous: NoticeState, now: Date, reminderMs: number): boolean {
  return previous.open && now.getTime() - previous.notifiedAt.getTime() >= reminderMs;
}

/** The channels one user chose for one device's alarms; each also needs the account's own switch for it. */
export interface AlarmChannelChoice {
  email: boolean;
  sms: boolean;
  push: boolean;
}

/**
 * Until a user chooses for a device: its owner gets every channel (the account's switches decide), anyone the
 * owner put on the notify list e-mail only, so nobody is signed up for SMS (paid from their balance) or push by
 * someone else.
 */
export function defaultAlarmChannels(isOwner: boolean): AlarmChannelChoice {
  return { email: true, sms: isOwner, push: isOwner };
}
