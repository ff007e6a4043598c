import { alarmSelectValue } from '@paddock/shared/domain';
import { useT } from '@paddock/shared/i18n';
import { Select } from '@paddock/shared/ui';
import { settingsTexts } from '../messages';
import { rulesTexts } from './messages';

export interface AlarmSelectProps {
  label: string;
  hint?: string;
  name: string;
  enabled: boolean;
  /** docs/product/states.md Subscription active; when false the select is disabled and shows Off (docs/product/screens.md). */
  active: boolean;
  /** docs/product/roles.md "Alarms and sharing": disabled, showing the owner's choice, for anyone but the owner. */
  readOnly?: boolean;
  onChange: (enabled: boolean) => void;
}

/** An alarm or notification of a plug: Off or On. */
export function AlarmSelect({ label, hint, name, enabled, active, readOnly = false, onChange }: AlarmSelectProps) {
  const t = useT();
  return (
    <Select
      label={label}
      hint={hint}
      name={name}
      disabled={!active || readOnly}
      value={alarmSelectValue(enabled, 'on', active)}
      options={[
        { value: 'off', label: t(settingsTexts.messages.off) },
        { value: 'on', label: t(rulesTexts.messages.alarmOn) },
      ]}
      onChange={(e) => onChange(e.target.value === 'on')}
    />
  );
}
