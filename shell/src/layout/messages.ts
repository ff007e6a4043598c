import { defineTranslations } from '@paddock/shared/i18n';

export const layoutTexts = defineTranslations('shell.layout', {
  brand: { 'en-GB': 'Paddock', 'de-DE': 'Paddock', 'fr-FR': 'Paddock', 'sv-SE': 'Paddock' },
  home: { 'en-GB': 'Paddock home', 'de-DE': 'Paddock-Startseite', 'fr-FR': 'Accueil Paddock', 'sv-SE': 'Paddocks startsida' },
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
  actingAs: {
    'en-GB': 'Acting as {email}',
    'de-DE': 'Handelt als {email}',
    'fr-FR': 'Connecté en tant que {email}',
    'sv-SE': 'Agerar som {email}',
  },
  stopImpersonating: {
    'en-GB': 'Stop impersonating',
    'de-DE': 'Stellvertretung beenden',
    'fr-FR': 'Quitter l’emprunt d’identité',
    'sv-SE': 'Sluta agera som användaren',
  },
  loading: { 'en-GB': 'Loading…', 'de-DE': 'Wird geladen …', 'fr-FR': 'Chargement…', 'sv-SE': 'Laddar …' },
});
