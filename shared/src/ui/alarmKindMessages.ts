import type { MessageDescriptor } from 'react-intl';
import type { NotifiedAlarm } from '../domain/alarmNotifications';
import { defineTranslations } from '../i18n/define';

// Each alarm kind in words, as the alarm log and the admin's fleet figures name it (docs/product/alarm-log.md): one
// set, given by each app that shows alarm kinds to its <Translations>.
export const alarmKindTexts = defineTranslations('ui.alarmKind', {
  fenceVoltage: {
    'en-GB': 'Fence voltage low',
    'de-DE': 'Zaunspannung zu niedrig',
    'fr-FR': 'Tension de clôture basse',
    'sv-SE': 'Låg stängselspänning',
  },
  lowBattery: { 'en-GB': 'Battery low', 'de-DE': 'Batterie schwach', 'fr-FR': 'Batterie faible', 'sv-SE': 'Lågt batteri' },
  offline: { 'en-GB': 'Device offline', 'de-DE': 'Gerät offline', 'fr-FR': 'Appareil hors ligne', 'sv-SE': 'Enheten är offline' },
  load: {
    'en-GB': 'Load out of range',
    'de-DE': 'Last außerhalb des Bereichs',
    'fr-FR': 'Charge hors plage',
    'sv-SE': 'Last utanför intervallet',
  },
  temperature: {
    'en-GB': 'Temperature out of range',
    'de-DE': 'Temperatur außerhalb des Bereichs',
    'fr-FR': 'Température hors plage',
    'sv-SE': 'Temperatur utanför intervallet',
  },
  powerFailure: { 'en-GB': 'Power failure', 'de-DE': 'Stromausfall', 'fr-FR': 'Coupure de courant', 'sv-SE': 'Strömavbrott' },
  lowData: {
    'en-GB': 'Data running low',
    'de-DE': 'Datenvolumen fast aufgebraucht',
    'fr-FR': 'Données presque épuisées',
    'sv-SE': 'Data håller på att ta slut',
  },
  consumption: {
    'en-GB': 'Daily consumption over limit',
    'de-DE': 'Tagesverbrauch über Grenzwert',
    'fr-FR': 'Consommation du jour au-delà de la limite',
    'sv-SE': 'Dagens förbrukning över gränsen',
  },
});

const m = alarmKindTexts.messages;

/** The words of each alarm kind the server notifies of. */
export const ALARM_KIND_TEXTS = {
  fence_voltage: m.fenceVoltage,
  low_battery: m.lowBattery,
  offline: m.offline,
  load: m.load,
  temperature: m.temperature,
  power_failure: m.powerFailure,
  low_data: m.lowData,
  consumption: m.consumption,
} as const satisfies Record<NotifiedAlarm, MessageDescriptor>;
