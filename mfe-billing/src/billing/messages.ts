import { defineTranslations } from '@paddock/shared/i18n';

export const billingTexts = defineTranslations('billing.overview', {
  title: { 'en-GB': 'Billing', 'de-DE': 'Abrechnung', 'fr-FR': 'Facturation', 'sv-SE': 'Fakturering' },
  empty: {
    'en-GB': 'Your subscriptions and invoices will be shown here.',
    'de-DE': 'Hier werden Ihre Abonnements und Rechnungen angezeigt.',
    'fr-FR': 'Vos abonnements et vos factures s’afficheront ici.',
    'sv-SE': 'Här visas dina abonnemang och fakturor.',
  },
});
