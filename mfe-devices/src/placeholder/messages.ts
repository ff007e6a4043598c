import { defineTranslations } from '@paddock/shared/i18n';

export const placeholderTexts = defineTranslations('devices.placeholder', {
  title: { 'en-GB': 'Coming soon', 'de-DE': 'Demnächst verfügbar', 'fr-FR': 'Bientôt disponible', 'sv-SE': 'Kommer snart' },
  text: {
    'en-GB': 'This page is not ready yet. Your devices are listed on the dashboard.',
    'de-DE': 'Diese Seite ist noch nicht fertig. Ihre Geräte finden Sie in der Übersicht.',
    'fr-FR': 'Cette page n’est pas encore prête. Vos appareils sont listés dans le tableau de bord.',
    'sv-SE': 'Den här sidan är inte klar än. Dina enheter finns i översikten.',
  },
  toDashboard: {
    'en-GB': 'Go to the dashboard',
    'de-DE': 'Zur Übersicht',
    'fr-FR': 'Aller au tableau de bord',
    'sv-SE': 'Till översikten',
  },
});
