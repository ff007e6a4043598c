import { defineTranslations } from '@paddock/shared/i18n';

export const signInTexts = defineTranslations('account.signIn', {
  title: { 'en-GB': 'Sign in', 'de-DE': 'Anmelden', 'fr-FR': 'Connexion', 'sv-SE': 'Logga in' },
  subtitle: {
    'en-GB': 'Welcome back to {app}.',
    'de-DE': 'Willkommen zurück bei {app}.',
    'fr-FR': 'Bon retour sur {app}.',
    'sv-SE': 'Välkommen tillbaka till {app}.',
  },
  submit: { 'en-GB': 'Sign in', 'de-DE': 'Anmelden', 'fr-FR': 'Se connecter', 'sv-SE': 'Logga in' },
  moreHeading: {
    'en-GB': 'New here, or trouble signing in?',
    'de-DE': 'Neu hier oder Probleme bei der Anmeldung?',
    'fr-FR': 'Nouveau venu, ou un souci de connexion ?',
    'sv-SE': 'Ny här, eller problem med att logga in?',
  },
  createAccount: { 'en-GB': 'Create account', 'de-DE': 'Konto erstellen', 'fr-FR': 'Créer un compte', 'sv-SE': 'Skapa konto' },
  resetPassword: {
    'en-GB': 'Reset password',
    'de-DE': 'Passwort zurücksetzen',
    'fr-FR': 'Réinitialiser le mot de passe',
    'sv-SE': 'Återställ lösenord',
  },
  verifyAccount: { 'en-GB': 'Verify account', 'de-DE': 'Konto bestätigen', 'fr-FR': 'Vérifier le compte', 'sv-SE': 'Verifiera konto' },
  noticeVerified: {
    'en-GB': 'Your account is verified. Sign in to start using {app}.',
    'de-DE': 'Ihr Konto ist bestätigt. Melden Sie sich an, um {app} zu nutzen.',
    'fr-FR': 'Votre compte est vérifié. Connectez-vous pour utiliser {app}.',
    'sv-SE': 'Ditt konto är verifierat. Logga in för att börja använda {app}.',
  },
  noticePasswordSaved: {
    'en-GB': 'Your new password is saved. Sign in with it.',
    'de-DE': 'Ihr neues Passwort ist gespeichert. Melden Sie sich damit an.',
    'fr-FR': 'Votre nouveau mot de passe est enregistré. Connectez-vous avec celui-ci.',
    'sv-SE': 'Ditt nya lösenord är sparat. Logga in med det.',
  },
  verifyNow: {
    'en-GB': 'Verify my account',
    'de-DE': 'Mein Konto bestätigen',
    'fr-FR': 'Vérifier mon compte',
    'sv-SE': 'Verifiera mitt konto',
  },
});
