import { useState, type ChangeEvent } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import {
  CALIBRATION_EXPECTED_VOLTAGE_MAX,
  CALIBRATION_SCALING_FACTOR_MAX,
  FENCEALARM_LEVELS,
  checkExpectedVoltage,
  checkScalingFactor,
  keepDigitsAndLeadingMinus,
  parseBoundInput,
  parseDecimal,
  unconfirmedAlarmLevel,
  type BoundError,
  type FencealarmLevel,
} from '@paddock/shared/domain';
import { useT } from '@paddock/shared/i18n';
import { Checkbox, TextField, type FieldMessage } from '@paddock/shared/ui';
import {
  AlarmsInactiveNote,
  OwnerOnlyNote,
  SettingsFrame,
  SettingsSection,
  VoltageAlarmSelect,
  focusControl,
  settingsPage,
} from '../../settings';
import { useIsDeviceOwner, useSubscriptionActive, settingsTexts, type ProductFields, type SettingsPageProps } from '../../settings';
import { fencealarmTexts } from './messages';

const m = fencealarmTexts.messages;
const s = settingsTexts.messages;
/** The level saved with the alarm switched off when the device's own is not one of the choices (server default). */
const FALLBACK_LEVEL: FencealarmLevel = 5000;

const isLevel = (value: number): value is FencealarmLevel => (FENCEALARM_LEVELS as readonly number[]).includes(value);

type Errors = { scalingFactor?: FieldMessage; expectedVoltage?: FieldMessage };

/**
 * docs/product/screens.md FenceAlarm settings: the voltage alarm (Off or 2000–8000 V), calibration (scaling factor, expected
 * voltage) and the common parts. The alarm select is disabled and shows Off without an active subscription.
 */
function FencealarmSettings({ device }: SettingsPageProps<'fencealarm'>) {
  const t = useT();
  const intl = useIntl();
  const active = useSubscriptionActive(device.Subscription);
  // docs/product/roles.md "Alarms and sharing": the alarm and the calibration it compares with are the owner's.
  const isOwner = useIsDeviceOwner(device.Metadata.OwnerEmail);
  const [alarmOn, setAlarmOn] = useState(device.VoltageAlarm.Enabled);
  const [level, setLevel] = useState<FencealarmLevel>(
    isLevel(device.VoltageAlarm.AlarmLevel) ? device.VoltageAlarm.AlarmLevel : FALLBACK_LEVEL,
  );
  const [calibrationOn, setCalibrationOn] = useState(device.Calibration.Enabled);
  const [scaling, setScaling] = useState(
    intl.formatNumber(device.Calibration.ScalingFactor, { useGrouping: false, maximumFractionDigits: 6 }),
  );
  const [expected, setExpected] = useState(String(device.Calibration.ExpectedVoltage));
  const [errors, setErrors] = useState<Errors>({});
  const volts = (value: number) => t(s.volts, { value: intl.formatNumber(value) });
  const confirmed = unconfirmedAlarmLevel(device);
  const rangeError = (code: BoundError | 'invalid', below: MessageDescriptor, above: MessageDescriptor, max: number): FieldMessage =>
    code === 'invalid'
      ? { message: s.numberInvalid }
      : code === 'required'
        ? { message: s.valueRequired }
        : code === 'belowMinimum'
          ? { message: below }
          : code === 'aboveMaximum'
            ? { message: above, values: { max: intl.formatNumber(max) } }
            : null;

  const collect = (): ProductFields<'fencealarm'> | null => {
    if (!isOwner) return {};
    const scalingValue = parseDecimal(scaling);
    const expectedValue = parseBoundInput(expected);
    const scalingCode = scaling.trim() && scalingValue === null ? 'invalid' : checkScalingFactor(scalingValue);
    const expectedCode = checkExpectedVoltage(expectedValue);
    const next: Errors = {
      scalingFactor: rangeError(scalingCode, m.scalingBelow, m.scalingAbove, CALIBRATION_SCALING_FACTOR_MAX),
      expectedVoltage: rangeError(expectedCode, m.expectedBelow, m.expectedAbove, CALIBRATION_EXPECTED_VOLTAGE_MAX),
    };
    setErrors(next);
    const firstBad = next.scalingFactor ? 'scalingFactor' : next.expectedVoltage ? 'expectedVoltage' : null;
    if (firstBad) {
      focusControl(firstBad);
      return null;
    }
    return {
      // Without an active subscription the select is disabled: the alarm the user had set is left as it is.
      ...(active ? { VoltageAlarm: { Enabled: alarmOn, AlarmLevel: level } } : {}),
      Calibration: { Enabled: calibrationOn, ScalingFactor: scalingValue!, ExpectedVoltage: expectedValue! },
    };
  };

  // A calibration input's props: the text as typed (after `set`'s filter), and its error until the user changes it.
  const calibrationInput = (name: keyof Errors, value: string, set: (text: string) => void) => ({
    name,
    value,
    autoComplete: 'off',
    error: errors[name],
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      set(e.target.value);
      setErrors((x) => ({ ...x, [name]: null }));
    },
  });

  return (
    <SettingsFrame product="fencealarm" device={device} collect={collect}>
      <SettingsSection title={t(m.voltageAlarmHeading)}>
        <AlarmsInactiveNote active={active} />
        <OwnerOnlyNote isOwner={isOwner} />
        <VoltageAlarmSelect
          label={t(m.alarmLevelLabel)}
          // The hint says what the shown choice does: Off (also while inactive, when the select shows Off) or the level.
          hint={alarmOn && active ? t(m.alarmLevelHintOn, { level: volts(level) }) : t(m.alarmLevelHint)}
          levels={FENCEALARM_LEVELS}
          labelOf={volts}
          enabled={alarmOn}
          level={level}
          active={active}
          readOnly={!isOwner}
          onChange={(on, value) => {
            setAlarmOn(on);
            setLevel(value);
          }}
        />
        {confirmed !== null ? <p className="pd-settings__confirmed">{t(m.confirmedLevel, { level: volts(confirmed) })}</p> : null}
      </SettingsSection>
      <SettingsSection title={t(m.calibrationHeading)}>
        <OwnerOnlyNote isOwner={isOwner} />
        <Checkbox
          label={t(m.calibrationEnabled)}
          hint={t(m.calibrationHint)}
          name="calibrationEnabled"
          checked={calibrationOn}
          disabled={!isOwner}
          onChange={(e) => setCalibrationOn(e.target.checked)}
        />
        <TextField
          label={t(m.scalingLabel)}
          hint={t(m.scalingHint, { max: intl.formatNumber(CALIBRATION_SCALING_FACTOR_MAX) })}
          inputMode="decimal"
          disabled={!isOwner}
          {...calibrationInput('scalingFactor', scaling, setScaling)}
        />
        <TextField
          label={t(m.expectedLabel)}
          hint={t(m.expectedHint, { max: intl.formatNumber(CALIBRATION_EXPECTED_VOLTAGE_MAX) })}
          inputMode="numeric"
          disabled={!isOwner}
          {...calibrationInput('expectedVoltage', expected, (text) => setExpected(keepDigitsAndLeadingMinus(text)))}
        />
      </SettingsSection>
    </SettingsFrame>
  );
}

export default settingsPage([fencealarmTexts], FencealarmSettings);
