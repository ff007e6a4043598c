import { useState } from 'react';
import {
  LEGACY_TIME_ZONE,
  TIMER_MAX_SCHEDULES,
  browserTimeZone,
  checkTimerRule,
  compareTimerRules,
  parseTimeOfDay,
  roundedTimeOfDay,
  rulesToTimer,
  timerToRules,
  type PowerAction,
  type TimerRule,
  type TimerValue,
} from '@paddock/shared/domain';
import { useT } from '@paddock/shared/i18n';
import { TextField } from '@paddock/shared/ui';
import { DayPicker } from './DayPicker';
import { useRuleFormat } from './format';
import { rulesTexts } from './messages';
import type { RuleKind } from './RuleList';
import { RulesSection } from './RulesSection';
import { WeekView } from './WeekView';
import './rules.css';

const m = rulesTexts.messages;

const timerRuleKey = (rule: TimerRule) => `${rule.action} ${rule.hour}:${rule.minute} ${rule.days.join(',')}`;

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

/** docs/product/validation.md, docs/protocol.md: the Timer to save, with the zone its times are in. */
export function timerOfDraft(draft: TimerDraft, timeZone: string): TimerValue {
  return rulesToTimer(draft.enabled, draft.rules, timeZone);
}

/**
 * A settings page's timer: the draft starts from the device's timer once, in the browser's IANA zone, and is saved
 * with that zone, so the plug switches at the same local time all year. Spread `editor` on TimerRulesEditor;
 * `saved()` is the Timer for the PATCH body.
 */
export function useTimerDraft(timer: TimerValue) {
  const [timeZone] = useState(browserTimeZone);
  const [value, onChange] = useState<TimerDraft>(() => timerDraftOf(timer, timeZone));
  const savedIn = timer.TimeZone ?? LEGACY_TIME_ZONE;
  const movedFrom = timer.On.length + timer.Off.length > 0 && savedIn !== timeZone ? savedIn : null;
  return { editor: { value, onChange, timeZone, movedFrom }, saved: () => timerOfDraft(value, timeZone) };
}

export interface TimerRulesEditorProps {
  value: TimerDraft;
  onChange: (value: TimerDraft) => void;
  /** The browser's IANA zone (browserTimeZone); the rules are shown and saved in it. */
  timeZone: string;
  /** The zone the saved rules were in when it is another one (UTC for the old form): they are shown moved. */
  movedFrom?: string | null;
}

/**
 * docs/product/screens.md, docs/product/states.md, docs/product/validation.md timer rules of both plugs: the switch, the rules in local time, and a new rule (time with the
 * minute rounded up to the next 5, days Monday first, on or off). Rules are added and removed here and saved
 * with the page.
 */
export function TimerRulesEditor({ value, onChange, timeZone, movedFrom = null }: TimerRulesEditorProps) {
  const t = useT();
  const format = useRuleFormat();
  const [time, setTime] = useState('');
  const [days, setDays] = useState<number[]>([]);
  const [action, setAction] = useState<PowerAction>('on');
  const [attempted, setAttempted] = useState(false);
  const checked = checkTimerRule({ time, days, action }, value.rules);
  const typed = parseTimeOfDay(time);

  const take = () => {
    setAttempted(true);
    if (!checked.rule) return null;
    setTime('');
    setAttempted(false);
    return checked.rule;
  };

  const errors = attempted ? checked.errors : { time: null, days: null, rule: null };
  const ruleError =
    errors.rule === 'duplicate'
      ? t(m.ruleDuplicate)
      : errors.rule === 'conflict' && typed
        ? t(m.timerConflict, { time: format.time(roundedTimeOfDay(typed)) })
        : errors.rule === 'tooMany'
          ? t(action === 'on' ? m.timerTooManyOn : m.timerTooManyOff, { max: TIMER_MAX_SCHEDULES })
          : null;

  const kind: RuleKind<TimerRule> = { compare: compareTimerRules, keyOf: timerRuleKey, when: format.time, describe: format.timerRule };
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
      <TextField
        type="time"
        name="timer-rule-time"
        label={t(m.timeLabel)}
        value={time}
        hint={rounded ? t(rounded.nextDay ? m.timeRoundedNextDay : m.timeRounded, { time: format.time(rounded) }) : t(m.timeHint)}
        error={errors.time === 'required' ? { message: m.timeRequired } : errors.time === 'invalid' ? { message: m.timeInvalid } : null}
        onChange={(e) => setTime(e.target.value)}
      />
      <DayPicker value={days} onChange={setDays} error={errors.days ? t(m.daysRequired) : undefined} />
    </RulesSection>
  );
}
