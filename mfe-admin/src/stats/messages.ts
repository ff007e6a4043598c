import type { MessageDescriptor } from 'react-intl';
import type { NotifiedAlarm } from '@paddock/shared/domain';
import { defineTranslations } from '@paddock/shared/i18n';

export const adminStatsTexts = defineTranslations('admin.stats', {
  title: { 'en-GB': 'Fleet statistics', 'de-DE': 'Flottenstatistik', 'fr-FR': 'Statistiques du parc', 'sv-SE': 'Statistik för beståndet' },
  asOf: { 'en-GB': 'As of {time}', 'de-DE': 'Stand: {time}', 'fr-FR': 'Au {time}', 'sv-SE': 'Per {time}' },
  refresh: { 'en-GB': 'Refresh', 'de-DE': 'Aktualisieren', 'fr-FR': 'Actualiser', 'sv-SE': 'Uppdatera' },
  users: { 'en-GB': 'Users', 'de-DE': 'Benutzer', 'fr-FR': 'Utilisateurs', 'sv-SE': 'Användare' },
  usersTotal: { 'en-GB': 'Accounts', 'de-DE': 'Konten', 'fr-FR': 'Comptes', 'sv-SE': 'Konton' },
  usersVerified: { 'en-GB': 'Verified', 'de-DE': 'Bestätigt', 'fr-FR': 'Vérifiés', 'sv-SE': 'Verifierade' },
  usersActive: { 'en-GB': 'Active in the last 30 days', 'de-DE': 'Aktiv in den letzten 30 Tagen', 'fr-FR': 'Actifs ces 30 derniers jours', 'sv-SE': 'Aktiva senaste 30 dagarna' },
  smsBundles: { 'en-GB': 'SMS bundles sold', 'de-DE': 'Verkaufte SMS-Pakete', 'fr-FR': 'Forfaits SMS vendus', 'sv-SE': 'Sålda sms-paket' },
  smsMessages: { 'en-GB': 'SMS in those bundles', 'de-DE': 'SMS in diesen Paketen', 'fr-FR': 'SMS dans ces forfaits', 'sv-SE': 'Sms i de paketen' },
  devices: { 'en-GB': 'Devices per product', 'de-DE': 'Geräte je Produkt', 'fr-FR': 'Appareils par produit', 'sv-SE': 'Enheter per produkt' },
  product: { 'en-GB': 'Product', 'de-DE': 'Produkt', 'fr-FR': 'Produit', 'sv-SE': 'Produkt' },
  inventory: { 'en-GB': 'In stock', 'de-DE': 'Auf Lager', 'fr-FR': 'En stock', 'sv-SE': 'I lager' },
  registered: { 'en-GB': 'Registered', 'de-DE': 'Registriert', 'fr-FR': 'Enregistrés', 'sv-SE': 'Registrerade' },
  online: { 'en-GB': 'Online', 'de-DE': 'Online', 'fr-FR': 'En ligne', 'sv-SE': 'Anslutna' },
  offline: { 'en-GB': 'Offline', 'de-DE': 'Offline', 'fr-FR': 'Hors ligne', 'sv-SE': 'Frånkopplade' },
  subscriptions: { 'en-GB': 'Subscriptions per product', 'de-DE': 'Abonnements je Produkt', 'fr-FR': 'Abonnements par produit', 'sv-SE': 'Abonnemang per produkt' },
  active: { 'en-GB': 'Paid', 'de-DE': 'Bezahlt', 'fr-FR': 'Payants', 'sv-SE': 'Betalda' },
  trial: { 'en-GB': 'Trial', 'de-DE': 'Test', 'fr-FR': 'Essai', 'sv-SE': 'Prov' },
  ended: { 'en-GB': 'Ended', 'de-DE': 'Beendet', 'fr-FR': 'Terminés', 'sv-SE': 'Avslutade' },
  alarms: { 'en-GB': 'Alarms now', 'de-DE': 'Aktuelle Alarme', 'fr-FR': 'Alarmes en cours', 'sv-SE': 'Larm just nu' },
  alarmKind: { 'en-GB': 'Alarm', 'de-DE': 'Alarm', 'fr-FR': 'Alarme', 'sv-SE': 'Larm' },
  count: { 'en-GB': 'Devices', 'de-DE': 'Geräte', 'fr-FR': 'Appareils', 'sv-SE': 'Enheter' },
  noAlarms: { 'en-GB': 'No alarm is on.', 'de-DE': 'Kein Alarm aktiv.', 'fr-FR': 'Aucune alarme en cours.', 'sv-SE': 'Inga larm är aktiva.' },
  readings: { 'en-GB': 'Readings per hour, last 7 days', 'de-DE': 'Messwerte pro Stunde, letzte 7 Tage', 'fr-FR': 'Mesures par heure, 7 derniers jours', 'sv-SE': 'Mätvärden per timme, senaste 7 dagarna' },
  readingsSeries: { 'en-GB': 'Readings', 'de-DE': 'Messwerte', 'fr-FR': 'Mesures', 'sv-SE': 'Mätvärden' },
  readingsSummary: {
    'en-GB': '{total} readings in 7 days, at most {max} in one hour.',
    'de-DE': '{total} Messwerte in 7 Tagen, höchstens {max} in einer Stunde.',
    'fr-FR': '{total} mesures en 7 jours, au plus {max} en une heure.',
    'sv-SE': '{total} mätvärden på 7 dagar, högst {max} på en timme.',
  },
  notifications: {
    'en-GB': 'Notifications per day and channel, last 30 days',
    'de-DE': 'Benachrichtigungen pro Tag und Kanal, letzte 30 Tage',
    'fr-FR': 'Notifications par jour et par canal, 30 derniers jours',
    'sv-SE': 'Aviseringar per dag och kanal, senaste 30 dagarna',
  },
  notificationsSummary: {
    'en-GB': 'Sent in 30 days: {totals}.',
    'de-DE': 'In 30 Tagen gesendet: {totals}.',
    'fr-FR': 'Envoyées en 30 jours : {totals}.',
    'sv-SE': 'Skickade på 30 dagar: {totals}.',
  },
  channelEmail: { 'en-GB': 'E-mail', 'de-DE': 'E-Mail', 'fr-FR': 'E-mail', 'sv-SE': 'E-post' },
  channelSms: { 'en-GB': 'SMS', 'de-DE': 'SMS', 'fr-FR': 'SMS', 'sv-SE': 'Sms' },
  channelPush: { 'en-GB': 'Push', 'de-DE': 'Push', 'fr-FR': 'Push', 'sv-SE': 'Push' },
  alarmFenceVoltage: { 'en-GB': 'Fence voltage low', 'de-DE': 'Zaunspannung zu niedrig', 'fr-FR': 'Tension de clôture basse', 'sv-SE': 'Låg stängselspänning' },
  alarmLowBattery: { 'en-GB': 'Battery low', 'de-DE': 'Batterie schwach', 'fr-FR': 'Batterie faible', 'sv-SE': 'Lågt batteri' },
  alarmOffline: { 'en-GB': 'Offline', 'de-DE': 'Offline', 'fr-FR': 'Hors ligne', 'sv-SE': 'Offline' },
  alarmLoad: { 'en-GB': 'Load out of range', 'de-DE': 'Last außerhalb des Bereichs', 'fr-FR': 'Charge hors plage', 'sv-SE': 'Last utanför intervallet' },
  alarmTemperature: { 'en-GB': 'Temperature out of range', 'de-DE': 'Temperatur außerhalb des Bereichs', 'fr-FR': 'Température hors plage', 'sv-SE': 'Temperatur utanför intervallet' },
  alarmPowerFailure: { 'en-GB': 'Power failure', 'de-DE': 'Stromausfall', 'fr-FR': 'Coupure de courant', 'sv-SE': 'Strömavbrott' },
  alarmLowData: { 'en-GB': 'Data running low', 'de-DE': 'Datenvolumen fast aufgebraucht', 'fr-FR': 'Données presque épuisées', 'sv-SE': 'Data håller på att ta slut' },
  alarmConsumption: {
    'en-GB': 'Daily consumption over limit',
    'de-DE': 'Tagesverbrauch über Grenzwert',
    'fr-FR': 'Consommation du jour au-delà de la limite',
    'sv-SE': 'Dagens förbrukning över gränsen',
  },
});

const m = adminStatsTexts.messages;
/** Each alarm kind of the fleet figures in words. */
export const ALARM_KIND_TEXTS = {
  fence_voltage: m.alarmFenceVoltage,
  low_battery: m.alarmLowBattery,
  offline: m.alarmOffline,
  load: m.alarmLoad,
  temperature: m.alarmTemperature,
  power_failure: m.alarmPowerFailure,
  low_data: m.alarmLowData,
  consumption: m.alarmConsumption,
} as const satisfies Record<NotifiedAlarm, MessageDescriptor>;
