import { defineTranslations } from '@paddock/shared/i18n';

/** /account: the weekly or monthly summary by e-mail (docs/product/reports.md). */
export const reportTexts = defineTranslations('account.reports', {
  heading: { 'en-GB': 'E-mail reports', 'de-DE': 'E-Mail-Berichte', 'fr-FR': 'Rapports par e-mail', 'sv-SE': 'E-postrapporter' },
  intro: {
    'en-GB':
      'A summary of your devices by e-mail: fence voltages, alarms and who acknowledged them, plug energy and cost, SIM data used, with a CSV file attached.',
    'de-DE':
      'Eine Übersicht Ihrer Geräte per E-Mail: Zaunspannungen, Alarme und wer sie bestätigt hat, Energie und Kosten der Steckdosen, verbrauchte SIM-Daten, mit einer CSV-Datei im Anhang.',
    'fr-FR':
      'Un résumé de vos appareils par e-mail : tensions des clôtures, alarmes et qui les a acquittées, énergie et coût des prises, données SIM utilisées, avec un fichier CSV joint.',
    'sv-SE':
      'En sammanfattning av dina enheter per e-post: stängselspänningar, larm och vem som kvitterade dem, uttagens energi och kostnad, använd SIM-data, med en CSV-fil bifogad.',
  },
  choice: { 'en-GB': 'Send me a report', 'de-DE': 'Bericht senden', 'fr-FR': 'M’envoyer un rapport', 'sv-SE': 'Skicka mig en rapport' },
  none: { 'en-GB': 'Off', 'de-DE': 'Aus', 'fr-FR': 'Désactivés', 'sv-SE': 'Av' },
  weekly: { 'en-GB': 'Weekly', 'de-DE': 'Wöchentlich', 'fr-FR': 'Chaque semaine', 'sv-SE': 'Varje vecka' },
  monthly: { 'en-GB': 'Monthly', 'de-DE': 'Monatlich', 'fr-FR': 'Chaque mois', 'sv-SE': 'Varje månad' },
  when: {
    'en-GB': 'Weekly reports come on Monday for the week before, monthly ones on the 1st for the month before; the first within minutes.',
    'de-DE': 'Wochenberichte kommen montags für die Vorwoche, Monatsberichte am 1. für den Vormonat; der erste innerhalb weniger Minuten.',
    'fr-FR':
      'Les rapports hebdomadaires arrivent le lundi pour la semaine écoulée, les mensuels le 1er pour le mois écoulé ; le premier en quelques minutes.',
    'sv-SE':
      'Veckorapporter kommer på måndagen för veckan innan, månadsrapporter den 1:a för månaden innan; den första inom några minuter.',
  },
  savedNone: {
    'en-GB': 'E-mail reports turned off.',
    'de-DE': 'E-Mail-Berichte ausgeschaltet.',
    'fr-FR': 'Rapports par e-mail désactivés.',
    'sv-SE': 'E-postrapporterna är avstängda.',
  },
  savedWeekly: {
    'en-GB': 'You will get a report every week.',
    'de-DE': 'Sie erhalten jede Woche einen Bericht.',
    'fr-FR': 'Vous recevrez un rapport chaque semaine.',
    'sv-SE': 'Du får en rapport varje vecka.',
  },
  savedMonthly: {
    'en-GB': 'You will get a report every month.',
    'de-DE': 'Sie erhalten jeden Monat einen Bericht.',
    'fr-FR': 'Vous recevrez un rapport chaque mois.',
    'sv-SE': 'Du får en rapport varje månad.',
  },
  saveFailed: {
    'en-GB': 'Your choice was not saved: {reason}',
    'de-DE': 'Ihre Auswahl wurde nicht gespeichert: {reason}',
    'fr-FR': 'Votre choix n’a pas été enregistré : {reason}',
    'sv-SE': 'Ditt val sparades inte: {reason}',
  },
  loadFailed: {
    'en-GB': 'Your e-mail report choice could not be loaded: {reason}',
    'de-DE': 'Ihre Auswahl der E-Mail-Berichte konnte nicht geladen werden: {reason}',
    'fr-FR': 'Votre choix de rapports par e-mail n’a pas pu être chargé : {reason}',
    'sv-SE': 'Ditt val av e-postrapporter kunde inte läsas in: {reason}',
  },
  retry: { 'en-GB': 'Try again', 'de-DE': 'Erneut versuchen', 'fr-FR': 'Réessayer', 'sv-SE': 'Försök igen' },
});
