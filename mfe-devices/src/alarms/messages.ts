import { defineTranslations } from '@paddock/shared/i18n';

/** The alarm log page (docs/product/alarm-log.md). */
export const alarmLogTexts = defineTranslations('devices.alarmLog', {
  title: { 'en-GB': 'Alarm log', 'de-DE': 'Alarmprotokoll', 'fr-FR': 'Journal des alarmes', 'sv-SE': 'Larmlogg' },
  allDevices: { 'en-GB': 'All devices', 'de-DE': 'Alle Geräte', 'fr-FR': 'Tous les appareils', 'sv-SE': 'Alla enheter' },
  oneDevice: { 'en-GB': 'Alarms of {name}', 'de-DE': 'Alarme von {name}', 'fr-FR': 'Alarmes de {name}', 'sv-SE': 'Larm för {name}' },
  empty: {
    'en-GB': 'No alarms yet. Each alarm you are told about is listed here, with who was told and who acknowledged it.',
    'de-DE': 'Noch keine Alarme. Jeder Alarm, über den Sie benachrichtigt werden, steht hier, mit wer benachrichtigt wurde und wer ihn bestätigt hat.',
    'fr-FR': 'Aucune alarme pour l’instant. Chaque alarme signalée apparaît ici, avec qui a été prévenu et qui l’a acquittée.',
    'sv-SE': 'Inga larm än. Varje larm du får besked om visas här, med vem som fick besked och vem som kvitterade det.',
  },
  raised: { 'en-GB': 'Raised {time}', 'de-DE': 'Ausgelöst {time}', 'fr-FR': 'Déclenchée {time}', 'sv-SE': 'Utlöst {time}' },
  cleared: { 'en-GB': 'Cleared {time}', 'de-DE': 'Aufgehoben {time}', 'fr-FR': 'Levée {time}', 'sv-SE': 'Återställt {time}' },
  stillOn: { 'en-GB': 'Still on', 'de-DE': 'Noch aktiv', 'fr-FR': 'Toujours active', 'sv-SE': 'Pågår fortfarande' },
  value: { 'en-GB': 'Value: {value}', 'de-DE': 'Wert: {value}', 'fr-FR': 'Valeur : {value}', 'sv-SE': 'Värde: {value}' },
  toldHeading: { 'en-GB': 'Who was told', 'de-DE': 'Wer benachrichtigt wurde', 'fr-FR': 'Qui a été prévenu', 'sv-SE': 'Vem som fick besked' },
  toldNobody: {
    'en-GB': 'Nobody was told (no one on the notify list had a channel on).',
    'de-DE': 'Niemand wurde benachrichtigt (niemand auf der Benachrichtigungsliste hatte einen Kanal eingeschaltet).',
    'fr-FR': 'Personne n’a été prévenu (personne sur la liste de notification n’avait de canal activé).',
    'sv-SE': 'Ingen fick besked (ingen på aviseringslistan hade någon kanal påslagen).',
  },
  someoneElse: {
    'en-GB': 'Someone no longer sharing this device',
    'de-DE': 'Jemand, mit dem das Gerät nicht mehr geteilt ist',
    'fr-FR': 'Une personne qui ne partage plus cet appareil',
    'sv-SE': 'Någon som inte längre delar enheten',
  },
  acknowledge: { 'en-GB': 'Acknowledge', 'de-DE': 'Bestätigen', 'fr-FR': 'Acquitter', 'sv-SE': 'Kvittera' },
  acknowledgeHint: {
    'en-GB': 'Stops the reminders of this alarm for everyone.',
    'de-DE': 'Beendet die Erinnerungen an diesen Alarm für alle.',
    'fr-FR': 'Arrête les rappels de cette alarme pour tout le monde.',
    'sv-SE': 'Stoppar påminnelserna om det här larmet för alla.',
  },
  acknowledgedBy: {
    'en-GB': 'Acknowledged by {name} at {time}',
    'de-DE': 'Bestätigt von {name} am {time}',
    'fr-FR': 'Acquittée par {name} le {time}',
    'sv-SE': 'Kvitterat av {name} {time}',
  },
  acknowledgedByGone: {
    'en-GB': 'Acknowledged at {time} by someone no longer sharing this device',
    'de-DE': 'Bestätigt am {time} von jemandem, mit dem das Gerät nicht mehr geteilt ist',
    'fr-FR': 'Acquittée le {time} par une personne qui ne partage plus cet appareil',
    'sv-SE': 'Kvitterat {time} av någon som inte längre delar enheten',
  },
  acknowledgeFailed: {
    'en-GB': 'Could not acknowledge: {reason}',
    'de-DE': 'Bestätigen fehlgeschlagen: {reason}',
    'fr-FR': 'Impossible d’acquitter : {reason}',
    'sv-SE': 'Kunde inte kvittera: {reason}',
  },
  loadMore: { 'en-GB': 'Load more', 'de-DE': 'Mehr laden', 'fr-FR': 'Charger plus', 'sv-SE': 'Visa fler' },
  loadFailed: {
    'en-GB': 'The alarm log could not be loaded: {reason}',
    'de-DE': 'Das Alarmprotokoll konnte nicht geladen werden: {reason}',
    'fr-FR': 'Impossible de charger le journal des alarmes : {reason}',
    'sv-SE': 'Larmloggen kunde inte hämtas: {reason}',
  },
  retry: { 'en-GB': 'Try again', 'de-DE': 'Erneut versuchen', 'fr-FR': 'Réessayer', 'sv-SE': 'Försök igen' },
  offline: {
    'en-GB': 'No connection. The alarm log shows once you are online again.',
    'de-DE': 'Keine Verbindung. Das Alarmprotokoll erscheint, sobald Sie wieder online sind.',
    'fr-FR': 'Pas de connexion. Le journal des alarmes s’affichera dès que vous serez de nouveau en ligne.',
    'sv-SE': 'Ingen anslutning. Larmloggen visas när du är uppkopplad igen.',
  },
  // The channels and what each notification was about.
  channelEmail: { 'en-GB': 'E-mail', 'de-DE': 'E-Mail', 'fr-FR': 'E-mail', 'sv-SE': 'E-post' },
  channelSms: { 'en-GB': 'SMS', 'de-DE': 'SMS', 'fr-FR': 'SMS', 'sv-SE': 'SMS' },
  channelPush: { 'en-GB': 'Push', 'de-DE': 'Push', 'fr-FR': 'Push', 'sv-SE': 'Push' },
  eventTriggered: { 'en-GB': 'alarm', 'de-DE': 'Alarm', 'fr-FR': 'alarme', 'sv-SE': 'larm' },
  eventCleared: { 'en-GB': 'all clear', 'de-DE': 'Entwarnung', 'fr-FR': 'fin d’alarme', 'sv-SE': 'återställt' },
  eventReminder: { 'en-GB': 'reminder', 'de-DE': 'Erinnerung', 'fr-FR': 'rappel', 'sv-SE': 'påminnelse' },
  statusDelivered: { 'en-GB': 'delivered', 'de-DE': 'zugestellt', 'fr-FR': 'remis', 'sv-SE': 'levererat' },
  statusFailed: { 'en-GB': 'failed', 'de-DE': 'fehlgeschlagen', 'fr-FR': 'échec', 'sv-SE': 'misslyckades' },
  statusPending: { 'en-GB': 'on its way', 'de-DE': 'unterwegs', 'fr-FR': 'en cours', 'sv-SE': 'på väg' },
  statusSkipped: { 'en-GB': 'not sent', 'de-DE': 'nicht gesendet', 'fr-FR': 'non envoyé', 'sv-SE': 'inte skickat' },
});

const m = alarmLogTexts.messages;



export const CHANNEL_TEXT = { email: m.channelEmail, sms: m.channelSms, push: m.channelPush } as const;
export const EVENT_TEXT = { triggered: m.eventTriggered, cleared: m.eventCleared, reminder: m.eventReminder } as const;
export const STATUS_TEXT = { delivered: m.statusDelivered, failed: m.statusFailed, pending: m.statusPending, skipped: m.statusSkipped } as const;
