import { defineTranslations } from '@paddock/shared/i18n';

export const smartplugTexts = defineTranslations('devices.settings.smartplug', {
  plugHeading: { 'en-GB': 'Plug', 'de-DE': 'Steckdose', 'fr-FR': 'Prise', 'sv-SE': 'Kontakt' },
  beepLabel: { 'en-GB': 'Beep', 'de-DE': 'Signalton', 'fr-FR': 'Bip sonore', 'sv-SE': 'Pipljud' },
  beepHint: {
    'en-GB': 'The plug beeps when it switches on or off.',
    'de-DE': 'Die Steckdose piept beim Ein- und Ausschalten.',
    'fr-FR': 'La prise émet un bip quand elle s’allume ou s’éteint.',
    'sv-SE': 'Kontakten piper när den slås på eller av.',
  },
  alarmsHeading: { 'en-GB': 'Alarms', 'de-DE': 'Alarme', 'fr-FR': 'Alarmes', 'sv-SE': 'Larm' },
  powerFailureLabel: { 'en-GB': 'Power-failure alarm', 'de-DE': 'Stromausfall-Alarm', 'fr-FR': 'Alarme de coupure de courant', 'sv-SE': 'Strömavbrottslarm' },
  powerFailureHint: {
    'en-GB': 'Tells you when the plug loses mains power.',
    'de-DE': 'Meldet, wenn die Steckdose keinen Netzstrom mehr hat.',
    'fr-FR': 'Vous prévient quand la prise n’est plus alimentée par le secteur.',
    'sv-SE': 'Meddelar dig när kontakten förlorar nätströmmen.',
  },
  loadAlarmLabel: { 'en-GB': 'Load alarm', 'de-DE': 'Lastalarm', 'fr-FR': 'Alarme de charge', 'sv-SE': 'Belastningslarm' },
  loadAlarmHint: {
    'en-GB': 'Tells you when the load leaves the limits below.',
    'de-DE': 'Meldet, wenn die Last die unten stehenden Grenzen verlässt.',
    'fr-FR': 'Vous prévient quand la charge sort des limites ci-dessous.',
    'sv-SE': 'Meddelar dig när belastningen hamnar utanför gränserna nedan.',
  },
  temperatureAlarmLabel: {
    'en-GB': 'Temperature alarm',
    'de-DE': 'Temperaturalarm',
    'fr-FR': 'Alarme de température',
    'sv-SE': 'Temperaturlarm',
  },
  temperatureAlarmHint: {
    'en-GB': 'Tells you when the temperature leaves the range below.',
    'de-DE': 'Meldet, wenn die Temperatur den unten stehenden Bereich verlässt.',
    'fr-FR': 'Vous prévient quand la température sort de la plage ci-dessous.',
    'sv-SE': 'Meddelar dig när temperaturen hamnar utanför intervallet nedan.',
  },
});
