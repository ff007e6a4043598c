import { useEffect, useState } from 'react';
import { devicesApi } from '@paddock/shared/api';
import type { AlarmChannels, User } from '@paddock/shared/contract';
import type { ProductId } from '@paddock/shared/domain';
import { useT } from '@paddock/shared/i18n';
import { Checkbox } from '@paddock/shared/ui';
import { settingsTexts } from './messages';
import { SettingsSection } from './Section';

const m = settingsTexts.messages;

export interface AlarmChannelsDraft {
  /** What the server has (null: not loaded yet, or failed). */
  saved: AlarmChannels | null;
  draft: AlarmChannels | null;
  failed: boolean;
}

/**
 * The signed-in user's own channels for the device's alarms, loaded with the page and saved with it. Not loaded
 * while an admin impersonates: the server would answer the admin's own, and consent is the user's alone.
 */
export function useAlarmChannels(product: ProductId, key: string, enabled: boolean) {
  const [state, setState] = useState<AlarmChannelsDraft>({ saved: null, draft: null, failed: false });
  useEffect(() => {
    if (!enabled) return;
    let stopped = false;
    devicesApi.alarmChannels(product, key, { background: true, silent: true }).then(
      (saved) => {
        if (!stopped) setState({ saved, draft: saved, failed: false });
      },
      () => {
        if (!stopped) setState({ saved: null, draft: null, failed: true });
      },
    );
    return () => {
      stopped = true;
    };
  }, [product, key, enabled]);
  const { saved, draft } = state;
  const changed = saved !== null && draft !== null && (saved.Email !== draft.Email || saved.Sms !== draft.Sms || saved.Push !== draft.Push);
  return {
    state,
    /** The choice to PUT on Save, or null when nothing changed. */
    changedDraft: changed ? draft : null,
    set: (channel: keyof AlarmChannels, on: boolean) => setState((s) => (s.draft ? { ...s, draft: { ...s.draft, [channel]: on } } : s)),
  };
}

/** Why a channel the user switches on here would still send nothing: the account's own switch (or balance) for it. */
function accountHints(user: User | null) {
  if (!user) return { Email: null, Sms: null, Push: null };
  const sms = !user.SmsNotifications.Enabled
    ? m.channelSmsOff
    : user.SmsNotifications.Balance <= 0
      ? m.channelSmsNoBalance
      : !user.Phone
        ? m.channelSmsNoPhone
        : null;
  return {
    Email: user.EmailNotifications.Device ? null : m.channelEmailOff,
    Sms: sms,
    Push: user.PushNotifications.Enabled ? null : m.channelPushOff,
  };
}

export interface AlarmChannelsSectionProps {
  channels: ReturnType<typeof useAlarmChannels>;
  user: User | null;
  /** An admin acting as this user: the choice is shown as the user's alone. */
  impersonating: boolean;
}

/** "Your alarm notifications for this device": three switches, with a hint where the account keeps a channel off. */
export function AlarmChannelsSection({ channels, user, impersonating }: AlarmChannelsSectionProps) {
  const t = useT();
  const { draft, failed } = channels.state;
  const hints = accountHints(user);
  const switches: { channel: keyof AlarmChannels; label: string; name: string }[] = [
    { channel: 'Email', label: t(m.channelEmail), name: 'alarmEmail' },
    { channel: 'Sms', label: t(m.channelSms), name: 'alarmSms' },
    { channel: 'Push', label: t(m.channelPush), name: 'alarmPush' },
  ];
  return (
    <SettingsSection title={t(m.channelsHeading)}>
      <p className="pd-settings__text">{t(m.channelsIntro)}</p>
      {impersonating ? (
        <p className="pd-settings__text">{t(m.channelsOnlyUser, { email: user?.Email ?? '' })}</p>
      ) : failed ? (
        <p className="pd-settings__text">{t(m.channelsLoadFailed)}</p>
      ) : (
        switches.map(({ channel, label, name }) => {
          const hint = hints[channel];
          return (
            <Checkbox
              key={channel}
              role="switch"
              name={name}
              label={label}
              checked={draft?.[channel] ?? false}
              disabled={!draft}
              hint={hint ? t(hint) : undefined}
              onChange={(e) => channels.set(channel, e.target.checked)}
            />
          );
        })
      )}
    </SettingsSection>
  );
}
