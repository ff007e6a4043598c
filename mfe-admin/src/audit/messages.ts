import type { MessageDescriptor } from 'react-intl';
import type { AuditAction } from '@paddock/shared/contract';
import { defineTranslations } from '@paddock/shared/i18n';

export const adminAuditTexts = defineTranslations('admin.audit', {
  title: { 'en-GB': 'Audit log', 'de-DE': 'Prüfprotokoll', 'fr-FR': 'Journal d’audit', 'sv-SE': 'Granskningslogg' },
  filters: { 'en-GB': 'Filter the log', 'de-DE': 'Protokoll filtern', 'fr-FR': 'Filtrer le journal', 'sv-SE': 'Filtrera loggen' },
  staff: { 'en-GB': 'Staff member', 'de-DE': 'Mitarbeiter', 'fr-FR': 'Membre du personnel', 'sv-SE': 'Personal' },
  staffHint: { 'en-GB': 'E-mail or id', 'de-DE': 'E-Mail oder ID', 'fr-FR': 'E-mail ou id', 'sv-SE': 'E-post eller id' },
  user: { 'en-GB': 'Customer', 'de-DE': 'Kunde', 'fr-FR': 'Client', 'sv-SE': 'Kund' },
  userHint: {
    'en-GB': 'Acted as or acted on; e-mail or id',
    'de-DE': 'Vertreten oder betroffen; E-Mail oder ID',
    'fr-FR': 'Incarné ou concerné ; e-mail ou id',
    'sv-SE': 'Agerat som eller berörd; e-post eller id',
  },
  device: { 'en-GB': 'Device (IMEI or IMSI)', 'de-DE': 'Gerät (IMEI oder IMSI)', 'fr-FR': 'Appareil (IMEI ou IMSI)', 'sv-SE': 'Enhet (IMEI eller IMSI)' },
  from: { 'en-GB': 'From', 'de-DE': 'Von', 'fr-FR': 'Du', 'sv-SE': 'Från' },
  to: { 'en-GB': 'To', 'de-DE': 'Bis', 'fr-FR': 'Au', 'sv-SE': 'Till' },
  apply: { 'en-GB': 'Show', 'de-DE': 'Anzeigen', 'fr-FR': 'Afficher', 'sv-SE': 'Visa' },
  entries: { 'en-GB': 'Entries, newest first', 'de-DE': 'Einträge, neueste zuerst', 'fr-FR': 'Entrées, les plus récentes d’abord', 'sv-SE': 'Poster, nyaste först' },
  none: { 'en-GB': 'No entries match.', 'de-DE': 'Keine passenden Einträge.', 'fr-FR': 'Aucune entrée ne correspond.', 'sv-SE': 'Inga poster matchar.' },
  by: { 'en-GB': 'By {staff}', 'de-DE': 'Von {staff}', 'fr-FR': 'Par {staff}', 'sv-SE': 'Av {staff}' },
  actingAs: { 'en-GB': 'acting as {user}', 'de-DE': 'als {user}', 'fr-FR': 'en tant que {user}', 'sv-SE': 'som {user}' },
  status: { 'en-GB': 'Answer {status}', 'de-DE': 'Antwort {status}', 'fr-FR': 'Réponse {status}', 'sv-SE': 'Svar {status}' },
  changed: { 'en-GB': 'Changed fields', 'de-DE': 'Geänderte Felder', 'fr-FR': 'Champs modifiés', 'sv-SE': 'Ändrade fält' },
  noChange: { 'en-GB': 'Nothing changed.', 'de-DE': 'Nichts geändert.', 'fr-FR': 'Aucune modification.', 'sv-SE': 'Inget ändrades.' },
  field: { 'en-GB': 'Field', 'de-DE': 'Feld', 'fr-FR': 'Champ', 'sv-SE': 'Fält' },
  before: { 'en-GB': 'Before', 'de-DE': 'Vorher', 'fr-FR': 'Avant', 'sv-SE': 'Före' },
  after: { 'en-GB': 'After', 'de-DE': 'Nachher', 'fr-FR': 'Après', 'sv-SE': 'Efter' },
  absent: { 'en-GB': '(none)', 'de-DE': '(keins)', 'fr-FR': '(aucun)', 'sv-SE': '(inget)' },
  records: {
    'en-GB': 'Whole records before and after',
    'de-DE': 'Vollständige Daten vorher und nachher',
    'fr-FR': 'Fiches complètes avant et après',
    'sv-SE': 'Hela posterna före och efter',
  },
  dateInvalid: { 'en-GB': 'Pick a date.', 'de-DE': 'Wählen Sie ein Datum.', 'fr-FR': 'Choisissez une date.', 'sv-SE': 'Välj ett datum.' },
  toBeforeFrom: {
    'en-GB': 'The end date is before the start date.',
    'de-DE': 'Das Enddatum liegt vor dem Startdatum.',
    'fr-FR': 'La date de fin précède la date de début.',
    'sv-SE': 'Slutdatumet är före startdatumet.',
  },
  actionImpersonationStart: { 'en-GB': 'Impersonation started', 'de-DE': 'Stellvertretung begonnen', 'fr-FR': 'Emprunt d’identité commencé', 'sv-SE': 'Agerar som användaren' },
  actionImpersonationStop: { 'en-GB': 'Impersonation stopped', 'de-DE': 'Stellvertretung beendet', 'fr-FR': 'Emprunt d’identité terminé', 'sv-SE': 'Slutade agera som användaren' },
  actionCall: { 'en-GB': 'Call', 'de-DE': 'Aufruf', 'fr-FR': 'Appel', 'sv-SE': 'Anrop' },
  actionUserEmail: { 'en-GB': 'E-mail set', 'de-DE': 'E-Mail-Adresse gesetzt', 'fr-FR': 'Adresse e-mail définie', 'sv-SE': 'E-postadress ändrad' },
  actionUserVerify: { 'en-GB': 'Account verified', 'de-DE': 'Konto bestätigt', 'fr-FR': 'Compte vérifié', 'sv-SE': 'Konto verifierat' },
  actionDeviceTrial: { 'en-GB': 'Trial added', 'de-DE': 'Testzeitraum hinzugefügt', 'fr-FR': 'Essai ajouté', 'sv-SE': 'Provperiod tillagd' },
  actionDeviceCancel: { 'en-GB': 'Subscription cancelled', 'de-DE': 'Abonnement gekündigt', 'fr-FR': 'Abonnement résilié', 'sv-SE': 'Abonnemang avslutat' },
  actionDeviceFota: { 'en-GB': 'Firmware update requested', 'de-DE': 'Firmware-Update angefordert', 'fr-FR': 'Mise à jour du micrologiciel demandée', 'sv-SE': 'Uppdatering av fast programvara begärd' },
  actionDeviceConsumptionReset: { 'en-GB': 'Consumption reset', 'de-DE': 'Verbrauch zurückgesetzt', 'fr-FR': 'Consommation remise à zéro', 'sv-SE': 'Förbrukning nollställd' },
  actionNoticeSave: { 'en-GB': 'Notice saved', 'de-DE': 'Hinweis gespeichert', 'fr-FR': 'Avis enregistré', 'sv-SE': 'Meddelande sparat' },
  actionNoticeDelete: { 'en-GB': 'Notice deleted', 'de-DE': 'Hinweis gelöscht', 'fr-FR': 'Avis supprimé', 'sv-SE': 'Meddelande raderat' },
});

const m = adminAuditTexts.messages;
/** Each action of the log in words (the machine code stays in the entry for searching). */
export const AUDIT_ACTION_TEXTS = {
  'impersonation.start': m.actionImpersonationStart,
  'impersonation.stop': m.actionImpersonationStop,
  call: m.actionCall,
  'user.email': m.actionUserEmail,
  'user.verify': m.actionUserVerify,
  'device.trial': m.actionDeviceTrial,
  'device.cancel': m.actionDeviceCancel,
  'device.fota': m.actionDeviceFota,
  'device.consumption-reset': m.actionDeviceConsumptionReset,
  'notice.save': m.actionNoticeSave,
  'notice.delete': m.actionNoticeDelete,
} as const satisfies Record<AuditAction, MessageDescriptor>;
