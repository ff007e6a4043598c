import { defineTranslations } from '@paddock/shared/i18n';

/** /account: the invoice details and the password change (docs/product/screens.md Account). */
export const accountDetailsTexts = defineTranslations('account.details', {
  invoiceHeading: {
    'en-GB': 'Invoice details',
    'de-DE': 'Rechnungsangaben',
    'fr-FR': 'Coordonnées de facturation',
    'sv-SE': 'Fakturauppgifter',
  },
  invoiceIntro: {
    'en-GB': 'Your invoices are made out to these details. A change applies to the next invoice.',
    'de-DE': 'Ihre Rechnungen werden auf diese Angaben ausgestellt. Eine Änderung gilt ab der nächsten Rechnung.',
    'fr-FR': 'Vos factures sont établies à ces coordonnées. Une modification s’applique à la prochaine facture.',
    'sv-SE': 'Dina fakturor ställs ut på de här uppgifterna. En ändring gäller från nästa faktura.',
  },
  name: { 'en-GB': 'Name', 'de-DE': 'Name', 'fr-FR': 'Nom', 'sv-SE': 'Namn' },
  nameHint: {
    'en-GB': 'Your name or your farm’s name, as it should appear on invoices.',
    'de-DE': 'Ihr Name oder der Name Ihres Betriebs, so wie er auf Rechnungen stehen soll.',
    'fr-FR': 'Votre nom ou celui de votre exploitation, tel qu’il doit figurer sur les factures.',
    'sv-SE': 'Ditt namn eller gårdens namn, så som det ska stå på fakturorna.',
  },
  addr1: { 'en-GB': 'Address line 1', 'de-DE': 'Straße und Hausnummer', 'fr-FR': 'Adresse', 'sv-SE': 'Adress' },
  addr2: { 'en-GB': 'Address line 2', 'de-DE': 'Adresszusatz', 'fr-FR': 'Complément d’adresse', 'sv-SE': 'Adressrad 2' },
  postalCode: { 'en-GB': 'Postcode', 'de-DE': 'Postleitzahl', 'fr-FR': 'Code postal', 'sv-SE': 'Postnummer' },
  town: { 'en-GB': 'Town or city', 'de-DE': 'Ort', 'fr-FR': 'Ville', 'sv-SE': 'Ort' },
  country: { 'en-GB': 'Country', 'de-DE': 'Land', 'fr-FR': 'Pays', 'sv-SE': 'Land' },
  countryHint: {
    'en-GB': 'Sets the VAT on your invoices and the currency of your next purchases.',
    'de-DE': 'Bestimmt die Mehrwertsteuer auf Ihren Rechnungen und die Währung Ihrer nächsten Käufe.',
    'fr-FR': 'Détermine la TVA de vos factures et la devise de vos prochains achats.',
    'sv-SE': 'Avgör momsen på dina fakturor och valutan för dina nästa köp.',
  },
  vatin: { 'en-GB': 'EU VAT number', 'de-DE': 'USt-IdNr. (EU)', 'fr-FR': 'Numéro de TVA intracommunautaire', 'sv-SE': 'EU-momsnummer' },
  vatinHint: {
    'en-GB': 'For businesses, for example SE556677889901. Leave it empty if you have none.',
    'de-DE': 'Für Unternehmen, z. B. DE123456789. Lassen Sie das Feld leer, wenn Sie keine haben.',
    'fr-FR': 'Pour les entreprises, par exemple FR12345678901. Laissez vide si vous n’en avez pas.',
    'sv-SE': 'För företag, till exempel SE556677889901. Lämna tomt om du inte har något.',
  },
  saveInvoice: {
    'en-GB': 'Save invoice details',
    'de-DE': 'Rechnungsangaben speichern',
    'fr-FR': 'Enregistrer les coordonnées',
    'sv-SE': 'Spara fakturauppgifter',
  },
  invoiceSaved: {
    'en-GB': 'Invoice details saved. Your next invoice uses them.',
    'de-DE': 'Rechnungsangaben gespeichert. Ihre nächste Rechnung verwendet sie.',
    'fr-FR': 'Coordonnées de facturation enregistrées. Votre prochaine facture les utilisera.',
    'sv-SE': 'Fakturauppgifterna har sparats. Din nästa faktura använder dem.',
  },
  nothingChanged: {
    'en-GB': 'Nothing has changed.',
    'de-DE': 'Es wurde nichts geändert.',
    'fr-FR': 'Rien n’a changé.',
    'sv-SE': 'Inget har ändrats.',
  },
  passwordHeading: { 'en-GB': 'Password', 'de-DE': 'Passwort', 'fr-FR': 'Mot de passe', 'sv-SE': 'Lösenord' },
  passwordIntro: {
    'en-GB': 'After the change you stay signed in here; other phones and browsers are signed out.',
    'de-DE': 'Nach der Änderung bleiben Sie hier angemeldet; andere Telefone und Browser werden abgemeldet.',
    'fr-FR': 'Après la modification, vous restez connecté ici ; les autres téléphones et navigateurs sont déconnectés.',
    'sv-SE': 'Efter ändringen är du kvar inloggad här; andra telefoner och webbläsare loggas ut.',
  },
  // Not "Current password": that field (for a new e-mail address) may show on the same page.
  currentPassword: {
    'en-GB': 'Your current password',
    'de-DE': 'Ihr aktuelles Passwort',
    'fr-FR': 'Votre mot de passe actuel',
    'sv-SE': 'Ditt nuvarande lösenord',
  },
  newPassword: { 'en-GB': 'New password', 'de-DE': 'Neues Passwort', 'fr-FR': 'Nouveau mot de passe', 'sv-SE': 'Nytt lösenord' },
  confirmPassword: {
    'en-GB': 'Repeat the new password',
    'de-DE': 'Neues Passwort wiederholen',
    'fr-FR': 'Répétez le nouveau mot de passe',
    'sv-SE': 'Upprepa det nya lösenordet',
  },
  currentPasswordRequired: {
    'en-GB': 'Enter your current password.',
    'de-DE': 'Geben Sie Ihr aktuelles Passwort ein.',
    'fr-FR': 'Saisissez votre mot de passe actuel.',
    'sv-SE': 'Ange ditt nuvarande lösenord.',
  },
  currentPasswordWrong: {
    'en-GB': 'This is not your current password.',
    'de-DE': 'Das ist nicht Ihr aktuelles Passwort.',
    'fr-FR': 'Ce n’est pas votre mot de passe actuel.',
    'sv-SE': 'Det här är inte ditt nuvarande lösenord.',
  },
  passwordsDiffer: {
    'en-GB': 'The two new passwords are not the same.',
    'de-DE': 'Die beiden neuen Passwörter stimmen nicht überein.',
    'fr-FR': 'Les deux nouveaux mots de passe ne sont pas identiques.',
    'sv-SE': 'De två nya lösenorden är inte likadana.',
  },
  sameAsCurrent: {
    'en-GB': 'The new password is the same as the current one.',
    'de-DE': 'Das neue Passwort ist dasselbe wie das aktuelle.',
    'fr-FR': 'Le nouveau mot de passe est identique à l’actuel.',
    'sv-SE': 'Det nya lösenordet är samma som det nuvarande.',
  },
  changePassword: { 'en-GB': 'Change password', 'de-DE': 'Passwort ändern', 'fr-FR': 'Changer le mot de passe', 'sv-SE': 'Byt lösenord' },
  passwordChanged: {
    'en-GB': 'Password changed. Use the new password the next time you sign in.',
    'de-DE': 'Passwort geändert. Verwenden Sie bei der nächsten Anmeldung das neue Passwort.',
    'fr-FR': 'Mot de passe modifié. Utilisez le nouveau mot de passe à votre prochaine connexion.',
    'sv-SE': 'Lösenordet har ändrats. Använd det nya lösenordet nästa gång du loggar in.',
  },
});
