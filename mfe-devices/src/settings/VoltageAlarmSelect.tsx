import { alarmSelectValue } from '@paddock/shared/domain';
import { useT } from '@paddock/shared/i18n';
import { Select } from '@paddock/shared/ui';
import { settingsTexts } from './messages';

export interface VoltageAlarmSelectProps<L extends number> {
  label: string;
  hint: string;
  /** The device's choices, in order. */
  levels: readonly L[];
  labelOf: (level: L) => string;
  enabled: boolean;
  level: L;
  /** docs/product/states.md Subscription active; when false the select is disabled and shows Off (docs/product/screens.md). */
  active: boolean;
  /** docs/product/roles.md "Alarms and sharing": disabled, showing the owner's choice, for anyone but the owner. */
  readOnly?: boolean;
  /** Off keeps the last level: it is saved with the alarm switched off. */
  onChange: (enabled: boolean, level: L) => void;
}

/** A fence's voltage alarm: Off or one of the device's levels. */
export function VoltageAlarmSelect<L extends number>({
  label,
  hint,
  levels,
  labelOf,
  enabled,
  level,
  active,
  readOnly = false,
  onChange,
}: VoltageAlarmSelectProps<L>) {
  const t = useT();
  return (
    <Select
      label={label}
      name="voltageAlarm"
      hint={hint}
      disabled={!active || readOnly}
      value={String(alarmSelectValue(enabled, level, active))}
      options={[{ value: 'off', label: t(settingsTexts.messages.off) }, ...levels.map((l) => ({ value: String(l), label: labelOf(l) }))]}
      onChange={(e) => {
        const chosen = levels.find((l) => String(l) === e.target.value);
        onChange(chosen !== undefined, chosen ?? level);
      }}
    />
  );
}
