import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useIntl } from 'react-intl';
import {
  THERMOSTAT_MAX_TRIGGERS,
  THERMOSTAT_TEMPERATURE_MAX,
  THERMOSTAT_TEMPERATURE_MIN,
  checkThermostatRule,
  compareThermostatRules,
  fromThermostatTrigger,
  keepDigitsAndLeadingMinus,
  toThermostatTrigger,
  type PowerAction,
  type ThermostatDirection,
  type ThermostatRule,
  type ThermostatTriggerValue,
} from '@paddock/shared/domain';
import { useT } from '@paddock/shared/i18n';
import { Button, Checkbox, IconButton, Select, TextField, type FieldMessage } from '@paddock/shared/ui';
import { SettingsSection } from '../common';
import { DayPicker } from './DayPicker';
import { focusAfterRemoval, submitOnEnter } from './focus';
import { useRuleFormat } from './format';
import { rulesTexts } from './messages';
import './rules.css';

const m = rulesTexts.messages;

/** The thermostat as the page edits it. */
export interface ThermostatDraft {
  enabled: boolean;
  rules: ThermostatRule[];
}

/** SPEC §3: the wire Thermostat as the editor shows it (a trigger has no time of day, so no time-zone shift). */
export function thermostatDraftOf(thermostat: { Enabled: boolean; Triggers: readonly ThermostatTriggerValue[] }): ThermostatDraft {
  return { enabled: thermostat.Enabled, rules: thermostat.Triggers.map(fromThermostatTrigger).sort(compareThermostatRules) };
}

/** SPEC §3/§5: the Thermostat to save. */
export function thermostatOfDraft(draft: ThermostatDraft): { Enabled: boolean; Triggers: ThermostatTriggerValue[] } {
  return { Enabled: draft.enabled, Triggers: draft.rules.map(toThermostatTrigger) };
}

/**
 * SPEC §2/§4/§5 thermostat rules of the SmartPlug: the switch, the rules, and a new rule (days, above or below,
 * a temperature from -20 to 70 °C, on or off). Rules are added and removed here and saved with the page.
 */
