import type { ComponentProps, ComponentType } from 'react';
import type { ProductId } from '@paddock/shared/domain';
import { Translations } from '@paddock/shared/i18n';
import { settingsTexts } from './messages';
import { ownerChoicesTexts } from './ownerChoices';
import type { SettingsPageProps } from './SettingsFrame';

/**
 * A product's settings page with its texts and the frame's: the default export of the product's Settings module,
 * which the route loads on the first visit.
 */
export function settingsPage<P extends ProductId>(texts: ComponentProps<typeof Translations>['translations'], Page: ComponentType<SettingsPageProps<P>>) {
  // A constant, so the catalogues merge once.
  const translations = [settingsTexts, ownerChoicesTexts, ...texts];
  return function ProductSettingsPage(props: SettingsPageProps<P>) {
    return (
      <Translations translations={translations}>
        <Page {...props} />
      </Translations>
    );
  };
}
