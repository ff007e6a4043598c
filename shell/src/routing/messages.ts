import { defineTranslations } from '@paddock/shared/i18n';

export const routingTexts = defineTranslations('shell.routing', {
  redirecting: {
    'en-GB': 'Redirecting…',
    'de-DE': 'Sie werden weitergeleitet …',
    'fr-FR': 'Redirection en cours…',
    'sv-SE': 'Omdirigerar …',
  },
});
