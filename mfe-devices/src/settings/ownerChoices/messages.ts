import { defineTranslations } from '@paddock/shared/i18n';

/**
 * docs/product/roles.md "Alarms and sharing" and "Change log": the note a shared user sees beside the owner's alarms and
 * sharing, and the owner's list of what the people the device is shared with changed.
 */
export const ownerChoicesTexts = defineTranslations('devices.settings.ownerChoices', {
  ownerOnlyNote: {
    'en-GB': 'Only the owner can change alarms and sharing.',
    'de-DE': 'Nur der Eigentümer kann Alarme und Freigaben ändern.',
    'fr-FR': 'Seul le propriétaire peut modifier les alarmes et le partage.',
    'sv-SE': 'Endast ägaren kan ändra larm och delning.',
  },
  changesHeading: {
    'en-GB': 'Changes by people you share with',
    'de-DE': 'Änderungen durch Personen, mit denen Sie teilen',
    'fr-FR': 'Modifications par les personnes avec qui vous partagez',
    'sv-SE': 'Ändringar av personer du delar med',
  },
  changesCaption: {
    'en-GB': 'What the people this device is shared with changed, newest first',
    'de-DE': 'Was die Personen, mit denen dieses Gerät geteilt ist, geändert haben, neueste zuerst',
    'fr-FR': 'Ce qu’ont modifié les personnes avec qui cet appareil est partagé, les plus récentes d’abord',
    'sv-SE': 'Vad de som enheten delas med har ändrat, senaste först',
  },
  changesNone: {
    'en-GB': 'Nobody you share this device with has changed anything in the last {days} days.',
    'de-DE': 'Niemand, mit dem Sie dieses Gerät teilen, hat in den letzten {days} Tagen etwas geändert.',
    'fr-FR': 'Personne avec qui vous partagez cet appareil n’a rien modifié ces {days} derniers jours.',
    'sv-SE': 'Ingen du delar enheten med har ändrat något de senaste {days} dagarna.',
  },
  changesFailed: {
    'en-GB': 'The changes could not be loaded. Reload the page to try again.',
    'de-DE': 'Die Änderungen konnten nicht geladen werden. Laden Sie die Seite neu, um es erneut zu versuchen.',
    'fr-FR': 'Impossible de charger les modifications. Rechargez la page pour réessayer.',
    'sv-SE': 'Ändringarna kunde inte läsas in. Ladda om sidan för att försöka igen.',
  },
  columnWhen: { 'en-GB': 'Date', 'de-DE': 'Datum', 'fr-FR': 'Date', 'sv-SE': 'Datum' },
  columnWho: { 'en-GB': 'Person', 'de-DE': 'Person', 'fr-FR': 'Personne', 'sv-SE': 'Person' },
  columnWhat: { 'en-GB': 'What', 'de-DE': 'Was', 'fr-FR': 'Quoi', 'sv-SE': 'Vad' },
  renamed: {
    'en-GB': 'Renamed from “{from}” to “{to}”',
    'de-DE': 'Umbenannt von „{from}“ in „{to}“',
    'fr-FR': 'Renommé de « {from} » en « {to} »',
    'sv-SE': 'Bytte namn från ”{from}” till ”{to}”',
  },
  tagsChanged: { 'en-GB': 'Changed the tags', 'de-DE': 'Schlagwörter geändert', 'fr-FR': 'Étiquettes modifiées', 'sv-SE': 'Ändrade taggarna' },
  notifyOn: {
    'en-GB': 'Turned on their alarm notifications',
    'de-DE': 'Eigene Alarmbenachrichtigungen eingeschaltet',
    'fr-FR': 'A activé ses notifications d’alarme',
    'sv-SE': 'Slog på sina larmaviseringar',
  },
  notifyOff: {
    'en-GB': 'Turned off their alarm notifications',
    'de-DE': 'Eigene Alarmbenachrichtigungen ausgeschaltet',
    'fr-FR': 'A désactivé ses notifications d’alarme',
    'sv-SE': 'Stängde av sina larmaviseringar',
  },
  powerSwitched: { 'en-GB': 'Switched the power', 'de-DE': 'Strom geschaltet', 'fr-FR': 'A commuté l’alimentation', 'sv-SE': 'Slog om strömmen' },
  settingsChanged: {
    'en-GB': 'Changed settings: {settings}',
    'de-DE': 'Einstellungen geändert: {settings}',
    'fr-FR': 'Réglages modifiés : {settings}',
    'sv-SE': 'Ändrade inställningar: {settings}',
  },
  settingTimer: { 'en-GB': 'timer', 'de-DE': 'Zeitschaltuhr', 'fr-FR': 'minuterie', 'sv-SE': 'timer' },
  settingThermostat: { 'en-GB': 'thermostat', 'de-DE': 'Thermostat', 'fr-FR': 'thermostat', 'sv-SE': 'termostat' },
  settingBeep: { 'en-GB': 'beep', 'de-DE': 'Signalton', 'fr-FR': 'bip', 'sv-SE': 'pip' },
  settingSound: { 'en-GB': 'sound', 'de-DE': 'Ton', 'fr-FR': 'son', 'sv-SE': 'ljud' },
});
