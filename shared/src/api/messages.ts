import { defineTranslations } from '../i18n/define';

export const apiTexts = defineTranslations('api', {
  timeout: {
    'en-GB': '408: Connection to server timed out',
    'de-DE': '408: Zeitüberschreitung bei der Verbindung zum Server',
    'fr-FR': '408 : la connexion au serveur a expiré',
    'sv-SE': '408: Anslutningen till servern tog för lång tid',
  },
  serverError: {
    'en-GB': '500: Internal Server Error',
    'de-DE': '500: Interner Serverfehler',
    'fr-FR': '500 : erreur interne du serveur',
    'sv-SE': '500: Internt serverfel',
  },
  otherStatus: {
    'en-GB': '{status} {statusText}: {body}',
    'de-DE': '{status} {statusText}: {body}',
    'fr-FR': '{status} {statusText} : {body}',
    'sv-SE': '{status} {statusText}: {body}',
  },
  signedOut: {
    'en-GB': 'Your session has ended. Please sign in again.',
    'de-DE': 'Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.',
    'fr-FR': 'Votre session a expiré. Veuillez vous reconnecter.',
    'sv-SE': 'Din session har avslutats. Logga in igen.',
  },
});
