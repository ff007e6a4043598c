import { defineTranslations } from '@paddock/shared/i18n';

export const connectionTexts = defineTranslations('shell.connection', {
  title: {
    'en-GB': 'No connection',
    'de-DE': 'Keine Verbindung',
    'fr-FR': 'Pas de connexion',
    'sv-SE': 'Ingen anslutning',
  },
  // docs/product/errors.md, word for word in English.
  message: {
    'en-GB':
      'Connection to the server failed. Please verify your internet connection and try again. If you are still experiencing issues, you can contact our support at {host}.',
    'de-DE':
      'Die Verbindung zum Server ist fehlgeschlagen. Bitte überprüfen Sie Ihre Internetverbindung und versuchen Sie es erneut. Wenn das Problem weiterhin besteht, können Sie sich unter {host} an unseren Support wenden.',
    'fr-FR':
      'La connexion au serveur a échoué. Veuillez vérifier votre connexion Internet et réessayer. Si le problème persiste, vous pouvez contacter notre assistance sur {host}.',
    'sv-SE':
      'Anslutningen till servern misslyckades. Kontrollera din internetanslutning och försök igen. Om problemet kvarstår kan du kontakta vår support på {host}.',
  },
  keptList: {
    'en-GB': 'Show my last device list',
    'de-DE': 'Meine letzte Geräteliste zeigen',
    'fr-FR': 'Afficher ma dernière liste d’appareils',
    'sv-SE': 'Visa min senaste enhetslista',
  },
  tryAgain: { 'en-GB': 'Try again', 'de-DE': 'Erneut versuchen', 'fr-FR': 'Réessayer', 'sv-SE': 'Försök igen' },
});
