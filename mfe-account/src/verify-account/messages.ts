import { defineTranslations } from '@paddock/shared/i18n';

export const verifyAccountTexts = defineTranslations('account.verifyAccount', {
  title: { 'en-GB': 'Verify account', 'de-DE': 'Konto bestätigen', 'fr-FR': 'Vérifier votre compte', 'sv-SE': 'Verifiera kontot' },
  intro: {
    'en-GB': 'Enter the 6-digit code from the e-mail we sent you. No e-mail, or has the code expired? Ask for a new one.',
    'de-DE': 'Geben Sie den 6-stelligen Code aus unserer E-Mail ein. Keine E-Mail erhalten oder ist der Code abgelaufen? Fordern Sie einfach einen neuen an.',
    'fr-FR': 'Saisissez le code à 6 chiffres reçu par e-mail. Pas d’e-mail, ou le code a expiré ? Demandez-en un nouveau.',
    'sv-SE': 'Ange den sexsiffriga koden från mejlet vi skickade. Fick du inget mejl, eller har koden gått ut? Be om en ny.',
  },
  confirm: { 'en-GB': 'Confirm', 'de-DE': 'Bestätigen', 'fr-FR': 'Confirmer', 'sv-SE': 'Bekräfta' },
  sendCode: { 'en-GB': 'Send new code', 'de-DE': 'Neuen Code senden', 'fr-FR': 'Envoyer un nouveau code', 'sv-SE': 'Skicka ny kod' },
  codeSent: {
    'en-GB': 'A new code is on its way to {email}.',
    'de-DE': 'Ein neuer Code ist unterwegs an {email}.',
    'fr-FR': 'Un nouveau code est en route vers {email}.',
    'sv-SE': 'En ny kod är på väg till {email}.',
  },
});
