import { defineTranslations } from '@paddock/shared/i18n';

/** Texts of /billing (docs/product/screens.md Billing). */
export const billingTexts = defineTranslations('billing.overview', {
  title: { 'en-GB': 'Billing', 'de-DE': 'Abrechnung', 'fr-FR': 'Facturation', 'sv-SE': 'Fakturering' },
  loading: { 'en-GB': 'Loading…', 'de-DE': 'Wird geladen …', 'fr-FR': 'Chargement…', 'sv-SE': 'Läser in …' },
  retry: { 'en-GB': 'Try again', 'de-DE': 'Erneut versuchen', 'fr-FR': 'Réessayer', 'sv-SE': 'Försök igen' },
  loadFailed: {
    'en-GB': 'This could not be loaded: {reason}',
    'de-DE': 'Das konnte nicht geladen werden: {reason}',
    'fr-FR': 'Impossible de charger ceci : {reason}',
    'sv-SE': 'Det gick inte att läsa in: {reason}',
  },

  // ---- Payment
  managePayment: { 'en-GB': 'Manage payment', 'de-DE': 'Zahlung verwalten', 'fr-FR': 'Gérer le paiement', 'sv-SE': 'Hantera betalning' },
  managePaymentHint: {
    'en-GB': 'Payment methods and billing details open in a new window.',
    'de-DE': 'Zahlungsmethoden und Rechnungsdaten öffnen sich in einem neuen Fenster.',
    'fr-FR': 'Les moyens de paiement et les coordonnées de facturation s’ouvrent dans une nouvelle fenêtre.',
    'sv-SE': 'Betalsätt och faktureringsuppgifter öppnas i ett nytt fönster.',
  },

  // ---- Subscriptions
  subscriptionsHeading: { 'en-GB': 'Subscriptions', 'de-DE': 'Abonnements', 'fr-FR': 'Abonnements', 'sv-SE': 'Abonnemang' },
  noDevices: {
    'en-GB': 'You have no devices yet. Register one on the Devices page to choose its plan.',
    'de-DE': 'Sie haben noch keine Geräte. Registrieren Sie eines auf der Seite „Geräte“, um seinen Tarif zu wählen.',
    'fr-FR': 'Vous n’avez pas encore d’appareil. Ajoutez-en un sur la page Appareils pour choisir son forfait.',
    'sv-SE': 'Du har inga enheter än. Registrera en på sidan Enheter för att välja abonnemang.',
  },
  columnDevice: { 'en-GB': 'Device', 'de-DE': 'Gerät', 'fr-FR': 'Appareil', 'sv-SE': 'Enhet' },
  columnPlan: { 'en-GB': 'Plan', 'de-DE': 'Tarif', 'fr-FR': 'Forfait', 'sv-SE': 'Abonnemang' },
  columnStatus: { 'en-GB': 'Status', 'de-DE': 'Status', 'fr-FR': 'Statut', 'sv-SE': 'Status' },
  columnRenewal: { 'en-GB': 'Renewal or end', 'de-DE': 'Verlängerung oder Ende', 'fr-FR': 'Renouvellement ou fin', 'sv-SE': 'Förnyelse eller slut' },
  columnPrice: { 'en-GB': 'Price (ex VAT)', 'de-DE': 'Preis (zzgl. MwSt.)', 'fr-FR': 'Prix (HT)', 'sv-SE': 'Pris (exkl. moms)' },
  deviceName: { 'en-GB': '{product} {name}', 'de-DE': '{product} {name}', 'fr-FR': '{product} {name}', 'sv-SE': '{product} {name}' },
  statusActive: { 'en-GB': 'Active', 'de-DE': 'Aktiv', 'fr-FR': 'Actif', 'sv-SE': 'Aktivt' },
  statusInactive: {
    'en-GB': 'Inactive: alarms are paused',
    'de-DE': 'Inaktiv: Alarme pausiert',
    'fr-FR': 'Inactif : alarmes en pause',
    'sv-SE': 'Inaktivt: larmen är pausade',
  },
  paymentFailedNotice: {
    'en-GB':
      'A renewal payment was declined. The alarms keep working while we try again; update your card before the last try, or the plan ends and its alarms are paused.',
    'de-DE':
      'Eine Zahlung für eine Verlängerung wurde abgelehnt. Die Alarme funktionieren weiter, während wir es erneut versuchen; aktualisieren Sie Ihre Karte vor dem letzten Versuch, sonst endet der Tarif und seine Alarme werden pausiert.',
    'fr-FR':
      'Un paiement de renouvellement a été refusé. Les alarmes continuent de fonctionner pendant que nous réessayons ; mettez à jour votre carte avant le dernier essai, sinon le forfait prend fin et ses alarmes sont suspendues.',
    'sv-SE':
      'En betalning för en förnyelse avvisades. Larmen fungerar som vanligt medan vi försöker igen; uppdatera ditt kort före sista försöket, annars upphör abonnemanget och dess larm pausas.',
  },
  updateCard: { 'en-GB': 'Update your card', 'de-DE': 'Karte aktualisieren', 'fr-FR': 'Mettre à jour la carte', 'sv-SE': 'Uppdatera kortet' },
  changePlanHint: {
    'en-GB': 'The owner chooses a device’s plan on its settings page.',
    'de-DE': 'Der Eigentümer wählt den Tarif eines Geräts auf dessen Einstellungsseite.',
    'fr-FR': 'Le propriétaire choisit le forfait d’un appareil sur sa page de réglages.',
    'sv-SE': 'Ägaren väljer en enhets abonnemang på dess inställningssida.',
  },

  // ---- SMS
  smsHeading: { 'en-GB': 'SMS', 'de-DE': 'SMS', 'fr-FR': 'SMS', 'sv-SE': 'Sms' },
  smsBalance: {
    'en-GB': '{count, plural, one {# SMS left} other {# SMS left}}',
    'de-DE': '{count, plural, one {# SMS verfügbar} other {# SMS verfügbar}}',
    'fr-FR': '{count, plural, one {# SMS restant} other {# SMS restants}}',
    'sv-SE': '{count, plural, one {# sms kvar} other {# sms kvar}}',
  },
  buySms: { 'en-GB': 'Buy SMS', 'de-DE': 'SMS kaufen', 'fr-FR': 'Acheter des SMS', 'sv-SE': 'Köp sms' },
  buySmsTitle: { 'en-GB': 'Buy SMS?', 'de-DE': 'SMS kaufen?', 'fr-FR': 'Acheter des SMS ?', 'sv-SE': 'Köpa sms?' },
  buySmsText: {
    'en-GB': '{count, number} SMS for {price} ex VAT, charged once to your payment method.',
    'de-DE': '{count, number} SMS für {price} zzgl. MwSt., einmalig über Ihre Zahlungsmethode abgerechnet.',
    'fr-FR': '{count, number} SMS pour {price} HT, débités une seule fois sur votre moyen de paiement.',
    'sv-SE': '{count, number} sms för {price} exkl. moms, debiteras en gång från ditt betalsätt.',
  },
  buySmsConfirm: { 'en-GB': 'Buy', 'de-DE': 'Kaufen', 'fr-FR': 'Acheter', 'sv-SE': 'Köp' },
  smsBought: {
    'en-GB': '{added, number} SMS added. You now have {balance, number} SMS.',
    'de-DE': '{added, number} SMS gutgeschrieben. Ihr Guthaben: {balance, number} SMS.',
    'fr-FR': '{added, number} SMS ajoutés. Vous en avez maintenant {balance, number}.',
    'sv-SE': '{added, number} sms har lagts till. Du har nu {balance, number} sms.',
  },

  // ---- Invoices
  invoicesHeading: { 'en-GB': 'Invoices', 'de-DE': 'Rechnungen', 'fr-FR': 'Factures', 'sv-SE': 'Fakturor' },
  noInvoices: {
    'en-GB': 'No invoices yet. Every purchase and plan charge gets one.',
    'de-DE': 'Noch keine Rechnungen. Jeder Kauf und jede Tarifabbuchung erhält eine.',
    'fr-FR': 'Aucune facture pour l’instant. Chaque achat et chaque prélèvement de forfait en reçoit une.',
    'sv-SE': 'Inga fakturor än. Varje köp och abonnemangsdebitering får en.',
  },
  columnDate: { 'en-GB': 'Date', 'de-DE': 'Datum', 'fr-FR': 'Date', 'sv-SE': 'Datum' },
  columnNumber: { 'en-GB': 'Number', 'de-DE': 'Nummer', 'fr-FR': 'Numéro', 'sv-SE': 'Nummer' },
  columnDescription: { 'en-GB': 'Description', 'de-DE': 'Beschreibung', 'fr-FR': 'Description', 'sv-SE': 'Beskrivning' },
  columnTotal: { 'en-GB': 'Total (incl. VAT)', 'de-DE': 'Gesamt (inkl. MwSt.)', 'fr-FR': 'Total (TTC)', 'sv-SE': 'Totalt (inkl. moms)' },
  columnPdf: { 'en-GB': 'PDF', 'de-DE': 'PDF', 'fr-FR': 'PDF', 'sv-SE': 'PDF' },
  invoicePaid: { 'en-GB': 'Paid', 'de-DE': 'Bezahlt', 'fr-FR': 'Payée', 'sv-SE': 'Betald' },
  invoiceOpen: { 'en-GB': 'Open', 'de-DE': 'Offen', 'fr-FR': 'À payer', 'sv-SE': 'Obetald' },
  invoiceFailed: { 'en-GB': 'Payment failed', 'de-DE': 'Zahlung fehlgeschlagen', 'fr-FR': 'Paiement échoué', 'sv-SE': 'Betalningen misslyckades' },
  reverseCharge: { 'en-GB': 'Reverse charge', 'de-DE': 'Steuerschuldnerschaft des Leistungsempfängers', 'fr-FR': 'Autoliquidation', 'sv-SE': 'Omvänd skattskyldighet' },
  downloadPdf: {
    'en-GB': 'Download invoice {number} (PDF)',
    'de-DE': 'Rechnung {number} herunterladen (PDF)',
    'fr-FR': 'Télécharger la facture {number} (PDF)',
    'sv-SE': 'Ladda ner faktura {number} (PDF)',
  },
  download: { 'en-GB': 'Download', 'de-DE': 'Herunterladen', 'fr-FR': 'Télécharger', 'sv-SE': 'Ladda ner' },
});