export function ThermostatRulesEditor({ value, onChange }: { value: ThermostatDraft; onChange: (value: ThermostatDraft) => void }) {
  const t = useT();
  const intl = useIntl();
  const format = useRuleFormat();
  const [days, setDays] = useState<number[]>([]);
  const [direction, setDirection] = useState<ThermostatDirection>('above');
  const [temperature, setTemperature] = useState('');
  const [action, setAction] = useState<PowerAction>('off');
  const [attempted, setAttempted] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const listRef = useRef<HTMLUListElement>(null);
  const newRuleRef = useRef<HTMLFieldSetElement>(null);
  const removedAt = useRef<number | null>(null);

  const checked = checkThermostatRule({ days, direction, temperature, action }, value.rules);
  useEffect(() => focusAfterRemoval(removedAt, listRef.current, newRuleRef.current), [value.rules]);

  const add = () => {
    setAttempted(true);
    if (!checked.rule) return;
    onChange({ ...value, rules: [...value.rules, checked.rule].sort(compareThermostatRules) });
    setAnnouncement(t(m.ruleAdded, { rule: format.thermostatRule(checked.rule) }));
    setTemperature('');
    setAttempted(false);
  };

  const remove = (index: number) => {
    const rule = value.rules[index];
    removedAt.current = index;
    onChange({ ...value, rules: value.rules.filter((_, i) => i !== index) });
    setAnnouncement(t(m.ruleRemoved, { rule: format.thermostatRule(rule) }));
  };

  const errors = attempted ? checked.errors : { days: null, temperature: null, rule: null };
  const limit = (n: number) => format.celsius(n);
  const temperatureError: FieldMessage =
    errors.temperature === 'required'
      ? { message: m.boundRequired }
      : errors.temperature === 'belowMinimum'
        ? { message: m.boundBelowMinimum, values: { limit: limit(THERMOSTAT_TEMPERATURE_MIN) } }
        : errors.temperature === 'aboveMaximum'
          ? { message: m.boundAboveMaximum, values: { limit: limit(THERMOSTAT_TEMPERATURE_MAX) } }
          : null;
  const ruleError =
    errors.rule === 'duplicate' ? t(m.ruleDuplicate) : errors.rule === 'tooMany' ? t(m.thermostatTooMany, { max: intl.formatNumber(THERMOSTAT_MAX_TRIGGERS) }) : null;

  return (
    <SettingsSection title={t(m.thermostatTitle)}>
      <Checkbox role="switch" label={t(m.thermostatEnabled)} checked={value.enabled} onChange={(e) => onChange({ ...value, enabled: e.target.checked })} />
      {value.rules.length ? (
        <ul className="pd-rules__list" aria-label={t(m.thermostatRules)} ref={listRef}>
          {value.rules.map((rule, index) => (
            <li key={`${index} ${rule.direction} ${rule.temperature} ${rule.action} ${rule.days.join(',')}`} className="pd-rules__item">
              <span className="pd-rules__when">{format.condition(rule)}</span>
              <span className={`pd-rules__action pd-rules__action--${rule.action}`}>{format.action(rule.action)}</span>
              <span className="pd-rules__days-text">{format.days(rule.days)}</span>
              <IconButton icon="close" label={t(m.removeRule, { rule: format.thermostatRule(rule) })} onClick={() => remove(index)} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="pd-rules__empty">{t(m.thermostatEmpty)}</p>
      )}
      <fieldset className="pd-rules__new" ref={newRuleRef} onKeyDown={(e: KeyboardEvent) => submitOnEnter(e, add)}>
        <legend className="pd-rules__new-title">{t(m.newRule)}</legend>
        <DayPicker value={days} onChange={setDays} error={errors.days ? t(m.daysRequired) : undefined} />
        <div className="pd-rules__pair">
          <Select
            label={t(m.directionLabel)}
            value={direction}
            options={[
              { value: 'above', label: t(m.directionAbove) },
              { value: 'below', label: t(m.directionBelow) },
            ]}
            onChange={(e) => setDirection(e.target.value === 'below' ? 'below' : 'above')}
          />
          <TextField
            label={t(m.temperatureLabel)}
            name="thermostat-rule-temperature"
            // A phone's number pad often lacks a minus, and temperatures may be negative.
            inputMode="text"
            autoComplete="off"
            maxLength={4}
            hint={t(m.rangeHint, { min: limit(THERMOSTAT_TEMPERATURE_MIN), max: limit(THERMOSTAT_TEMPERATURE_MAX) })}
            value={temperature}
            error={temperatureError}
            onChange={(e) => setTemperature(keepDigitsAndLeadingMinus(e.target.value))}
          />
        </div>
        <Select
          label={t(m.actionLabel)}
          value={action}
          options={[
            { value: 'on', label: t(m.actionOn) },
            { value: 'off', label: t(m.actionOff) },
          ]}
          onChange={(e) => setAction(e.target.value === 'on' ? 'on' : 'off')}
        />
        {ruleError ? (
          <p className="pd-field__error" role="alert">
            {ruleError}
          </p>
        ) : null}
        <div className="pd-actions pd-rules__add">
          <Button icon="add-circle" onClick={add}>
            {t(m.addThermostatRule)}
          </Button>
        </div>
        {/* A complete rule that was not added would be lost on Save: say so before the user leaves it. */}
        {checked.rule ? <p className="pd-rules__pending">{t(m.notAddedYet, { button: t(m.addThermostatRule) })}</p> : null}
      </fieldset>
      <p className="pd-field__hint">{t(m.savedOnSave)}</p>
      <p className="pd-visually-hidden" role="status">
        {announcement}
      </p>
    </SettingsSection>
  );
}
