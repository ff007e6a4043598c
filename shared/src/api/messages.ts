import { defineTranslations } from '../i18n/define';

export const apiTexts = defineTranslations('api', {
  timeout: {
    'en-GB': '408: Connection to server timed out',
    'de-DE': '408: Zeitüberschreitung bei der Verbindung zum Server',
    'fr-FR': '408 : la connexion au serveur a expiré',
    'sv-SE': '408: Anslutningen till servern tog för lång tid',
  },
  serverError: {
    'en-GB': '500: Internal Server Error',
    'de-DE': '500: Interner Serverfehler',
    'fr-FR': '500 : erreur interne du serveur',
    'sv-SE': '500: Internt serverfel',
  },
  otherStatus: {
    'en-GB': '{status} {statusText}: {body}',
    'de-DE': '{status} {statusText}: {body}',
    'fr-FR': '{status} {statusText} : {body}',
    'sv-SE': '{status} {statusText}: {body}',
  },
  signedOut: {
    'en-GB': 'Your session has ended. Please sign in again.',
    'de-DE': 'Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.',
    'fr-FR': 'Votre session a expiré. Veuillez vous reconnecter.',
    'sv-SE': 'Din session har avslutats. Logga in igen.',
  },
  // ---- Prices (docs/product/api.md, docs/product/limits.md, docs/product/states.md)
  pricesFailed: {
    'en-GB': 'failed to get price data',
    'de-DE': 'Preisdaten konnten nicht geladen werden',
    'fr-FR': 'impossible d’obtenir les données tarifaires',
    'sv-SE': 'det gick inte att hämta prisuppgifter',
  },
  pricePerMonth: {
    'en-GB': '{price} per month',
    'de-DE': '{price} pro Monat',
    'fr-FR': '{price} par mois',
    'sv-SE': '{price} per månad',
  },
  pricePerYear: {
    'en-GB': '{price} per year',
    'de-DE': '{price} pro Jahr',
    'fr-FR': '{price} par an',
    'sv-SE': '{price} per år',
  },
  // What a price of nothing reads as (the None plan), instead of "SEK 0.00 per month".
  priceFree: { 'en-GB': 'No charge', 'de-DE': 'Kostenlos', 'fr-FR': 'Gratuit', 'sv-SE': 'Kostnadsfritt' },
  exVat: { 'en-GB': 'ex VAT', 'de-DE': 'zzgl. MwSt.', 'fr-FR': 'HT', 'sv-SE': 'exkl. moms' },
  planNone: { 'en-GB': 'None', 'de-DE': 'Keines', 'fr-FR': 'Aucun', 'sv-SE': 'Inget' },
  planSmall: { 'en-GB': 'Small', 'de-DE': 'Klein', 'fr-FR': 'Petit', 'sv-SE': 'Liten' },
  planMedium: { 'en-GB': 'Medium', 'de-DE': 'Mittel', 'fr-FR': 'Moyen', 'sv-SE': 'Mellan' },
  planLarge: { 'en-GB': 'Large', 'de-DE': 'Groß', 'fr-FR': 'Grand', 'sv-SE': 'Stor' },
  planWithSize: { 'en-GB': '{plan} ({size})', 'de-DE': '{plan} ({size})', 'fr-FR': '{plan} ({size})', 'sv-SE': '{plan} ({size})' },
  planMonthly: { 'en-GB': 'Monthly', 'de-DE': 'Monatlich', 'fr-FR': 'Mensuel', 'sv-SE': 'Månadsvis' },
  planYearly: { 'en-GB': 'Yearly', 'de-DE': 'Jährlich', 'fr-FR': 'Annuel', 'sv-SE': 'Årsvis' },
  expiryEnded: { 'en-GB': 'Ended {date}', 'de-DE': 'Beendet am {date}', 'fr-FR': 'Terminé le {date}', 'sv-SE': 'Avslutades {date}' },
  expiryEnds: { 'en-GB': 'Ends {date}', 'de-DE': 'Endet am {date}', 'fr-FR': 'Se termine le {date}', 'sv-SE': 'Upphör {date}' },
  expiryRenews: { 'en-GB': 'Renews {date}', 'de-DE': 'Verlängert sich am {date}', 'fr-FR': 'Se renouvelle le {date}', 'sv-SE': 'Förnyas {date}' },
  planTrial: { 'en-GB': 'Trial', 'de-DE': 'Testphase', 'fr-FR': 'Essai', 'sv-SE': 'Provperiod' },
});
