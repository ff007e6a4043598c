import { defineTranslations } from '@paddock/shared/i18n';

export const signInTexts = defineTranslations('account.signIn', {
  title: { 'en-GB': 'Sign in', 'de-DE': 'Anmelden', 'fr-FR': 'Connexion', 'sv-SE': 'Logga in' },
  subtitle: {
    'en-GB': 'Welcome back to Paddock.',
    'de-DE': 'Willkommen zurück bei Paddock.',
    'fr-FR': 'Bon retour sur Paddock.',
    'sv-SE': 'Välkommen tillbaka till Paddock.',
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
  verifyNow: {
    'en-GB': 'Verify my account',
    'de-DE': 'Mein Konto bestätigen',
    'fr-FR': 'Vérifier mon compte',
    'sv-SE': 'Verifiera mitt konto',
  },
});
