import { defineTranslations } from '@paddock/shared/i18n';

/** Texts several account screens share: one place for each fact. */
export const commonTexts = defineTranslations('account.common', {
  email: {
    'en-GB': 'E-mail address',
    'de-DE': 'E-Mail-Adresse',
    'fr-FR': 'Adresse e-mail',
    'sv-SE': 'E-postadress',
  },
  password: {
    'en-GB': 'Password',
    'de-DE': 'Passwort',
    'fr-FR': 'Mot de passe',
    'sv-SE': 'Lösenord',
  },
  code: {
    'en-GB': 'Verification code',
    'de-DE': 'Bestätigungscode',
    'fr-FR': 'Code de vérification',
    'sv-SE': 'Verifieringskod',
  },
  codeHint: {
    'en-GB': 'The 6-digit code from the e-mail we sent you.',
    'de-DE': 'Der 6-stellige Code aus der E-Mail, die wir Ihnen geschickt haben.',
    'fr-FR': 'Le code à 6 chiffres figurant dans l’e-mail que nous vous avons envoyé.',
    'sv-SE': 'Den sexsiffriga koden i mejlet som vi skickade till dig.',
  },
  newPasswordHint: {
    'en-GB': 'At least {min} characters. A short sentence is easy to remember.',
    'de-DE': 'Mindestens {min} Zeichen. Ein kurzer Satz lässt sich gut merken.',
    'fr-FR': 'Au moins {min} caractères. Une courte phrase se retient facilement.',
    'sv-SE': 'Minst {min} tecken. En kort mening är lätt att komma ihåg.',
  },
  backToSignIn: {
    'en-GB': 'Back to sign-in',
    'de-DE': 'Zurück zur Anmeldung',
    'fr-FR': 'Retour à la connexion',
    'sv-SE': 'Tillbaka till inloggningen',
  },
  unexpected: {
    'en-GB': 'Something went wrong. Please try again.',
    'de-DE': 'Etwas ist schiefgelaufen. Bitte versuchen Sie es erneut.',
    'fr-FR': 'Une erreur s’est produite. Veuillez réessayer.',
    'sv-SE': 'Något gick fel. Försök igen.',
  },
});
