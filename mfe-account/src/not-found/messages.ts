import { defineTranslations } from '@paddock/shared/i18n';

export const notFoundTexts = defineTranslations('account.notFound', {
  title: { 'en-GB': 'Page not found', 'de-DE': 'Seite nicht gefunden', 'fr-FR': 'Page introuvable', 'sv-SE': 'Sidan hittades inte' },
  text: {
    'en-GB': 'The address may be mistyped, or the page has moved.',
    'de-DE': 'Die Adresse ist vielleicht falsch geschrieben, oder die Seite wurde verschoben.',
    'fr-FR': 'L’adresse est peut-être mal saisie, ou la page a été déplacée.',
    'sv-SE': 'Adressen kan vara felskriven, eller så har sidan flyttats.',
  },
  back: { 'en-GB': 'Go back', 'de-DE': 'Zurück', 'fr-FR': 'Retour', 'sv-SE': 'Gå tillbaka' },
});
