import { defineTranslations } from '@paddock/shared/i18n';

export const fencealarmTexts = defineTranslations('devices.settings.fencealarm', {
  voltageAlarmHeading: { 'en-GB': 'Voltage alarm', 'de-DE': 'Spannungsalarm', 'fr-FR': 'Alarme de tension', 'sv-SE': 'Spänningslarm' },
  alarmLevelLabel: {
    'en-GB': 'Alarm when the fence voltage falls below',
    'de-DE': 'Alarm bei Zaunspannung unter',
    'fr-FR': 'Alarme quand la tension de la clôture descend sous',
    'sv-SE': 'Larma när stängselspänningen sjunker under',
  },
  // The hint describes the chosen value: Off, or the level the alarm goes off at.
  alarmLevelHint: {
    'en-GB': 'Off: no alarm for low voltage.',
    'de-DE': 'Aus: kein Alarm bei niedriger Spannung.',
    'fr-FR': 'Désactivée : aucune alarme en cas de tension basse.',
    'sv-SE': 'Av: inget larm vid låg spänning.',
  },
  alarmLevelHintOn: {
    'en-GB': 'An alarm as soon as the fence voltage falls below {level}.',
    'de-DE': 'Alarm, sobald die Zaunspannung unter {level} fällt.',
    'fr-FR': 'Une alarme dès que la tension de la clôture descend sous {level}.',
    'sv-SE': 'Larm så snart stängselspänningen sjunker under {level}.',
  },
  confirmedLevel: {
    'en-GB': 'The device still uses {level}. It switches to the level chosen here with its next report.',
    'de-DE': 'Das Gerät verwendet noch {level}. Mit seiner nächsten Meldung wechselt es auf die hier gewählte Schwelle.',
    'fr-FR': 'L’appareil utilise encore {level}. Il passera au seuil choisi ici lors de son prochain rapport.',
    'sv-SE': 'Enheten använder fortfarande {level}. Den byter till nivån som valts här vid nästa rapport.',
  },
  calibrationHeading: { 'en-GB': 'Calibration', 'de-DE': 'Kalibrierung', 'fr-FR': 'Étalonnage', 'sv-SE': 'Kalibrering' },
  calibrationEnabled: {
    'en-GB': 'Correct the measured voltage',
    'de-DE': 'Gemessene Spannung korrigieren',
    'fr-FR': 'Corriger la tension mesurée',
    'sv-SE': 'Korrigera den uppmätta spänningen',
  },
  calibrationHint: {
    'en-GB': 'Use this when the device reads differently from a fence tester on the same fence.',
    'de-DE': 'Verwenden Sie dies, wenn das Gerät anders misst als ein Zaunprüfer am selben Zaun.',
    'fr-FR': 'À utiliser quand l’appareil mesure autrement qu’un testeur de clôture sur la même clôture.',
    'sv-SE': 'Använd detta när enheten visar annat än en stängselprovare på samma stängsel.',
  },
  scalingLabel: { 'en-GB': 'Scaling factor', 'de-DE': 'Skalierungsfaktor', 'fr-FR': 'Facteur d’échelle', 'sv-SE': 'Skalfaktor' },
  scalingHint: {
    'en-GB': 'Above 0, at most {max}; for example 1.05',
    'de-DE': 'Über 0, höchstens {max}; zum Beispiel 1,05',
    'fr-FR': 'Supérieur à 0, au plus {max} ; par exemple 1,05',
    'sv-SE': 'Över 0, högst {max}; till exempel 1,05',
  },
  scalingBelow: {
    'en-GB': 'The scaling factor must be above 0.',
    'de-DE': 'Der Skalierungsfaktor muss über 0 liegen.',
    'fr-FR': 'Le facteur d’échelle doit être supérieur à 0.',
    'sv-SE': 'Skalfaktorn måste vara över 0.',
  },
  scalingAbove: {
    'en-GB': 'The scaling factor is at most {max}.',
    'de-DE': 'Der Skalierungsfaktor beträgt höchstens {max}.',
    'fr-FR': 'Le facteur d’échelle vaut au plus {max}.',
    'sv-SE': 'Skalfaktorn är högst {max}.',
  },
  expectedLabel: { 'en-GB': 'Expected voltage (V)', 'de-DE': 'Erwartete Spannung (V)', 'fr-FR': 'Tension attendue (V)', 'sv-SE': 'Förväntad spänning (V)' },
  expectedHint: {
    'en-GB': 'What a fence tester shows, 0 to {max} V',
    'de-DE': 'Was ein Zaunprüfer anzeigt, 0 bis {max} V',
    'fr-FR': 'Ce qu’affiche un testeur de clôture, de 0 à {max} V',
    'sv-SE': 'Det som en stängselprovare visar, 0 till {max} V',
  },
  expectedBelow: { 'en-GB': 'At least 0 V.', 'de-DE': 'Mindestens 0 V.', 'fr-FR': 'Au moins 0 V.', 'sv-SE': 'Minst 0 V.' },
  expectedAbove: { 'en-GB': 'At most {max} V.', 'de-DE': 'Höchstens {max} V.', 'fr-FR': '{max} V au maximum.', 'sv-SE': 'Högst {max} V.' },
});
