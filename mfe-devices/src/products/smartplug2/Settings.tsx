import { useState } from 'react';
import { useIntl } from 'react-intl';
import { CONSUMPTION_LIMIT_KWH, checkDailyLimit, dailyLimitKWh, parseDecimal } from '@paddock/shared/domain';
import { useT } from '@paddock/shared/i18n';
import { TextField, type FieldMessage } from '@paddock/shared/ui';
import {
  AlarmsInactiveNote,
  OwnerOnlyNote,
  SettingsFrame,
  SettingsSection,
  focusControl,
  useIsDeviceOwner,
  useSubscriptionActive,
  settingsPage,
  settingsTexts,
} from '../../settings';
import type { ProductFields, SettingsPageProps } from '../../settings';
import { AlarmSelect, BoundsFields, SwitchField, TimerRulesEditor, rulesTexts, useBoundsDraft, useTimerDraft } from '../../settings/rules';
import { smartplug2Texts } from './messages';

const m = smartplug2Texts.messages;
const s = settingsTexts.messages;

/**
 * docs/product/screens.md SmartPlug2 settings: auditory feedback, the power-load alarm limits (0–3700 W, kept by the plug
 * itself), the power-failure, power-load and consumption notifications — the last with its daily limit in kWh
 * (docs/product/products/smartplug2.md) — the timer, then the common parts. The notifications need an active
 * subscription (disabled, Off and not sent without one). OutputPower is never sent from here: the dashboard's power
 * toggle owns it.
 */
function Smartplug2Settings({ device }: SettingsPageProps<'smartplug2'>) {
  const t = useT();
  const intl = useIntl();
  const active = useSubscriptionActive(device.Subscription);
  // docs/product/roles.md "Alarms and sharing": the power-load limits and the notifications are the owner's.
  const isOwner = useIsDeviceOwner(device.Metadata.OwnerEmail);
  const [auditory, setAuditory] = useState(device.DeviceConfig.AuditoryFeedback);
  const powerLoad = useBoundsDraft('load', 'powerLoad', device.DeviceConfig.PowerLoadAlarm);
  const [powerFailureOn, setPowerFailureOn] = useState(device.PowerFailureNotification.Enabled);
  const [powerLoadOn, setPowerLoadOn] = useState(device.PowerLoadAlarmNotification.Enabled);
  const [consumptionOn, setConsumptionOn] = useState(device.ConsumptionNotification.Enabled);
  // Typed with the locale's decimal mark ('2,5' in Swedish); either mark is read back (parseDecimal).
  const [dailyLimit, setDailyLimit] = useState(() =>
    intl.formatNumber(dailyLimitKWh(device.ConsumptionNotification), { useGrouping: false, maximumFractionDigits: 3 }),
  );
  const [dailyLimitError, setDailyLimitError] = useState<FieldMessage>(null);
  const timer = useTimerDraft(device.Timer);
  const [showErrors, setShowErrors] = useState(false);

  /** The daily limit as typed, or null after showing why it cannot be saved. */
  const savedDailyLimit = (): number | null => {
    const value = parseDecimal(dailyLimit);
    const code = dailyLimit.trim() && value === null ? 'invalid' : checkDailyLimit(value);
    const error: FieldMessage =
      code === 'invalid'
        ? { message: s.numberInvalid }
        : code === 'required'
          ? { message: s.valueRequired }
          : code === 'belowMinimum'
            ? { message: m.dailyLimitBelow }
            : code === 'aboveMaximum'
              ? { message: m.dailyLimitAbove, values: { max: intl.formatNumber(CONSUMPTION_LIMIT_KWH.max) } }
              : null;
    setDailyLimitError(error);
    return error ? null : value;
  };

  const collect = (): ProductFields<'smartplug2'> | null => {
    if (!isOwner) return { DeviceConfig: { AuditoryFeedback: auditory }, Timer: timer.saved() };
    const bounds = powerLoad.saved();
    // The limit is sent (and so checked) only with the notifications, which need an active subscription.
    const limit = active ? savedDailyLimit() : null;
    if (!bounds) setShowErrors(true);
    if (!bounds || (active && limit === null)) {
      focusControl(bounds ? 'dailyLimit' : powerLoad.firstInvalid()!);
      return null;
    }
    return {
      DeviceConfig: { AuditoryFeedback: auditory, PowerLoadAlarm: bounds },
      // Without an active subscription the notifications are left as the user had set them.
      ...(active
        ? {
            PowerFailureNotification: { Enabled: powerFailureOn },
            PowerLoadAlarmNotification: { Enabled: powerLoadOn },
            ConsumptionNotification: { Enabled: consumptionOn, DailyLimitKWh: limit! },
          }
        : {}),
      Timer: timer.saved(),
    };
  };

  const notifications = [
    {
      name: 'powerFailureNotification',
      label: m.powerFailureLabel,
      hint: m.powerFailureHint,
      enabled: powerFailureOn,
      onChange: setPowerFailureOn,
    },
    { name: 'powerLoadNotification', label: m.powerLoadLabel, hint: m.powerLoadHint, enabled: powerLoadOn, onChange: setPowerLoadOn },
    {
      name: 'consumptionNotification',
      label: m.consumptionLabel,
      hint: m.consumptionHint,
      enabled: consumptionOn,
      onChange: setConsumptionOn,
    },
  ];

  return (
    <SettingsFrame product="smartplug2" device={device} collect={collect}>
      <SettingsSection title={t(m.plugHeading)}>
        <SwitchField
          name="auditoryFeedback"
          label={t(m.auditoryLabel)}
          hint={t(m.auditoryHint)}
          checked={auditory}
          onChange={setAuditory}
        />
      </SettingsSection>
      <SettingsSection title={t(m.powerLoadHeading)}>
        <p className="pd-field__hint">{t(m.powerLoadIntro)}</p>
        <OwnerOnlyNote isOwner={isOwner} />
        <BoundsFields {...powerLoad.fields} showErrors={showErrors} disabled={!isOwner} />
      </SettingsSection>
      <SettingsSection title={t(m.notificationsHeading)}>
        <AlarmsInactiveNote active={active} />
        <OwnerOnlyNote isOwner={isOwner} />
        {notifications.map(({ label, hint, ...notification }) => (
          <AlarmSelect key={notification.name} {...notification} label={t(label)} hint={t(hint)} active={active} readOnly={!isOwner} />
        ))}
        <TextField
          label={t(m.dailyLimitLabel)}
          hint={t(m.dailyLimitHint, { max: intl.formatNumber(CONSUMPTION_LIMIT_KWH.max) })}
          name="dailyLimit"
          inputMode="decimal"
          autoComplete="off"
          value={dailyLimit}
          disabled={!active || !isOwner}
          error={dailyLimitError}
          onChange={(e) => {
            setDailyLimit(e.target.value);
            setDailyLimitError(null);
          }}
        />
      </SettingsSection>
      <TimerRulesEditor {...timer.editor} />
    </SettingsFrame>
  );
}

export default settingsPage([rulesTexts, smartplug2Texts], Smartplug2Settings);
