import { defineTranslations } from '@paddock/shared/i18n';

export const farmcamSimTexts = defineTranslations('devices.settings.farmcamSim', {
  dataHeading: { 'en-GB': 'Data', 'de-DE': 'Daten', 'fr-FR': 'Données', 'sv-SE': 'Data' },
  remainingData: { 'en-GB': 'Data left', 'de-DE': 'Verbleibende Daten', 'fr-FR': 'Données restantes', 'sv-SE': 'Data kvar' },
  buyExtraData: { 'en-GB': 'Buy extra data', 'de-DE': 'Zusätzliche Daten kaufen', 'fr-FR': 'Acheter des données', 'sv-SE': 'Köp extra data' },
  buyExtraDataOwnerOnly: {
    'en-GB': 'Only the owner can buy extra data.',
    'de-DE': 'Nur der Eigentümer kann zusätzliche Daten kaufen.',
    'fr-FR': 'Seul le propriétaire peut acheter des données.',
    'sv-SE': 'Bara ägaren kan köpa extra data.',
  },
  buyExtraDataTitle: {
    'en-GB': 'Buy extra data?',
    'de-DE': 'Zusätzliche Daten kaufen?',
    'fr-FR': 'Acheter des données ?',
    'sv-SE': 'Köpa extra data?',
  },
  buyExtraDataText: {
    'en-GB': '{size} of extra data for {name} costs {price} ex VAT, charged once to your payment method.',
    'de-DE': '{size} zusätzliche Daten für {name} kosten {price} zzgl. MwSt., einmalig über Ihre Zahlungsmethode abgerechnet.',
    'fr-FR': '{size} de données supplémentaires pour {name} coûtent {price} HT, débités une seule fois sur votre moyen de paiement.',
    'sv-SE': '{size} extra data för {name} kostar {price} exkl. moms och debiteras en gång från ditt betalsätt.',
  },
  buyExtraDataConfirm: { 'en-GB': 'Buy', 'de-DE': 'Kaufen', 'fr-FR': 'Acheter', 'sv-SE': 'Köp' },
  extraDataBought: {
    'en-GB': '{size} of extra data added',
    'de-DE': '{size} zusätzliche Daten hinzugefügt',
    'fr-FR': '{size} de données ajoutés',
    'sv-SE': '{size} extra data har lagts till',
  },
});
