import type { ReactNode } from 'react';
import { useT } from '@paddock/shared/i18n';
import { FoldSection, Icon, icons } from '@paddock/shared/ui';
import { settingsTexts } from './messages';

/** A card of a settings page with its h2 (the page's h1 is the device's title), folding under it (docs/product/screens.md). */
export function SettingsSection({ title, children, defaultOpen }: { title: ReactNode; children: ReactNode; defaultOpen?: boolean }) {
  return (
    <FoldSection title={title} defaultOpen={defaultOpen} className="pd-settings__section">
      {children}
    </FoldSection>
  );
}

/** docs/product/screens.md: said beside the alarm selects when they are disabled because the subscription is not active. */
export function AlarmsInactiveNote({ active }: { active: boolean }) {
  const t = useT();
  if (active) return null;
  return (
    <p className="pd-settings__note">
      <Icon icon={icons.warning} size={20} />
      <span>{t(settingsTexts.messages.alarmsNeedSubscription)}</span>
    </p>
  );
}
