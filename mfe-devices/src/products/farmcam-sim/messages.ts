import { defineTranslations } from '@paddock/shared/i18n';

export const farmcamSimTexts = defineTranslations('devices.settings.farmcamSim', {
  dataHeading: { 'en-GB': 'Data', 'de-DE': 'Daten', 'fr-FR': 'Données', 'sv-SE': 'Data' },
  remainingData: { 'en-GB': 'Data left', 'de-DE': 'Verbleibende Daten', 'fr-FR': 'Données restantes', 'sv-SE': 'Data kvar' },
});
