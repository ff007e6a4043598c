import { defineTranslations } from '@paddock/shared/i18n';

export const resetPasswordTexts = defineTranslations('account.resetPassword', {
  title: {
    'en-GB': 'Reset password',
    'de-DE': 'Passwort zurücksetzen',
    'fr-FR': 'Réinitialiser le mot de passe',
    'sv-SE': 'Återställ lösenord',
  },
  requestIntro: {
    'en-GB': 'Enter your e-mail address and we will send you a code for setting a new password.',
    'de-DE': 'Geben Sie Ihre E-Mail-Adresse ein. Wir schicken Ihnen einen Code, mit dem Sie ein neues Passwort festlegen.',
    'fr-FR': 'Saisissez votre adresse e-mail : nous vous enverrons un code pour définir un nouveau mot de passe.',
    'sv-SE': 'Ange din e-postadress så skickar vi en kod som du använder för att välja ett nytt lösenord.',
  },
  sendCode: { 'en-GB': 'Send code', 'de-DE': 'Code senden', 'fr-FR': 'Envoyer le code', 'sv-SE': 'Skicka kod' },
  haveCode: {
    'en-GB': 'I already have a code',
    'de-DE': 'Ich habe schon einen Code',
    'fr-FR': 'J’ai déjà un code',
    'sv-SE': 'Jag har redan en kod',
  },
  resetIntro: {
    'en-GB': 'Enter the code we sent to {email} and choose a new password.',
    'de-DE': 'Geben Sie den Code ein, den wir an {email} geschickt haben, und wählen Sie ein neues Passwort.',
    'fr-FR': 'Saisissez le code envoyé à {email} et choisissez un nouveau mot de passe.',
    'sv-SE': 'Ange koden som vi skickade till {email} och välj ett nytt lösenord.',
  },
  codeSent: {
    'en-GB': 'A code is on its way to {email}.',
    'de-DE': 'Ein Code ist unterwegs an {email}.',
    'fr-FR': 'Un code est en route vers {email}.',
    'sv-SE': 'En kod är på väg till {email}.',
  },
  newPassword: { 'en-GB': 'New password', 'de-DE': 'Neues Passwort', 'fr-FR': 'Nouveau mot de passe', 'sv-SE': 'Nytt lösenord' },
  save: {
    'en-GB': 'Save new password',
    'de-DE': 'Neues Passwort speichern',
    'fr-FR': 'Enregistrer le mot de passe',
    'sv-SE': 'Spara nytt lösenord',
  },
  resend: { 'en-GB': 'Send new code', 'de-DE': 'Neuen Code senden', 'fr-FR': 'Renvoyer un code', 'sv-SE': 'Skicka ny kod' },
  otherEmail: {
    'en-GB': 'Use another e-mail address',
    'de-DE': 'Andere E-Mail-Adresse verwenden',
    'fr-FR': 'Utiliser une autre adresse e-mail',
    'sv-SE': 'Använd en annan e-postadress',
  },
});
