import { defineTranslations } from '@paddock/shared/i18n';

export const dashboardTexts = defineTranslations('devices.dashboard', {
  title: { 'en-GB': 'Devices', 'de-DE': 'Geräte', 'fr-FR': 'Appareils', 'sv-SE': 'Enheter' },
  register: {
    'en-GB': 'Register a device',
    'de-DE': 'Gerät registrieren',
    'fr-FR': 'Enregistrer un appareil',
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
    'fr-FR': 'Enregistrez votre première FarmCam SIM, votre premier FenceAlarm ou SmartPlug pour voir ici son état.',
    'sv-SE': 'Registrera ditt första FarmCam SIM, din första FenceAlarm eller SmartPlug för att se hur den mår här.',
  },
});
