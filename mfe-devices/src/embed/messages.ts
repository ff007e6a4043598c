import { defineTranslations } from '@paddock/shared/i18n';

export const embedTexts = defineTranslations('devices.embed', {
  leaveTitle: {
    'en-GB': 'This page opens in Paddock',
    'de-DE': 'Diese Seite öffnet sich in Paddock',
    'fr-FR': 'Cette page s’ouvre dans Paddock',
    'sv-SE': 'Den här sidan öppnas i Paddock',
  },
  leaveText: {
    'en-GB': 'It is not part of the dashboard shown here. Open it in a new tab, or go back to your devices.',
    'de-DE': 'Sie gehört nicht zu der hier gezeigten Übersicht. Öffnen Sie sie in einem neuen Tab oder kehren Sie zu Ihren Geräten zurück.',
    'fr-FR': 'Elle ne fait pas partie du tableau de bord affiché ici. Ouvrez-la dans un nouvel onglet ou revenez à vos appareils.',
    'sv-SE': 'Den ingår inte i översikten som visas här. Öppna den i en ny flik eller gå tillbaka till dina enheter.',
  },
  openInPaddock: {
    'en-GB': 'Open in Paddock (new tab)',
    'de-DE': 'In Paddock öffnen (neuer Tab)',
    'fr-FR': 'Ouvrir dans Paddock (nouvel onglet)',
    'sv-SE': 'Öppna i Paddock (ny flik)',
  },
  backToDevices: {
    'en-GB': 'Back to devices',
    'de-DE': 'Zurück zu den Geräten',
    'fr-FR': 'Retour aux appareils',
    'sv-SE': 'Tillbaka till enheterna',
  },
  signInUnavailable: {
    'en-GB': 'Sign in to Paddock to see your devices here.',
    'de-DE': 'Melden Sie sich bei Paddock an, um hier Ihre Geräte zu sehen.',
    'fr-FR': 'Connectez-vous à Paddock pour voir ici vos appareils.',
    'sv-SE': 'Logga in på Paddock för att se dina enheter här.',
  },
});
