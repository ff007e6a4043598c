import { defineTranslations } from '@paddock/shared/i18n';

/** Texts shared by the admin pages. */
export const adminCommonTexts = defineTranslations('admin.common', {
  loadFailed: {
    'en-GB': 'This could not be loaded: {reason}',
    'de-DE': 'Das konnte nicht geladen werden: {reason}',
    'fr-FR': 'Le chargement a échoué : {reason}',
    'sv-SE': 'Det gick inte att läsa in: {reason}',
  },
  retry: { 'en-GB': 'Try again', 'de-DE': 'Erneut versuchen', 'fr-FR': 'Réessayer', 'sv-SE': 'Försök igen' },
  missingParam: {
    'en-GB': 'This link is incomplete. Open the page from the admin menu. ({detail})',
    'de-DE': 'Dieser Link ist unvollständig. Öffnen Sie die Seite über das Verwaltungsmenü. ({detail})',
    'fr-FR': 'Ce lien est incomplet. Ouvrez la page depuis le menu d’administration. ({detail})',
    'sv-SE': 'Länken är ofullständig. Öppna sidan från administrationsmenyn. ({detail})',
  },
  linkProblem: { 'en-GB': 'Incomplete link', 'de-DE': 'Unvollständiger Link', 'fr-FR': 'Lien incomplet', 'sv-SE': 'Ofullständig länk' },
  search: { 'en-GB': 'Search', 'de-DE': 'Suchen', 'fr-FR': 'Rechercher', 'sv-SE': 'Sök' },
  more: { 'en-GB': 'Load more', 'de-DE': 'Mehr laden', 'fr-FR': 'Charger la suite', 'sv-SE': 'Läs in fler' },
  noResults: { 'en-GB': 'Nothing found.', 'de-DE': 'Nichts gefunden.', 'fr-FR': 'Aucun résultat.', 'sv-SE': 'Inget hittades.' },
  impersonate: { 'en-GB': 'Impersonate', 'de-DE': 'Als Benutzer ansehen', 'fr-FR': 'Se faire passer pour', 'sv-SE': 'Agera som' },
  impersonateOwner: {
    'en-GB': 'Impersonate owner',
    'de-DE': 'Als Eigentümer ansehen',
    'fr-FR': 'Se faire passer pour le propriétaire',
    'sv-SE': 'Agera som ägaren',
  },
  jsonLabel: { 'en-GB': '{name} as JSON', 'de-DE': '{name} als JSON', 'fr-FR': '{name} en JSON', 'sv-SE': '{name} som JSON' },
  saved: { 'en-GB': 'Saved', 'de-DE': 'Gespeichert', 'fr-FR': 'Enregistré', 'sv-SE': 'Sparat' },
  save: { 'en-GB': 'Save', 'de-DE': 'Speichern', 'fr-FR': 'Enregistrer', 'sv-SE': 'Spara' },
  yes: { 'en-GB': 'Yes', 'de-DE': 'Ja', 'fr-FR': 'Oui', 'sv-SE': 'Ja' },
  no: { 'en-GB': 'No', 'de-DE': 'Nein', 'fr-FR': 'Non', 'sv-SE': 'Nej' },
  // The record pages (issue 30): the JSON behind a toggle, and what a missing value is read out as.
  showRaw: { 'en-GB': 'Show raw data', 'de-DE': 'Rohdaten anzeigen', 'fr-FR': 'Afficher les données brutes', 'sv-SE': 'Visa rådata' },
  hideRaw: { 'en-GB': 'Hide raw data', 'de-DE': 'Rohdaten ausblenden', 'fr-FR': 'Masquer les données brutes', 'sv-SE': 'Dölj rådata' },
  notGiven: { 'en-GB': 'not given', 'de-DE': 'nicht angegeben', 'fr-FR': 'non renseigné', 'sv-SE': 'saknas' },
});
