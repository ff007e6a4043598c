import { defineTranslations } from '@paddock/shared/i18n';

export const routingTexts = defineTranslations('shell.routing', {
  notFoundTitle: {
    'en-GB': 'Page not found',
    'de-DE': 'Seite nicht gefunden',
    'fr-FR': 'Page introuvable',
    'sv-SE': 'Sidan hittades inte',
  },
  notFoundText: {
    'en-GB': 'The page you are looking for does not exist or has moved.',
    'de-DE': 'Die gesuchte Seite gibt es nicht oder sie wurde verschoben.',
    'fr-FR': 'La page que vous cherchez n’existe pas ou a été déplacée.',
    'sv-SE': 'Sidan du letar efter finns inte eller har flyttats.',
  },
  back: { 'en-GB': 'Back', 'de-DE': 'Zurück', 'fr-FR': 'Retour', 'sv-SE': 'Tillbaka' },
  redirecting: {
    'en-GB': 'Redirecting…',
    'de-DE': 'Sie werden weitergeleitet …',
    'fr-FR': 'Redirection en cours…',
    'sv-SE': 'Omdirigerar …',
  },
});
