import { defineTranslations } from '@paddock/shared/i18n';

export const layoutTexts = defineTranslations('shell.layout', {
  // {brand}: the variant's name (docs/product/overview.md#branded-variants), never translated.
  home: { 'en-GB': '{brand} home', 'de-DE': '{brand}-Startseite', 'fr-FR': 'Accueil {brand}', 'sv-SE': '{brand}s startsida' },
  skipToContent: {
    'en-GB': 'Skip to content',
    'de-DE': 'Zum Inhalt springen',
    'fr-FR': 'Aller au contenu',
    'sv-SE': 'Hoppa till innehållet',
  },
  navigation: {
    'en-GB': 'Main navigation',
    'de-DE': 'Hauptnavigation',
    'fr-FR': 'Navigation principale',
    'sv-SE': 'Huvudnavigering',
  },
  menu: { 'en-GB': 'Menu', 'de-DE': 'Menü', 'fr-FR': 'Menu', 'sv-SE': 'Meny' },
  devices: { 'en-GB': 'Devices', 'de-DE': 'Geräte', 'fr-FR': 'Appareils', 'sv-SE': 'Enheter' },
  account: { 'en-GB': 'Account', 'de-DE': 'Konto', 'fr-FR': 'Compte', 'sv-SE': 'Konto' },
  billing: { 'en-GB': 'Billing', 'de-DE': 'Abrechnung', 'fr-FR': 'Facturation', 'sv-SE': 'Fakturering' },
  warranties: { 'en-GB': 'Warranties', 'de-DE': 'Garantien', 'fr-FR': 'Garanties', 'sv-SE': 'Garantier' },
  support: { 'en-GB': 'Support', 'de-DE': 'Support', 'fr-FR': 'Assistance', 'sv-SE': 'Support' },
  opensInNewTab: {
    'en-GB': '(opens in a new tab)',
    'de-DE': '(öffnet in einem neuen Tab)',
    'fr-FR': '(s’ouvre dans un nouvel onglet)',
    'sv-SE': '(öppnas i en ny flik)',
  },
  admin: { 'en-GB': 'Admin', 'de-DE': 'Verwaltung', 'fr-FR': 'Administration', 'sv-SE': 'Administration' },
  language: { 'en-GB': 'Language', 'de-DE': 'Sprache', 'fr-FR': 'Langue', 'sv-SE': 'Språk' },
  signIn: { 'en-GB': 'Sign in', 'de-DE': 'Anmelden', 'fr-FR': 'Se connecter', 'sv-SE': 'Logga in' },
  signOut: { 'en-GB': 'Sign out', 'de-DE': 'Abmelden', 'fr-FR': 'Se déconnecter', 'sv-SE': 'Logga ut' },
  viewingAs: {
    'en-GB': 'Viewing as {email}',
    'de-DE': 'Ansicht als {email}',
    'fr-FR': 'Vue en tant que {email}',
    'sv-SE': 'Visar som {email}',
  },
  viewingAsHint: {
    'en-GB': 'Everything you do here is done for this customer and recorded.',
    'de-DE': 'Alles, was Sie hier tun, geschieht für diesen Kunden und wird protokolliert.',
    'fr-FR': 'Tout ce que vous faites ici est fait pour ce client et enregistré.',
    'sv-SE': 'Allt du gör här görs för den här kunden och loggas.',
  },
  notices: { 'en-GB': 'Notices', 'de-DE': 'Hinweise', 'fr-FR': 'Avis', 'sv-SE': 'Meddelanden' },
  dismissNotice: {
    'en-GB': 'Dismiss notice',
    'de-DE': 'Hinweis ausblenden',
    'fr-FR': 'Masquer l’avis',
    'sv-SE': 'Stäng meddelandet',
  },
  stopImpersonating: {
    'en-GB': 'Stop impersonating',
    'de-DE': 'Stellvertretung beenden',
    'fr-FR': 'Quitter l’emprunt d’identité',
    'sv-SE': 'Sluta agera som användaren',
  },
  loading: { 'en-GB': 'Loading…', 'de-DE': 'Wird geladen …', 'fr-FR': 'Chargement…', 'sv-SE': 'Läser in …' },
});
