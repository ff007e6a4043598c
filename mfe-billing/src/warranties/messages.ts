import { defineTranslations } from '@paddock/shared/i18n';

export const warrantiesTexts = defineTranslations('billing.warranties', {
  title: { 'en-GB': 'Warranties', 'de-DE': 'Garantien', 'fr-FR': 'Garanties', 'sv-SE': 'Garantier' },
  empty: {
    'en-GB': 'Your registered warranties will be listed here, with a form to register a new one.',
    'de-DE': 'Hier werden Ihre registrierten Garantien aufgeführt, mit einem Formular zum Registrieren einer neuen.',
    'fr-FR': 'Vos garanties enregistrées seront listées ici, avec un formulaire pour en enregistrer une nouvelle.',
    'sv-SE': 'Här visas dina registrerade garantier, med ett formulär för att registrera en ny.',
  },
});
