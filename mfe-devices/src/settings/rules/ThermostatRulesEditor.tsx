import { useState } from 'react';
import { useIntl } from 'react-intl';
import {
  THERMOSTAT_MAX_TRIGGERS,
  THERMOSTAT_TEMPERATURE_MAX,
  THERMOSTAT_TEMPERATURE_MIN,
  browserTimeZone,
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
import { Select, TextField, type FieldMessage } from '@paddock/shared/ui';
import { DayPicker } from './DayPicker';
import { useRuleFormat } from './format';
import { rulesTexts } from './messages';
import type { RuleKind } from './RuleList';
import { RulesSection } from './RulesSection';
import './rules.css';

const m = rulesTexts.messages;

const thermostatRuleKey = (rule: ThermostatRule) => `${rule.direction} ${rule.temperature} ${rule.action} ${rule.days.join(',')}`;

/** The thermostat as the page edits it. */
export interface ThermostatDraft {
  enabled: boolean;
  rules: ThermostatRule[];
}

/** docs/product/devices.md: the wire Thermostat as the editor shows it (a trigger has no time of day, so no time-zone shift). */
export function thermostatDraftOf(thermostat: { Enabled: boolean; Triggers: readonly ThermostatTriggerValue[] }): ThermostatDraft {
  return { enabled: thermostat.Enabled, rules: thermostat.Triggers.map(fromThermostatTrigger).sort(compareThermostatRules) };
}

/**
 * docs/product/devices.md, docs/product/validation.md, docs/protocol.md: the Thermostat to save, its days being
 * those of `timeZone`'s calendar.
 */
export function thermostatOfDraft(
  draft: ThermostatDraft,
  timeZone: string,
): { Enabled: boolean; Triggers: ThermostatTriggerValue[]; TimeZone: string } {
  return { Enabled: draft.enabled, Triggers: draft.rules.map(toThermostatTrigger), TimeZone: timeZone };
}

/**
 * A settings page's thermostat: spread `editor` on ThermostatRulesEditor; `saved()` is the Thermostat for the PATCH
 * body, with the browser's zone (its days are the farmer's days).
 */
export function useThermostatDraft(thermostat: { Enabled: boolean; Triggers: readonly ThermostatTriggerValue[] }) {
  const [timeZone] = useState(browserTimeZone);
  const [value, onChange] = useState<ThermostatDraft>(() => thermostatDraftOf(thermostat));
  return { editor: { value, onChange }, saved: () => thermostatOfDraft(value, timeZone) };
}

/**
 * docs/product/screens.md, docs/product/states.md, docs/product/validation.md thermostat rules of the SmartPlug: the switch, the rules, and a new rule (days, above or below,
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
  const checked = checkThermostatRule({ days, direction, temperature, action }, value.rules);

  const take = () => {
    setAttempted(true);
    if (!checked.rule) return null;
    setTemperature('');
    setAttempted(false);
    return checked.rule;
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
    errors.rule === 'duplicate'
      ? t(m.ruleDuplicate)
      : errors.rule === 'tooMany'
        ? t(m.thermostatTooMany, { max: intl.formatNumber(THERMOSTAT_MAX_TRIGGERS) })
        : null;
  const kind: RuleKind<ThermostatRule> = {
    compare: compareThermostatRules,
    keyOf: thermostatRuleKey,
    when: format.condition,
    describe: format.thermostatRule,
  };
  const newRule = { action, onActionChange: setAction, take, error: ruleError, pending: Boolean(checked.rule) };
  const texts = {
    title: t(m.thermostatTitle),
    enabled: t(m.thermostatEnabled),
    rules: t(m.thermostatRules),
    empty: t(m.thermostatEmpty),
    add: t(m.addThermostatRule),
  };

  return (
    <RulesSection value={value} onChange={onChange} kind={kind} texts={texts} newRule={newRule}>
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
    </RulesSection>
  );
}
