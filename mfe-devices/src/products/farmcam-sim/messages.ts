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
  buyExtraDataInPaddock: {
    'en-GB': 'Extra data is bought in Paddock itself, not on this page.',
    'de-DE': 'Zusätzliche Daten kaufen Sie in Paddock selbst, nicht auf dieser Seite.',
    'fr-FR': 'Les données supplémentaires s’achètent dans Paddock même, pas sur cette page.',
    'sv-SE': 'Extra data köper du i Paddock, inte på den här sidan.',
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
  dataAlertHeading: { 'en-GB': 'Data alert', 'de-DE': 'Datenwarnung', 'fr-FR': 'Alerte de données', 'sv-SE': 'Datalarm' },
  dataAlertSwitch: {
    'en-GB': 'Alert me when the data left falls below the threshold',
    'de-DE': 'Warnen, wenn die verbleibenden Daten unter die Schwelle fallen',
    'fr-FR': 'M’alerter quand les données restantes passent sous le seuil',
    'sv-SE': 'Larma mig när datamängden kvar understiger gränsen',
  },
  thresholdLabel: { 'en-GB': 'Threshold (MB)', 'de-DE': 'Schwelle (MB)', 'fr-FR': 'Seuil (Mo)', 'sv-SE': 'Gräns (MB)' },
  thresholdHint: {
    'en-GB': 'Whole MB from {min} to {max}. You are told once each time the data left falls below it, with a link to buy extra data.',
    'de-DE': 'Ganze MB von {min} bis {max}. Sie werden jedes Mal einmal benachrichtigt, wenn die verbleibenden Daten darunter fallen, mit einem Link zum Datenkauf.',
    'fr-FR': 'Mo entiers de {min} à {max}. Vous êtes prévenu une fois à chaque passage des données restantes sous ce seuil, avec un lien pour acheter des données.',
    'sv-SE': 'Hela MB från {min} till {max}. Du får ett meddelande varje gång datamängden kvar går under gränsen, med en länk för att köpa extra data.',
  },
  thresholdInvalid: {
    'en-GB': 'Enter whole MB from {min} to {max}.',
    'de-DE': 'Geben Sie ganze MB von {min} bis {max} ein.',
    'fr-FR': 'Saisissez un nombre entier de Mo entre {min} et {max}.',
    'sv-SE': 'Ange hela MB från {min} till {max}.',
  },
  dataAlertOwnerOnly: {
    'en-GB': 'Only the owner can set the data alert.',
    'de-DE': 'Nur der Eigentümer kann die Datenwarnung einstellen.',
    'fr-FR': 'Seul le propriétaire peut régler l’alerte de données.',
    'sv-SE': 'Bara ägaren kan ställa in datalarmet.',
  },
});
