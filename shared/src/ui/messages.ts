import { defineTranslations } from '../i18n/define';

export const uiTexts = defineTranslations('ui', {
  close: { 'en-GB': 'Close', 'de-DE': 'Schließen', 'fr-FR': 'Fermer', 'sv-SE': 'Stäng' },
  cancel: { 'en-GB': 'Cancel', 'de-DE': 'Abbrechen', 'fr-FR': 'Annuler', 'sv-SE': 'Avbryt' },
  confirm: { 'en-GB': 'Confirm', 'de-DE': 'Bestätigen', 'fr-FR': 'Confirmer', 'sv-SE': 'Bekräfta' },
  back: { 'en-GB': 'Back', 'de-DE': 'Zurück', 'fr-FR': 'Retour', 'sv-SE': 'Tillbaka' },
  notFoundTitle: { 'en-GB': 'Page not found', 'de-DE': 'Seite nicht gefunden', 'fr-FR': 'Page introuvable', 'sv-SE': 'Sidan hittades inte' },
  notFoundText: {
    'en-GB': 'The page you are looking for does not exist or has moved.',
    'de-DE': 'Die gesuchte Seite gibt es nicht oder sie wurde verschoben.',
    'fr-FR': 'La page que vous cherchez n’existe pas ou a été déplacée.',
    'sv-SE': 'Sidan du letar efter finns inte eller har flyttats.',
  },
  actionFailedLater: {
    'en-GB': 'That did not work. Please try again in a moment.',
    'de-DE': 'Das hat nicht geklappt. Bitte versuchen Sie es gleich noch einmal.',
    'fr-FR': 'Cela n’a pas fonctionné. Veuillez réessayer dans un instant.',
    'sv-SE': 'Det fungerade inte. Försök igen om en stund.',
  },
  actionTimedOut: {
    'en-GB': 'No answer came in time. Check your connection and try again.',
    'de-DE': 'Es kam keine Antwort rechtzeitig. Prüfen Sie Ihre Verbindung und versuchen Sie es erneut.',
    'fr-FR': 'Aucune réponse n’est arrivée à temps. Vérifiez votre connexion et réessayez.',
    'sv-SE': 'Inget svar kom i tid. Kontrollera anslutningen och försök igen.',
  },
  busy: { 'en-GB': 'Working…', 'de-DE': 'Wird ausgeführt …', 'fr-FR': 'En cours…', 'sv-SE': 'Arbetar …' },
  loading: { 'en-GB': 'Loading…', 'de-DE': 'Wird geladen …', 'fr-FR': 'Chargement…', 'sv-SE': 'Läser in …' },
  showPassword: { 'en-GB': 'Show password', 'de-DE': 'Passwort anzeigen', 'fr-FR': 'Afficher le mot de passe', 'sv-SE': 'Visa lösenord' },
  hidePassword: { 'en-GB': 'Hide password', 'de-DE': 'Passwort verbergen', 'fr-FR': 'Masquer le mot de passe', 'sv-SE': 'Dölj lösenord' },
  notifications: { 'en-GB': 'Notifications', 'de-DE': 'Benachrichtigungen', 'fr-FR': 'Notifications', 'sv-SE': 'Aviseringar' },
  required: {
    'en-GB': 'Please fill in this field.',
    'de-DE': 'Bitte füllen Sie dieses Feld aus.',
    'fr-FR': 'Veuillez remplir ce champ.',
    'sv-SE': 'Fyll i det här fältet.',
  },
  invalidEmail: {
    'en-GB': 'Please enter a valid e-mail address, such as name@example.com.',
    'de-DE': 'Bitte geben Sie eine gültige E-Mail-Adresse ein, z. B. name@beispiel.de.',
    'fr-FR': 'Veuillez saisir une adresse e-mail valide, par exemple nom@exemple.fr.',
    'sv-SE': 'Ange en giltig e-postadress, till exempel namn@exempel.se.',
  },
  passwordTooShort: {
    'en-GB': 'The password must have at least {min} characters.',
    'de-DE': 'Das Passwort muss mindestens {min} Zeichen lang sein.',
    'fr-FR': 'Le mot de passe doit comporter au moins {min} caractères.',
    'sv-SE': 'Lösenordet måste ha minst {min} tecken.',
  },
  tooLong: {
    'en-GB': 'This is too long.',
    'de-DE': 'Diese Eingabe ist zu lang.',
    'fr-FR': 'Cette saisie est trop longue.',
    'sv-SE': 'Det här är för långt.',
  },
  invalidCode: {
    'en-GB': 'The code has 6 digits.',
    'de-DE': 'Der Code besteht aus 6 Ziffern.',
    'fr-FR': 'Le code comporte 6 chiffres.',
    'sv-SE': 'Koden består av 6 siffror.',
  },
  invalidPhone: {
    'en-GB': 'Please enter a phone number with 6 to 15 digits, for example +44 7700 900123.',
    'de-DE': 'Bitte geben Sie eine Telefonnummer mit 6 bis 15 Ziffern ein, z. B. +49 151 23456789.',
    'fr-FR': 'Veuillez saisir un numéro de téléphone de 6 à 15 chiffres, par exemple +33 6 12 34 56 78.',
    'sv-SE': 'Ange ett telefonnummer med 6 till 15 siffror, till exempel +46 70 123 45 67.',
  },
  invalidVatin: {
    'en-GB': 'Enter the VAT number in its country’s format, starting with the country code, for example SE556677889901.',
    'de-DE': 'Geben Sie die USt-IdNr. im Format ihres Landes ein, beginnend mit dem Ländercode, z. B. DE123456789.',
    'fr-FR': 'Saisissez le numéro de TVA au format de son pays, en commençant par le code du pays, par exemple FR12345678901.',
    'sv-SE': 'Ange momsnumret i landets format, med landskoden först, till exempel SE556677889901.',
  },
  invalidChoice: {
    'en-GB': 'Please choose one of the options.',
    'de-DE': 'Bitte wählen Sie eine der Optionen.',
    'fr-FR': 'Veuillez choisir l’une des options.',
    'sv-SE': 'Välj ett av alternativen.',
  },
});

