import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { Link } from 'react-router-dom';
import {
  LEGACY_TIME_ZONE,
  SUN_OFFSET_MAX,
  SUN_OFFSET_MIN,
  TIMER_MAX_SCHEDULES,
  browserTimeZone,
  checkSunRule,
  checkTimerRule,
  compareTimerRules,
  parseSunOffset,
  parseTimeOfDay,
  roundedTimeOfDay,
  rulesToTimer,
  sunMinuteOn,
  timerToRules,
  type FarmLocation,
  type PowerAction,
  type SunEvent,
  type TimerRule,
  type TimerValue,
} from '@paddock/shared/domain';
import { useT } from '@paddock/shared/i18n';
import { activeUserAtom } from '@paddock/shared/session';
import { Select, TextField } from '@paddock/shared/ui';
import { DayPicker } from './DayPicker';
import { useRuleFormat } from './format';
import { rulesTexts } from './messages';
import type { RuleKind } from './RuleList';
import { RulesSection } from './RulesSection';
import { WeekView } from './WeekView';
import './rules.css';

const m = rulesTexts.messages;

const timerRuleKey = (rule: TimerRule) =>
  `${rule.action} ${rule.sun ? `${rule.sun.event}${rule.sun.offset}` : `${rule.hour}:${rule.minute}`} ${rule.days.join(',')}`;

/** What the new rule's time is: a time of day, or sunrise or sunset ± minutes (docs/product/sun-timers.md). */
type When = 'time' | SunEvent;

/** The timer as the page edits it: the switch and the rules on the farmer's wall clock, in list order. */
export interface TimerDraft {
  enabled: boolean;
  rules: TimerRule[];
}

/**
 * docs/product/screens.md, docs/product/validation.md: the wire Timer as the editor shows it, on the wall clock of
 * `timeZone` (a timer saved in another zone, or in UTC in the old form, is moved by today's difference).
 */
export function timerDraftOf(timer: TimerValue, timeZone: string, at: Date = new Date()): TimerDraft {
  return { enabled: timer.Enabled, rules: timerToRules(timer, timeZone, at).sort(compareTimerRules) };
}

/**
 * docs/product/validation.md, docs/protocol.md: the Timer to save, with the zone its times are in and, when it has
 * sun rules, the farm's location the plug computes them from.
 */
export function timerOfDraft(draft: TimerDraft, timeZone: string, location: FarmLocation | null = null): TimerValue {
  return rulesToTimer(draft.enabled, draft.rules, timeZone, location);
}

/**
 * A settings page's timer: the draft starts from the device's timer once, in the browser's IANA zone, and is saved
 * with that zone, so the plug switches at the same local time all year. Spread `editor` on TimerRulesEditor;
 * `saved()` is the Timer for the PATCH body.
 */
export function useTimerDraft(timer: TimerValue) {
  const [timeZone] = useState(browserTimeZone);
  const [value, onChange] = useState<TimerDraft>(() => timerDraftOf(timer, timeZone));
  // docs/product/sun-timers.md: the farm's location from the account; a plug whose sun rules were saved with one keeps it
  // while the account has none (e.g. a shared user's view).
  const location = useAtomValue(activeUserAtom)?.Location ?? timer.Location ?? null;
  const savedIn = timer.TimeZone ?? LEGACY_TIME_ZONE;
  const movedFrom = timer.On.length + timer.Off.length > 0 && savedIn !== timeZone ? savedIn : null;
  return { editor: { value, onChange, timeZone, movedFrom, location }, saved: () => timerOfDraft(value, timeZone, location) };
}

export interface TimerRulesEditorProps {
  value: TimerDraft;
  onChange: (value: TimerDraft) => void;
  /** The browser's IANA zone (browserTimeZone); the rules are shown and saved in it. */
  timeZone: string;
  /** The zone the saved rules were in when it is another one (UTC for the old form): they are shown moved. */
  movedFrom?: string | null;
  /** The farm's location (the account's), for sun rules; null: not set, sun rules cannot be added. */
  location?: FarmLocation | null;
  /** Now, for today's sunrise or sunset beside a sun rule (tests pass a fixed day). */
  now?: () => Date;
}

/**
 * docs/product/screens.md, docs/product/states.md, docs/product/validation.md timer rules of both plugs: the switch, the rules in local time, and a new rule (time with the
 * minute rounded up to the next 5, days Monday first, on or off). Rules are added and removed here and saved
 * with the page.
 */
