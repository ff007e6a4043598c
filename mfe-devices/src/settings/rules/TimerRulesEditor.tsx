import { useState } from 'react';
import {
  TIMER_MAX_SCHEDULES,
  checkTimerRule,
  compareTimerRules,
  formatUtcOffset,
  localUtcOffsetMinutes,
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
import './rules.css';

const m = rulesTexts.messages;

const timerRuleKey = (rule: TimerRule) => `${rule.action} ${rule.hour}:${rule.minute} ${rule.days.join(',')}`;

/** The timer as the page edits it: the switch and the rules in local time, in list order. */
export interface TimerDraft {
  enabled: boolean;
  rules: TimerRule[];
}

/** docs/product/screens.md, docs/product/validation.md: the wire Timer (UTC) as the editor shows it, in local time at the given UTC offset. */
export function timerDraftOf(timer: TimerValue, utcOffsetMinutes: number): TimerDraft {
  return { enabled: timer.Enabled, rules: timerToRules(timer, utcOffsetMinutes).sort(compareTimerRules) };
}

/** docs/product/validation.md: the Timer to save, converted to UTC. */
export function timerOfDraft(draft: TimerDraft, utcOffsetMinutes: number): TimerValue {
  return rulesToTimer(draft.enabled, draft.rules, utcOffsetMinutes);
}

/**
 * A settings page's timer: the draft starts from the device's timer once, and one UTC offset serves the whole
 * visit (the rules are shown with it and saved with it). Spread `editor` on TimerRulesEditor; `saved()` is the
 * Timer for the PATCH body.
 */
export function useTimerDraft(timer: TimerValue) {
  const [utcOffsetMinutes] = useState(() => localUtcOffsetMinutes());
  const [value, onChange] = useState<TimerDraft>(() => timerDraftOf(timer, utcOffsetMinutes));
  return { editor: { value, onChange, utcOffsetMinutes }, saved: () => timerOfDraft(value, utcOffsetMinutes) };
}

export interface TimerRulesEditorProps {
  value: TimerDraft;
  onChange: (value: TimerDraft) => void;
  /** The browser's offset (localUtcOffsetMinutes); the same one must convert the draft back on save. */
  utcOffsetMinutes: number;
}

/**
 * docs/product/screens.md, docs/product/states.md, docs/product/validation.md timer rules of both plugs: the switch, the rules in local time, and a new rule (time with the
 * minute rounded up to the next 5, days Monday first, on or off). Rules are added and removed here and saved
 * with the page.
 */
export function TimerRulesEditor({ value, onChange, utcOffsetMinutes }: TimerRulesEditorProps) {
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
  const zone = <p className="pd-field__hint">{t(m.timerZone, { zone: formatUtcOffset(utcOffsetMinutes) })}</p>;

  return (
    <RulesSection value={value} onChange={onChange} kind={kind} texts={texts} newRule={newRule} note={zone}>
      <TextField
        type="time"
        name="timer-rule-time"
        label={t(m.timeLabel)}
        value={time}
        hint={typed ? t(m.timeRounded, { time: format.time(roundedTimeOfDay(typed)) }) : t(m.timeHint)}
        error={errors.time === 'required' ? { message: m.timeRequired } : errors.time === 'invalid' ? { message: m.timeInvalid } : null}
        onChange={(e) => setTime(e.target.value)}
      />
      <DayPicker value={days} onChange={setDays} error={errors.days ? t(m.daysRequired) : undefined} />
    </RulesSection>
  );
}
