import { defineTranslations } from '@paddock/shared/i18n';

export const fencealarm2Texts = defineTranslations('devices.settings.fencealarm2', {
  voltageAlarmHeading: { 'en-GB': 'Voltage alarm', 'de-DE': 'Spannungsalarm', 'fr-FR': 'Alarme de tension', 'sv-SE': 'Spänningslarm' },
  thresholdLabel: {
    'en-GB': 'Alarm when the fence voltage falls below',
    'de-DE': 'Alarm bei Zaunspannung unter',
    'fr-FR': 'Alarme quand la tension de la clôture descend sous',
    'sv-SE': 'Larma när stängselspänningen sjunker under',
  },
  thresholdHint: {
    'en-GB': 'The device measures in fixed steps, so the thresholds are approximate.',
    'de-DE': 'Das Gerät misst in festen Stufen, daher sind die Schwellen ungefähre Werte.',
    'fr-FR': 'L’appareil mesure par paliers fixes : les seuils sont donc approximatifs.',
    'sv-SE': 'Enheten mäter i fasta steg, så gränserna är ungefärliga.',
  },
  approxVolts: { 'en-GB': '≈{value} V', 'de-DE': '≈{value} V', 'fr-FR': '≈{value} V', 'sv-SE': '≈{value} V' },
});
