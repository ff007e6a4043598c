import { useId, type ReactNode } from 'react';
import { useT } from '@paddock/shared/i18n';
import { Icon } from '@paddock/shared/ui';
import { settingsTexts } from './messages';

/** A card of a settings page with its h2 (the page's h1 is the device's title). */
export function SettingsSection({ title, children }: { title: ReactNode; children: ReactNode }) {
  const id = useId();
  return (
    <section className="pd-card pd-settings__section" aria-labelledby={id}>
      <h2 id={id} className="pd-settings__heading">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** docs/product/screens.md: said beside the alarm selects when they are disabled because the subscription is not active. */
export function AlarmsInactiveNote({ active }: { active: boolean }) {
  const t = useT();
  if (active) return null;
  return (
    <p className="pd-settings__note">
      <Icon name="warning" size={20} />
      <span>{t(settingsTexts.messages.alarmsNeedSubscription)}</span>
    </p>
  );
}
