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
import { Checkbox, TextField } from '@paddock/shared/ui';
import { SettingsSection } from '../Section';
import { DayPicker } from './DayPicker';
import { useRuleFormat } from './format';
import { rulesTexts } from './messages';
import { NewRuleForm } from './NewRuleForm';
import { RuleList, useRuleList } from './RuleList';
import './rules.css';

const m = rulesTexts.messages;

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
  const list = useRuleList(value, onChange, compareTimerRules, format.timerRule);

  const checked = checkTimerRule({ time, days, action }, value.rules);
  const typed = parseTimeOfDay(time);

  const add = () => {
    setAttempted(true);
    if (!checked.rule) return;
    list.add(checked.rule);
    setTime('');
    setAttempted(false);
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

  return (
    <SettingsSection title={t(m.timerTitle)}>
      <Checkbox role="switch" label={t(m.timerEnabled)} checked={value.enabled} onChange={(e) => onChange({ ...value, enabled: e.target.checked })} />
      <p className="pd-field__hint">{t(m.timerZone, { zone: formatUtcOffset(utcOffsetMinutes) })}</p>
      <RuleList
        rules={value.rules}
        listRef={list.listRef}
        label={t(m.timerRules)}
        empty={t(m.timerEmpty)}
        when={format.time}
        describe={format.timerRule}
        keyOf={(rule) => `${rule.action} ${rule.hour}:${rule.minute} ${rule.days.join(',')}`}
        onRemove={list.remove}
      />
      <NewRuleForm
        formRef={list.newRuleRef}
        action={action}
        onActionChange={setAction}
        ruleError={ruleError}
        addLabel={t(m.addTimerRule)}
        onAdd={add}
        pending={Boolean(checked.rule)}
        announcement={list.announcement}
      >
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
      </NewRuleForm>
    </SettingsSection>
  );
}
