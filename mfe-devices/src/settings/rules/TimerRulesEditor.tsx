import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import {
  TIMER_MAX_SCHEDULES,
  checkTimerRule,
  compareTimerRules,
  formatUtcOffset,
  parseTimeOfDay,
  roundedTimeOfDay,
  rulesToTimer,
  timerToRules,
  type PowerAction,
  type TimerRule,
  type TimerValue,
} from '@paddock/shared/domain';
import { useT } from '@paddock/shared/i18n';
import { Button, Checkbox, IconButton, Select, TextField } from '@paddock/shared/ui';
import { SettingsSection } from '../common';
import { DayPicker } from './DayPicker';
import { focusAfterRemoval, submitOnEnter } from './focus';
import { useRuleFormat } from './format';
import { rulesTexts } from './messages';
import './rules.css';

const m = rulesTexts.messages;

/** The timer as the page edits it: the switch and the rules in local time, in list order. */
export interface TimerDraft {
  enabled: boolean;
  rules: TimerRule[];
}

/** SPEC §2/§5: the wire Timer (UTC) as the editor shows it, in local time at the given UTC offset. */
export function timerDraftOf(timer: TimerValue, utcOffsetMinutes: number): TimerDraft {
  return { enabled: timer.Enabled, rules: timerToRules(timer, utcOffsetMinutes).sort(compareTimerRules) };
}

/** SPEC §5: the Timer to save, converted to UTC. */
export function timerOfDraft(draft: TimerDraft, utcOffsetMinutes: number): TimerValue {
  return rulesToTimer(draft.enabled, draft.rules, utcOffsetMinutes);
}

export interface TimerRulesEditorProps {
  value: TimerDraft;
  onChange: (value: TimerDraft) => void;
  /** The browser's offset (localUtcOffsetMinutes); the same one must convert the draft back on save. */
  utcOffsetMinutes: number;
}

/**
 * SPEC §2/§4/§5 timer rules of both plugs: the switch, the rules in local time, and a new rule (time with the
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
  const [announcement, setAnnouncement] = useState('');
  const listRef = useRef<HTMLUListElement>(null);
  const newRuleRef = useRef<HTMLFieldSetElement>(null);
  const removedAt = useRef<number | null>(null);

  const checked = checkTimerRule({ time, days, action }, value.rules);
  const typed = parseTimeOfDay(time);

  useEffect(() => focusAfterRemoval(removedAt, listRef.current, newRuleRef.current), [value.rules]);

  const add = () => {
    setAttempted(true);
    if (!checked.rule) return;
    onChange({ ...value, rules: [...value.rules, checked.rule].sort(compareTimerRules) });
    setAnnouncement(t(m.ruleAdded, { rule: format.timerRule(checked.rule) }));
    setTime('');
    setAttempted(false);
  };

  const remove = (index: number) => {
    const rule = value.rules[index];
    removedAt.current = index;
    onChange({ ...value, rules: value.rules.filter((_, i) => i !== index) });
    setAnnouncement(t(m.ruleRemoved, { rule: format.timerRule(rule) }));
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
      {value.rules.length ? (
        <ul className="pd-rules__list" aria-label={t(m.timerRules)} ref={listRef}>
          {value.rules.map((rule, index) => (
            <li key={`${index} ${rule.action} ${rule.hour}:${rule.minute} ${rule.days.join(',')}`} className="pd-rules__item">
              <span className="pd-rules__when">{format.time(rule)}</span>
              <span className={`pd-rules__action pd-rules__action--${rule.action}`}>{format.action(rule.action)}</span>
              <span className="pd-rules__days-text">{format.days(rule.days)}</span>
              <IconButton icon="close" label={t(m.removeRule, { rule: format.timerRule(rule) })} onClick={() => remove(index)} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="pd-rules__empty">{t(m.timerEmpty)}</p>
      )}
      <fieldset className="pd-rules__new" ref={newRuleRef} onKeyDown={(e: KeyboardEvent) => submitOnEnter(e, add)}>
        <legend className="pd-rules__new-title">{t(m.newRule)}</legend>
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
        <Select
          label={t(m.actionLabel)}
          value={action}
          options={[
            { value: 'on', label: t(m.actionOn) },
            { value: 'off', label: t(m.actionOff) },
          ]}
          onChange={(e) => setAction(e.target.value === 'off' ? 'off' : 'on')}
        />
        {ruleError ? (
          <p className="pd-field__error" role="alert">
            {ruleError}
          </p>
        ) : null}
        <div className="pd-actions pd-rules__add">
          <Button icon="add-circle" onClick={add}>
            {t(m.addTimerRule)}
          </Button>
        </div>
        {/* A complete rule that was not added would be lost on Save: say so before the user leaves it. */}
        {checked.rule ? <p className="pd-rules__pending">{t(m.notAddedYet, { button: t(m.addTimerRule) })}</p> : null}
      </fieldset>
      <p className="pd-field__hint">{t(m.savedOnSave)}</p>
      <p className="pd-visually-hidden" role="status">
        {announcement}
      </p>
    </SettingsSection>
  );
}