/**
 * A declined renewal, as the dashboard card, the device's settings and Billing all say it (docs/product/billing.md
 * "A declined renewal": the plan is retried and its alarms keep working meanwhile).
 */
export const renewalTexts = defineTranslations('ui.renewal', {
  paymentFailed: {
    'en-GB': 'Payment failed — update your card',
    'de-DE': 'Zahlung fehlgeschlagen – Karte aktualisieren',
    'fr-FR': 'Paiement refusé — mettez à jour votre carte',
    'sv-SE': 'Betalningen misslyckades – uppdatera ditt kort',
  },
  paymentRetry: {
    'en-GB': 'Alarms keep working. Next try {date}.',
    'de-DE': 'Die Alarme funktionieren weiter. Nächster Versuch: {date}.',
    'fr-FR': 'Les alarmes continuent de fonctionner. Prochain essai : {date}.',
    'sv-SE': 'Larmen fungerar som vanligt. Nästa försök: {date}.',
  },
});

/** Leaving a page with unsaved changes (docs/product/screens.md Unsaved changes). */
export const leaveTexts = defineTranslations('ui.leave', {
  title: {
    'en-GB': 'Leave without saving?',
    'de-DE': 'Seite ohne Speichern verlassen?',
    'fr-FR': 'Quitter sans enregistrer ?',
    'sv-SE': 'Lämna utan att spara?',
  },
  text: {
    'en-GB': 'Your changes on this page are not saved yet. If you leave now, they are lost.',
    'de-DE': 'Ihre Änderungen auf dieser Seite sind noch nicht gespeichert. Wenn Sie die Seite jetzt verlassen, gehen sie verloren.',
    'fr-FR': 'Vos modifications sur cette page ne sont pas encore enregistrées. Si vous la quittez maintenant, elles seront perdues.',
    'sv-SE': 'Dina ändringar på den här sidan är inte sparade än. Om du lämnar sidan nu går de förlorade.',
  },
  leave: { 'en-GB': 'Discard changes', 'de-DE': 'Änderungen verwerfen', 'fr-FR': 'Abandonner les modifications', 'sv-SE': 'Släng ändringarna' },
  stay: { 'en-GB': 'Keep editing', 'de-DE': 'Weiter bearbeiten', 'fr-FR': 'Continuer la modification', 'sv-SE': 'Fortsätt redigera' },
  unsaved: { 'en-GB': 'Unsaved changes', 'de-DE': 'Nicht gespeicherte Änderungen', 'fr-FR': 'Modifications non enregistrées', 'sv-SE': 'Osparade ändringar' },
});
