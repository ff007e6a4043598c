import { defineTranslations } from '../i18n/define';

// The date and file fields' own texts, provided by the fields themselves: only the apps that show such a field carry
// them, not every page's start (docs/architecture/README.md#budgets).
export const fieldTexts = defineTranslations('ui.field', {
  chooseDate: { 'en-GB': 'Choose a date', 'de-DE': 'Datum wählen', 'fr-FR': 'Choisir une date', 'sv-SE': 'Välj ett datum' },
  clearDate: { 'en-GB': 'Clear the date', 'de-DE': 'Datum löschen', 'fr-FR': 'Effacer la date', 'sv-SE': 'Rensa datumet' },
  chooseFile: { 'en-GB': 'Choose a file', 'de-DE': 'Datei auswählen', 'fr-FR': 'Choisir un fichier', 'sv-SE': 'Välj en fil' },
  noFileChosen: { 'en-GB': 'No file chosen', 'de-DE': 'Keine Datei ausgewählt', 'fr-FR': 'Aucun fichier choisi', 'sv-SE': 'Ingen fil vald' },
});

/** For a field's <Translations>: one array, so the provider's texts are merged once. */
export const FIELD_TEXTS = [fieldTexts];
