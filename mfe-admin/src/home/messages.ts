import { defineTranslations } from '@paddock/shared/i18n';

export const adminHomeTexts = defineTranslations('admin.home', {
  title: { 'en-GB': 'Admin', 'de-DE': 'Verwaltung', 'fr-FR': 'Administration', 'sv-SE': 'Administration' },
  menu: { 'en-GB': 'Admin areas', 'de-DE': 'Verwaltungsbereiche', 'fr-FR': 'Espaces d’administration', 'sv-SE': 'Administrationsdelar' },
  user: { 'en-GB': 'User', 'de-DE': 'Benutzer', 'fr-FR': 'Utilisateur', 'sv-SE': 'Användare' },
  farmcamSim: { 'en-GB': 'FarmCam SIM', 'de-DE': 'FarmCam SIM', 'fr-FR': 'FarmCam SIM', 'sv-SE': 'FarmCam SIM' },
  fencealarm: { 'en-GB': 'FenceAlarm', 'de-DE': 'FenceAlarm', 'fr-FR': 'FenceAlarm', 'sv-SE': 'FenceAlarm' },
  fencealarm2: { 'en-GB': 'FenceAlarm2', 'de-DE': 'FenceAlarm2', 'fr-FR': 'FenceAlarm2', 'sv-SE': 'FenceAlarm2' },
  smartplug: { 'en-GB': 'SmartPlug', 'de-DE': 'SmartPlug', 'fr-FR': 'SmartPlug', 'sv-SE': 'SmartPlug' },
  notices: { 'en-GB': 'Notices', 'de-DE': 'Hinweise', 'fr-FR': 'Annonces', 'sv-SE': 'Meddelanden' },
  stats: { 'en-GB': 'Stats', 'de-DE': 'Statistik', 'fr-FR': 'Statistiques', 'sv-SE': 'Statistik' },
  comingSoon: {
    'en-GB': 'This admin page is not ready yet.',
    'de-DE': 'Diese Verwaltungsseite ist noch nicht fertig.',
    'fr-FR': 'Cette page d’administration n’est pas encore prête.',
    'sv-SE': 'Den här administrationssidan är inte klar än.',
  },
});
