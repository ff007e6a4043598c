import { defineTranslations } from '@paddock/shared/i18n';

export const federationTexts = defineTranslations('shell.remote', {
  unavailableTitle: {
    'en-GB': 'This section is unavailable',
    'de-DE': 'Dieser Bereich ist nicht verfügbar',
    'fr-FR': 'Cette section est indisponible',
    'sv-SE': 'Den här delen är inte tillgänglig',
  },
  unavailableText: {
    'en-GB': 'The {section} section could not be loaded. Check your connection and try again; the rest of {app} keeps working.',
    'de-DE':
      'Der Bereich {section} konnte nicht geladen werden. Prüfen Sie Ihre Verbindung und versuchen Sie es erneut; der Rest von {app} funktioniert weiter.',
    'fr-FR':
      'La section {section} n’a pas pu être chargée. Vérifiez votre connexion et réessayez ; le reste de {app} continue de fonctionner.',
    'sv-SE': 'Delen {section} kunde inte läsas in. Kontrollera anslutningen och försök igen; resten av {app} fungerar som vanligt.',
  },
  updateTitle: {
    'en-GB': 'This section needs an update',
    'de-DE': 'Dieser Bereich muss aktualisiert werden',
    'fr-FR': 'Cette section doit être mise à jour',
    'sv-SE': 'Den här delen behöver uppdateras',
  },
  updateText: {
    'en-GB': 'The {section} section was built for another version of {app}. Reload the page to get the latest version; the rest of {app} keeps working.',
    'de-DE':
      'Der Bereich {section} wurde für eine andere Version von {app} erstellt. Laden Sie die Seite neu, um die neueste Version zu erhalten; der Rest von {app} funktioniert weiter.',
    'fr-FR':
      'La section {section} a été conçue pour une autre version de {app}. Rechargez la page pour obtenir la dernière version ; le reste de {app} continue de fonctionner.',
    'sv-SE': 'Delen {section} är byggd för en annan version av {app}. Ladda om sidan för att få den senaste versionen; resten av {app} fungerar som vanligt.',
  },
  reload: { 'en-GB': 'Reload', 'de-DE': 'Neu laden', 'fr-FR': 'Recharger', 'sv-SE': 'Ladda om' },
  retry: { 'en-GB': 'Retry', 'de-DE': 'Erneut versuchen', 'fr-FR': 'Réessayer', 'sv-SE': 'Försök igen' },
  loading: {
    'en-GB': 'Loading {section}…',
    'de-DE': 'Bereich {section} wird geladen …',
    'fr-FR': 'Chargement de {section}…',
    'sv-SE': 'Läser in {section} …',
  },
  account: { 'en-GB': 'Account', 'de-DE': 'Konto', 'fr-FR': 'Compte', 'sv-SE': 'Konto' },
  devices: { 'en-GB': 'Devices', 'de-DE': 'Geräte', 'fr-FR': 'Appareils', 'sv-SE': 'Enheter' },
  billing: { 'en-GB': 'Billing', 'de-DE': 'Abrechnung', 'fr-FR': 'Facturation', 'sv-SE': 'Fakturering' },
  admin: { 'en-GB': 'Admin', 'de-DE': 'Verwaltung', 'fr-FR': 'Administration', 'sv-SE': 'Administration' },
});
