import { defineTranslations } from '@paddock/shared/i18n';

export const dashboardTexts = defineTranslations('devices.dashboard', {
  title: { 'en-GB': 'Devices', 'de-DE': 'Geräte', 'fr-FR': 'Appareils', 'sv-SE': 'Enheter' },
  register: {
    'en-GB': 'Register a device',
    'de-DE': 'Gerät registrieren',
    'fr-FR': 'Ajouter un appareil',
    'sv-SE': 'Registrera en enhet',
  },
  emptyTitle: {
    'en-GB': 'No devices yet',
    'de-DE': 'Noch keine Geräte',
    'fr-FR': 'Aucun appareil pour l’instant',
    'sv-SE': 'Inga enheter än',
  },
  emptyText: {
    'en-GB': 'Register your first FarmCam SIM, FenceAlarm or SmartPlug to see how it is doing here.',
    'de-DE': 'Registrieren Sie Ihre erste FarmCam SIM, Ihren ersten FenceAlarm oder SmartPlug, um hier seinen Zustand zu sehen.',
    'fr-FR': 'Ajoutez votre première FarmCam SIM, votre premier FenceAlarm ou SmartPlug pour suivre ici son état.',
    'sv-SE': 'Registrera ditt första FarmCam SIM, din första FenceAlarm eller SmartPlug för att se hur den mår här.',
  },
  // A variant without FarmCam SIM (the partner's, docs/product/overview.md#branded-variants) does not name it.
  emptyTextNoSim: {
    'en-GB': 'Register your first FenceAlarm or SmartPlug to see how it is doing here.',
    'de-DE': 'Registrieren Sie Ihren ersten FenceAlarm oder SmartPlug, um hier seinen Zustand zu sehen.',
    'fr-FR': 'Ajoutez votre premier FenceAlarm ou SmartPlug pour suivre ici son état.',
    'sv-SE': 'Registrera din första FenceAlarm eller SmartPlug för att se hur den mår här.',
  },
  loading: {
    'en-GB': 'Loading your devices…',
    'de-DE': 'Ihre Geräte werden geladen …',
    'fr-FR': 'Chargement de vos appareils…',
    'sv-SE': 'Läser in dina enheter …',
  },
  loadFailed: {
    'en-GB': 'Your devices could not be loaded. We keep trying every few seconds.',
    'de-DE': 'Ihre Geräte konnten nicht geladen werden. Wir versuchen es alle paar Sekunden erneut.',
    'fr-FR': 'Impossible de charger vos appareils. Nous réessayons toutes les quelques secondes.',
    'sv-SE': 'Dina enheter kunde inte läsas in. Vi försöker igen med några sekunders mellanrum.',
  },
  // docs/product/installable-app.md: the app without a connection shows the last list it had.
  appOffline: {
    'en-GB': 'Offline — last updated {time}',
    'de-DE': 'Offline – zuletzt aktualisiert {time}',
    'fr-FR': 'Hors ligne — dernière mise à jour {time}',
    'sv-SE': 'Offline – senast uppdaterad {time}',
  },
  appOfflineTitle: { 'en-GB': 'Offline', 'de-DE': 'Offline', 'fr-FR': 'Hors ligne', 'sv-SE': 'Offline' },
  appOfflineHint: {
    'en-GB': 'Switching, settings and logs need a connection. This page updates by itself when you are back online.',
    'de-DE': 'Schalten, Einstellungen und Verläufe brauchen eine Verbindung. Diese Seite aktualisiert sich von selbst, sobald Sie wieder online sind.',
    'fr-FR': 'La commande, les réglages et l’historique nécessitent une connexion. Cette page se met à jour d’elle-même dès que vous êtes de nouveau en ligne.',
    'sv-SE': 'Styrning, inställningar och loggar kräver en anslutning. Sidan uppdateras av sig själv när du är online igen.',
  },
  appOfflineEmpty: {
    'en-GB': 'You are offline. Your devices show here as soon as you are connected again.',
    'de-DE': 'Sie sind offline. Ihre Geräte erscheinen hier, sobald Sie wieder verbunden sind.',
    'fr-FR': 'Vous êtes hors ligne. Vos appareils s’afficheront ici dès que vous serez de nouveau connecté.',
    'sv-SE': 'Du är offline. Dina enheter visas här så snart du är ansluten igen.',
  },
  filterLabel: { 'en-GB': 'Filter by tag', 'de-DE': 'Nach Schlagwort filtern', 'fr-FR': 'Filtrer par étiquette', 'sv-SE': 'Filtrera på tagg' },
  filteredEmpty: {
    'en-GB': 'No device carries the chosen tags.',
    'de-DE': 'Kein Gerät trägt die gewählten Schlagwörter.',
    'fr-FR': 'Aucun appareil ne porte les étiquettes choisies.',
    'sv-SE': 'Ingen enhet har de valda taggarna.',
  },
  clearFilter: { 'en-GB': 'Show all devices', 'de-DE': 'Alle Geräte anzeigen', 'fr-FR': 'Afficher tous les appareils', 'sv-SE': 'Visa alla enheter' },
  groupCount: {
    'en-GB': '{count, plural, one {# device} other {# devices}}',
    'de-DE': '{count, plural, one {# Gerät} other {# Geräte}}',
    'fr-FR': '{count, plural, one {# appareil} other {# appareils}}',
    'sv-SE': '{count, plural, one {# enhet} other {# enheter}}',
  },
  statusOk: { 'en-GB': 'OK', 'de-DE': 'OK', 'fr-FR': 'OK', 'sv-SE': 'OK' },
  statusOffline: { 'en-GB': 'Offline', 'de-DE': 'Offline', 'fr-FR': 'Hors ligne', 'sv-SE': 'Offline' },
  // docs/product/screens.md: an offline card says when the device was last heard from; a new one waits for its first report.
  statusWaiting: {
    'en-GB': 'Waiting for the first report',
    'de-DE': 'Wartet auf die erste Meldung',
    'fr-FR': 'En attente du premier relevé',
    'sv-SE': 'Väntar på den första rapporten',
  },
  // docs/product/states.md "State at a glance": a fence below its own level with no alarm raised (amber, not OK).
  statusLowVoltage: {
    'en-GB': 'Low fence voltage',
    'de-DE': 'Zaunspannung niedrig',
    'fr-FR': 'Tension de clôture basse',
    'sv-SE': 'Låg stängselspänning',
  },
  // Nothing wrong in the values, but nobody would be told if there were: the paused line below says why.
  statusNoWarnings: { 'en-GB': 'No warnings', 'de-DE': 'Keine Warnungen', 'fr-FR': 'Aucune alerte', 'sv-SE': 'Inga varningar' },
  alarmsPaused: {
    'en-GB': 'Alarms paused — choose a plan',
    'de-DE': 'Alarme pausiert – Tarif wählen',
    'fr-FR': 'Alarmes en pause — choisissez un forfait',
    'sv-SE': 'Larmen är pausade – välj abonnemang',
  },
  // docs/product/billing.md "Trial reminders": said on the owner's card in the trial's last 7 days, with no plan chosen.
  trialEnds: {
    'en-GB': 'Trial ends {date} — choose a plan',
    'de-DE': 'Testphase endet am {date} – Tarif wählen',
    'fr-FR': 'L’essai se termine le {date} — choisissez un forfait',
    'sv-SE': 'Provperioden slutar {date} – välj abonnemang',
  },
  // An offline device's values are the last known ones: their age says they are not live.
  valuesAge: {
    'en-GB': 'Values from {age}',
    'de-DE': 'Werte von {age}',
    'fr-FR': 'Valeurs d’{age}',
    'sv-SE': 'Värden från {age}',
  },
  attentionSummary: {
    'en-GB': '{count, plural, one {# device needs attention} other {# devices need attention}}',
    'de-DE': '{count, plural, one {# Gerät braucht Aufmerksamkeit} other {# Geräte brauchen Aufmerksamkeit}}',
    'fr-FR': '{count, plural, one {# appareil demande votre attention} other {# appareils demandent votre attention}}',
    'sv-SE': '{count, plural, one {# enhet behöver uppmärksamhet} other {# enheter behöver uppmärksamhet}}',
  },
  // The extremes of a trend line, read out with it (Sparkline.tsx).
  trendRange: {
    'en-GB': '{label}: from {min} to {max}',
    'de-DE': '{label}: von {min} bis {max}',
    'fr-FR': '{label} : de {min} à {max}',
    'sv-SE': '{label}: från {min} till {max}',
  },
  // docs/product/screens.md /devices: compact cards (one or two rows) or the detailed ones, chosen in this browser.
  viewLabel: { 'en-GB': 'View', 'de-DE': 'Ansicht', 'fr-FR': 'Affichage', 'sv-SE': 'Visning' },
  viewCompact: { 'en-GB': 'Compact', 'de-DE': 'Kompakt', 'fr-FR': 'Compact', 'sv-SE': 'Kompakt' },
  viewDetailed: { 'en-GB': 'Detailed', 'de-DE': 'Ausführlich', 'fr-FR': 'Détaillé', 'sv-SE': 'Detaljerad' },
  // A compact card's badge for paused alarms: the detailed card says "No warnings" and the paused line under it.
  statusAlarmsPaused: { 'en-GB': 'Alarms paused', 'de-DE': 'Alarme pausiert', 'fr-FR': 'Alarmes en pause', 'sv-SE': 'Larm pausade' },
  statusPaymentFailed: { 'en-GB': 'Payment failed', 'de-DE': 'Zahlung fehlgeschlagen', 'fr-FR': 'Paiement refusé', 'sv-SE': 'Betalning misslyckades' },
  trendLabel: {
    'en-GB': 'Trend of the last 6 hours',
    'de-DE': 'Verlauf der letzten 6 Stunden',
    'fr-FR': 'Évolution des 6 dernières heures',
    'sv-SE': 'Förlopp de senaste 6 timmarna',
  },
  lastSeen: { 'en-GB': 'Last seen {time}', 'de-DE': 'Zuletzt gemeldet: {time}', 'fr-FR': 'Dernier contact : {time}', 'sv-SE': 'Senaste kontakt: {time}' },
  noReportYet: { 'en-GB': 'No report yet', 'de-DE': 'Noch keine Meldung', 'fr-FR': 'Aucun relevé pour l’instant', 'sv-SE': 'Ingen rapport än' },
  powerOffline: {
    'en-GB': 'The plug is offline (last seen {time}), so it was not switched.',
    'de-DE': 'Die Steckdose ist offline (zuletzt gemeldet: {time}) und wurde daher nicht geschaltet.',
    'fr-FR': 'La prise est hors ligne (dernier contact : {time}) : elle n’a pas été commutée.',
    'sv-SE': 'Kontakten är offline (senaste kontakt: {time}), så den slogs inte om.',
  },
  powerNoAnswer: {
    'en-GB': 'The plug did not answer, so it was not switched. Try again later.',
    'de-DE': 'Die Steckdose hat nicht geantwortet und wurde daher nicht geschaltet. Versuchen Sie es später erneut.',
    'fr-FR': 'La prise n’a pas répondu : elle n’a pas été commutée. Réessayez plus tard.',
    'sv-SE': 'Kontakten svarade inte, så den slogs inte om. Försök igen senare.',
  },
  powerFailed: {
    'en-GB': 'The plug could not be switched. Try again later.',
    'de-DE': 'Die Steckdose konnte nicht geschaltet werden. Versuchen Sie es später erneut.',
    'fr-FR': 'La prise n’a pas pu être commutée. Réessayez plus tard.',
    'sv-SE': 'Kontakten kunde inte slås om. Försök igen senare.',
  },
  statusWarnings: {
    'en-GB': '{count, plural, one {# warning} other {# warnings}}',
    'de-DE': '{count, plural, one {# Warnung} other {# Warnungen}}',
    'fr-FR': '{count, plural, one {# alerte} other {# alertes}}',
    'sv-SE': '{count, plural, one {# varning} other {# varningar}}',
  },
  showWarnings: { 'en-GB': 'Show warnings', 'de-DE': 'Warnungen anzeigen', 'fr-FR': 'Afficher les alertes', 'sv-SE': 'Visa varningar' },
  warningsTitle: {
    'en-GB': 'Warnings for {name}',
    'de-DE': 'Warnungen für {name}',
    'fr-FR': 'Alertes pour {name}',
    'sv-SE': 'Varningar för {name}',
  },
  warningOutOfData: { 'en-GB': 'Out of data', 'de-DE': 'Kein Datenvolumen mehr', 'fr-FR': 'Plus de données', 'sv-SE': 'Slut på data' },
  warningLowData: { 'en-GB': 'Low data', 'de-DE': 'Wenig Datenvolumen', 'fr-FR': 'Données presque épuisées', 'sv-SE': 'Lite data kvar' },
  warningVoltage: {
    'en-GB': 'Fence voltage is below the alarm level',
    'de-DE': 'Die Zaunspannung liegt unter der Alarmschwelle',
    'fr-FR': 'La tension de la clôture est sous le seuil d’alarme',
    'sv-SE': 'Stängselspänningen är under larmnivån',
  },
  warningLowVoltage: {
    'en-GB': 'Fence voltage is below the fence’s level, and no alarm is raised for it',
    'de-DE': 'Die Zaunspannung liegt unter dem Sollwert des Zauns, und kein Alarm ist dafür ausgelöst',
    'fr-FR': 'La tension de la clôture est sous son niveau, et aucune alarme n’est déclenchée',
    'sv-SE': 'Stängselspänningen är under stängslets nivå, och inget larm har utlösts för den',
  },
  warningLowBattery: { 'en-GB': 'Low battery', 'de-DE': 'Batterie schwach', 'fr-FR': 'Batterie faible', 'sv-SE': 'Låg batterinivå' },
  warningOffline: {
    'en-GB': 'Offline: the device has not reported for too long',
    'de-DE': 'Offline: Das Gerät hat sich zu lange nicht gemeldet',
    'fr-FR': 'Hors ligne : l’appareil ne s’est pas manifesté depuis trop longtemps',
    'sv-SE': 'Offline: enheten har inte rapporterat på för länge',
  },
  warningLoad: {
    'en-GB': 'Load is outside the alarm bounds',
    'de-DE': 'Die Last liegt außerhalb der Alarmgrenzen',
    'fr-FR': 'La charge est hors des limites d’alarme',
    'sv-SE': 'Lasten är utanför larmgränserna',
  },
  warningPowerFailure: { 'en-GB': 'Power failure', 'de-DE': 'Stromausfall', 'fr-FR': 'Panne de courant', 'sv-SE': 'Strömavbrott' },
  warningTemperature: {
    'en-GB': 'Temperature is outside the alarm range',
    'de-DE': 'Die Temperatur liegt außerhalb des Alarmbereichs',
    'fr-FR': 'La température est hors de la plage d’alarme',
    'sv-SE': 'Temperaturen är utanför larmintervallet',
  },
  warningConnectionLost: { 'en-GB': 'Connection lost', 'de-DE': 'Verbindung verloren', 'fr-FR': 'Connexion perdue', 'sv-SE': 'Anslutningen förlorad' },
  warningPowerLoad: {
    'en-GB': 'Power load is outside the alarm bounds',
    'de-DE': 'Die Leistung liegt außerhalb der Alarmgrenzen',
    'fr-FR': 'La puissance est hors des limites d’alarme',
    'sv-SE': 'Effekten är utanför larmgränserna',
  },
  warningConsumption: {
    'en-GB': 'Consumption notification',
    'de-DE': 'Verbrauchsbenachrichtigung',
    'fr-FR': 'Notification de consommation',
    'sv-SE': 'Förbrukningsavisering',
  },
  logs: { 'en-GB': 'Logs', 'de-DE': 'Verlauf', 'fr-FR': 'Historique', 'sv-SE': 'Loggar' },
  settings: { 'en-GB': 'Settings', 'de-DE': 'Einstellungen', 'fr-FR': 'Réglages', 'sv-SE': 'Inställningar' },
  power: { 'en-GB': 'Power', 'de-DE': 'Strom', 'fr-FR': 'Alimentation', 'sv-SE': 'Ström' },
  powerOn: { 'en-GB': 'On', 'de-DE': 'An', 'fr-FR': 'Allumé', 'sv-SE': 'På' },
  powerOff: { 'en-GB': 'Off', 'de-DE': 'Aus', 'fr-FR': 'Éteint', 'sv-SE': 'Av' },
  powerDone: {
    'en-GB': 'Switched {state}',
    'de-DE': 'Geschaltet: {state}',
    'fr-FR': 'Commuté : {state}',
    'sv-SE': 'Växlad: {state}',
  },
  voltage: { 'en-GB': 'Voltage', 'de-DE': 'Spannung', 'fr-FR': 'Tension', 'sv-SE': 'Spänning' },
  battery: { 'en-GB': 'Battery', 'de-DE': 'Batterie', 'fr-FR': 'Batterie', 'sv-SE': 'Batteri' },
  signal: { 'en-GB': 'Signal', 'de-DE': 'Signal', 'fr-FR': 'Signal', 'sv-SE': 'Signal' },
  load: { 'en-GB': 'Load', 'de-DE': 'Last', 'fr-FR': 'Charge', 'sv-SE': 'Last' },
  consumption: { 'en-GB': 'Consumption', 'de-DE': 'Verbrauch', 'fr-FR': 'Consommation', 'sv-SE': 'Förbrukning' },
  // A plug's Consumption is its meter since the last reset (docs/product/products/smartplug.md), so its cost covers the same.
  consumptionCost: {
    'en-GB': 'Cost since reset',
    'de-DE': 'Kosten seit Zurücksetzen',
    'fr-FR': 'Coût depuis la remise à zéro',
    'sv-SE': 'Kostnad sedan nollställning',
  },
  temperature: { 'en-GB': 'Temperature', 'de-DE': 'Temperatur', 'fr-FR': 'Température', 'sv-SE': 'Temperatur' },
  remainingData: { 'en-GB': 'Data left', 'de-DE': 'Verbleibende Daten', 'fr-FR': 'Données restantes', 'sv-SE': 'Data kvar' },
  subscription: { 'en-GB': 'Subscription', 'de-DE': 'Abonnement', 'fr-FR': 'Abonnement', 'sv-SE': 'Abonnemang' },
  // When the device last sent its values: one name for every product, whatever its API calls the field
  // (LastReport.Timestamp, LastUplinkAt, LastUploadAt).
  lastReading: { 'en-GB': 'Last reading', 'de-DE': 'Letzter Messwert', 'fr-FR': 'Dernière mesure', 'sv-SE': 'Senaste mätning' },
  // docs/product/firmware-campaigns.md "What owners see": while the device installs new firmware.
  firmwareLine: { 'en-GB': 'Firmware', 'de-DE': 'Firmware', 'fr-FR': 'Micrologiciel', 'sv-SE': 'Firmware' },
  updatingFirmware: {
    'en-GB': 'Updating firmware ({progress} %)',
    'de-DE': 'Firmware wird aktualisiert ({progress} %)',
    'fr-FR': 'Mise à jour du micrologiciel ({progress} %)',
    'sv-SE': 'Firmware uppdateras ({progress} %)',
  },
  never: { 'en-GB': 'Not yet', 'de-DE': 'Noch nicht', 'fr-FR': 'Pas encore', 'sv-SE': 'Inte än' },
  noValue: { 'en-GB': 'No value', 'de-DE': 'Kein Wert', 'fr-FR': 'Aucune valeur', 'sv-SE': 'Inget värde' },
  volts: { 'en-GB': '{value} V', 'de-DE': '{value} V', 'fr-FR': '{value} V', 'sv-SE': '{value} V' },
  watts: { 'en-GB': '{value} W', 'de-DE': '{value} W', 'fr-FR': '{value} W', 'sv-SE': '{value} W' },
  wattHours: { 'en-GB': '{value} Wh', 'de-DE': '{value} Wh', 'fr-FR': '{value} Wh', 'sv-SE': '{value} Wh' },
  dbm: { 'en-GB': '{value} dBm', 'de-DE': '{value} dBm', 'fr-FR': '{value} dBm', 'sv-SE': '{value} dBm' },
  trial: { 'en-GB': 'Trial', 'de-DE': 'Testphase', 'fr-FR': 'Essai', 'sv-SE': 'Provperiod' },
  subscriptionNone: { 'en-GB': 'None', 'de-DE': 'Keines', 'fr-FR': 'Aucun', 'sv-SE': 'Inget' },
});

