import { defineTranslations } from '@paddock/shared/i18n';

// Product menu entries are brand names from the registry (not translated).
export const adminHomeTexts = defineTranslations('admin.home', {
  title: { 'en-GB': 'Admin', 'de-DE': 'Verwaltung', 'fr-FR': 'Administration', 'sv-SE': 'Administration' },
  menu: { 'en-GB': 'Admin areas', 'de-DE': 'Verwaltungsbereiche', 'fr-FR': 'Espaces d’administration', 'sv-SE': 'Administrationsdelar' },
  user: { 'en-GB': 'User', 'de-DE': 'Benutzer', 'fr-FR': 'Utilisateur', 'sv-SE': 'Användare' },
  notices: { 'en-GB': 'Notices', 'de-DE': 'Hinweise', 'fr-FR': 'Annonces', 'sv-SE': 'Meddelanden' },
  stats: { 'en-GB': 'Stats', 'de-DE': 'Statistik', 'fr-FR': 'Statistiques', 'sv-SE': 'Statistik' },
  audit: { 'en-GB': 'Audit log', 'de-DE': 'Prüfprotokoll', 'fr-FR': 'Journal d’audit', 'sv-SE': 'Granskningslogg' },
  firmwareCampaigns: { 'en-GB': 'Firmware campaigns', 'de-DE': 'Firmware-Kampagnen', 'fr-FR': 'Campagnes de micrologiciel', 'sv-SE': 'Firmwarekampanjer' },
  warrantyClaims: { 'en-GB': 'Warranty claims', 'de-DE': 'Garantieansprüche', 'fr-FR': 'Demandes de garantie', 'sv-SE': 'Garantianspråk' },
  mailbox: { 'en-GB': 'Mailbox', 'de-DE': 'Postfach', 'fr-FR': 'Boîte mail', 'sv-SE': 'Brevlåda' },
  smsOutbox: { 'en-GB': 'SMS outbox', 'de-DE': 'SMS-Postausgang', 'fr-FR': 'SMS envoyés', 'sv-SE': 'Utkorg för sms' },
});