export function TimerRulesEditor({
  value,
  onChange,
  timeZone,
  movedFrom = null,
  location = null,
  now = () => new Date(),
}: TimerRulesEditorProps) {
  const t = useT();
  const format = useRuleFormat();
  const [when, setWhen] = useState<When>('time');
  const [time, setTime] = useState('');
  const [offset, setOffset] = useState('');
  const [days, setDays] = useState<number[]>([]);
  const [action, setAction] = useState<PowerAction>('on');
  const [attempted, setAttempted] = useState(false);
  const sunEvent = when === 'time' ? null : when;
  const clockChecked = checkTimerRule({ time, days, action }, value.rules);
  const sunChecked = checkSunRule({ event: sunEvent ?? 'sunrise', offset, days, action }, value.rules, location !== null);
  const checked = sunEvent ? sunChecked : clockChecked;
  const typed = parseTimeOfDay(time);

  const take = () => {
    setAttempted(true);
    if (!checked.rule) return null;
    setTime('');
    setAttempted(false);
    return checked.rule;
  };

  const errors = attempted ? clockChecked.errors : { time: null, days: null, rule: null };
  const sunErrors = attempted ? sunChecked.errors : { offset: null, days: null, rule: null };
  const rule = sunEvent ? sunErrors.rule : errors.rule;
  const conflictAt = sunEvent
    ? format.sunWhen({ event: sunEvent, offset: parseSunOffset(offset) ?? 0 })
    : typed && format.time(roundedTimeOfDay(typed));
  const ruleError =
    rule === 'duplicate'
      ? t(m.ruleDuplicate)
      : rule === 'conflict' && conflictAt
        ? t(m.timerConflict, { time: conflictAt })
        : rule === 'tooMany'
          ? t(action === 'on' ? m.timerTooManyOn : m.timerTooManyOff, { max: TIMER_MAX_SCHEDULES })
          : rule === 'noLocation'
            ? t(m.sunNoLocation)
            : null;

  const kind: RuleKind<TimerRule> = { compare: compareTimerRules, keyOf: timerRuleKey, when: format.when, describe: format.timerRule };
  const newRule = { action, onActionChange: setAction, take, error: ruleError, pending: Boolean(checked.rule) };
  const texts = {
    title: t(m.timerTitle),
    enabled: t(m.timerEnabled),
    rules: t(m.timerRules),
    empty: t(m.timerEmpty),
    add: t(m.addTimerRule),
  };
  // docs/product/screens.md: the zone is named; the times stay on its clock all year (no summer-time shift).
  const zone = (
    <>
      <p className="pd-field__hint">{t(m.timerZone, { zone: timeZone })}</p>
      {movedFrom ? <p className="pd-field__hint">{t(m.timerMovedFrom, { zone: movedFrom })}</p> : null}
    </>
  );
  const rounded = typed ? roundedTimeOfDay(typed) : null;

  return (
    <RulesSection
      value={value}
      onChange={onChange}
      kind={kind}
      texts={texts}
      newRule={newRule}
      note={zone}
      overview={value.rules.length ? <WeekView rules={value.rules} /> : null}
    >
      <Select
        label={t(m.whenLabel)}
        name="timer-rule-when"
        value={when}
        options={[
          { value: 'time', label: t(m.whenTime) },
          { value: 'sunrise', label: t(m.whenSunrise) },
          { value: 'sunset', label: t(m.whenSunset) },
        ]}
        onChange={(e) => setWhen(e.target.value === 'sunrise' || e.target.value === 'sunset' ? e.target.value : 'time')}
      />
      {sunEvent ? (
        <SunFields
          event={sunEvent}
          offset={offset}
          onOffsetChange={setOffset}
          error={sunErrors.offset}
          location={location}
          timeZone={timeZone}
          now={now}
        />
      ) : (
        <TextField
          type="time"
          name="timer-rule-time"
          label={t(m.timeLabel)}
          value={time}
          hint={rounded ? t(rounded.nextDay ? m.timeRoundedNextDay : m.timeRounded, { time: format.time(rounded) }) : t(m.timeHint)}
          error={errors.time === 'required' ? { message: m.timeRequired } : errors.time === 'invalid' ? { message: m.timeInvalid } : null}
          onChange={(e) => setTime(e.target.value)}
        />
      )}
      <DayPicker value={days} onChange={setDays} error={(sunEvent ? sunErrors.days : errors.days) ? t(m.daysRequired) : undefined} />
    </RulesSection>
  );
}

interface SunFieldsProps {
  event: SunEvent;
  offset: string;
  onOffsetChange: (offset: string) => void;
  error: 'invalid' | 'belowMinimum' | 'aboveMaximum' | null;
  location: FarmLocation | null;
  timeZone: string;
  now: () => Date;
}

/**
 * docs/product/sun-timers.md: the minutes before or after sunrise or sunset, with today's time beside them (the plug
 * computes each day's itself), a note on days the sun does not rise or set there, or a link to set the farm's location.
 */
function SunFields({ event, offset, onOffsetChange, error, location, timeZone, now }: SunFieldsProps) {
  const t = useT();
  const format = useRuleFormat();
  const minutes = parseSunOffset(offset);
  const today = location && minutes !== null ? sunMinuteOn({ event, offset: minutes }, now(), location, timeZone) : null;
  const hint = !location
    ? null
    : today
      ? t(m.sunToday, { time: format.time(today) })
      : t(event === 'sunrise' ? m.sunNoSunriseToday : m.sunNoSunsetToday);
  const limits = { min: SUN_OFFSET_MIN, max: SUN_OFFSET_MAX };
  return (
    <>
      <TextField
        name="timer-rule-offset"
        inputMode="numeric"
        label={t(m.sunOffsetLabel)}
        value={offset}
        placeholder="0"
        hint={hint ? `${hint} ${t(m.sunOffsetHint, limits)}` : t(m.sunOffsetHint, limits)}
        error={
          error === 'invalid'
            ? { message: m.sunOffsetInvalid }
            : error === 'belowMinimum'
              ? { message: m.boundBelowMinimum, values: { limit: SUN_OFFSET_MIN } }
              : error === 'aboveMaximum'
                ? { message: m.boundAboveMaximum, values: { limit: SUN_OFFSET_MAX } }
                : null
        }
        onChange={(e) => onOffsetChange(e.target.value)}
      />
      {location ? null : (
        <p className="pd-field__hint">
          {t(m.sunNoLocation)} <Link to="/account">{t(m.sunSetLocation)}</Link>
        </p>
      )}
    </>
  );
}
