import { defineTranslations } from '@paddock/shared/i18n';

export const smartplug2Texts = defineTranslations('devices.settings.smartplug2', {
  plugHeading: { 'en-GB': 'Plug', 'de-DE': 'Steckdose', 'fr-FR': 'Prise', 'sv-SE': 'Kontakt' },
  auditoryLabel: { 'en-GB': 'Sound feedback', 'de-DE': 'Akustische Rückmeldung', 'fr-FR': 'Retour sonore', 'sv-SE': 'Ljudåterkoppling' },
  auditoryHint: {
    'en-GB': 'The plug confirms switching with a sound.',
    'de-DE': 'Die Steckdose bestätigt das Schalten mit einem Ton.',
    'fr-FR': 'La prise confirme chaque commutation par un son.',
    'sv-SE': 'Kontakten bekräftar omkoppling med ett ljud.',
  },
  powerLoadHeading: { 'en-GB': 'Power-load alarm', 'de-DE': 'Leistungsalarm', 'fr-FR': 'Alarme de puissance', 'sv-SE': 'Effektlarm' },
  powerLoadIntro: {
    'en-GB': 'The plug raises the power-load alarm when the load leaves these limits.',
    'de-DE': 'Die Steckdose löst den Leistungsalarm aus, wenn die Last diese Grenzen verlässt.',
    'fr-FR': 'La prise déclenche l’alarme de puissance quand la charge sort de ces limites.',
    'sv-SE': 'Kontakten löser ut effektlarmet när belastningen hamnar utanför dessa gränser.',
  },
  notificationsHeading: { 'en-GB': 'Notifications', 'de-DE': 'Benachrichtigungen', 'fr-FR': 'Notifications', 'sv-SE': 'Aviseringar' },
  powerFailureLabel: {
    'en-GB': 'Power-failure notification',
    'de-DE': 'Benachrichtigung bei Stromausfall',
    'fr-FR': 'Notification de coupure de courant',
    'sv-SE': 'Avisering vid strömavbrott',
  },
  powerFailureHint: {
    'en-GB': 'When the plug loses mains power.',
    'de-DE': 'Wenn die Steckdose keinen Netzstrom mehr hat.',
    'fr-FR': 'Quand la prise n’est plus alimentée par le secteur.',
    'sv-SE': 'När kontakten förlorar nätströmmen.',
  },
  powerLoadLabel: {
    'en-GB': 'Power-load notification',
    'de-DE': 'Benachrichtigung bei Leistungsalarm',
    'fr-FR': 'Notification d’alarme de puissance',
    'sv-SE': 'Avisering vid effektlarm',
  },
  powerLoadHint: {
    'en-GB': 'When the load leaves the power-load limits.',
    'de-DE': 'Wenn die Last die Leistungsgrenzen verlässt.',
    'fr-FR': 'Quand la charge sort des limites de puissance.',
    'sv-SE': 'När belastningen hamnar utanför effektgränserna.',
  },
  consumptionLabel: {
    'en-GB': 'Consumption notification',
    'de-DE': 'Verbrauchsbenachrichtigung',
    'fr-FR': 'Notification de consommation',
    'sv-SE': 'Förbrukningsavisering',
  },
  consumptionHint: {
    'en-GB': 'When the plug uses more in a day than the daily limit below.',
    'de-DE': 'Wenn die Steckdose an einem Tag mehr verbraucht als den täglichen Grenzwert unten.',
    'fr-FR': 'Quand la prise consomme en un jour plus que la limite journalière ci-dessous.',
    'sv-SE': 'När kontakten förbrukar mer under ett dygn än den dagliga gränsen nedan.',
  },
  dailyLimitLabel: {
    'en-GB': 'Daily limit (kWh)',
    'de-DE': 'Täglicher Grenzwert (kWh)',
    'fr-FR': 'Limite journalière (kWh)',
    'sv-SE': 'Daglig gräns (kWh)',
  },
  dailyLimitHint: {
    'en-GB': 'Counted from midnight to midnight on your clock. Up to {max} kWh.',
    'de-DE': 'Gezählt von Mitternacht bis Mitternacht nach Ihrer Uhrzeit. Höchstens {max} kWh.',
    'fr-FR': 'Comptée de minuit à minuit, à votre heure. Jusqu’à {max} kWh.',
    'sv-SE': 'Räknas från midnatt till midnatt enligt din klocka. Högst {max} kWh.',
  },
  dailyLimitBelow: {
    'en-GB': 'Must be more than 0 kWh.',
    'de-DE': 'Muss größer als 0 kWh sein.',
    'fr-FR': 'Doit être supérieure à 0 kWh.',
    'sv-SE': 'Måste vara mer än 0 kWh.',
  },
  dailyLimitAbove: {
    'en-GB': 'Must be at most {max} kWh.',
    'de-DE': 'Darf höchstens {max} kWh betragen.',
    'fr-FR': 'Ne doit pas dépasser {max} kWh.',
    'sv-SE': 'Får vara högst {max} kWh.',
  },
});
