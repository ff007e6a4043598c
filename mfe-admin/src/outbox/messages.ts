import { defineTranslations } from '@paddock/shared/i18n';

export const adminOutboxTexts = defineTranslations('admin.outbox', {
  mailTitle: { 'en-GB': 'Mailbox', 'de-DE': 'Postfach', 'fr-FR': 'Boîte mail', 'sv-SE': 'Brevlåda' },
  mailIntro: {
    'en-GB': 'E-mails the built-in transport has sent (used when no mail server is set up). Codes in mails to others are masked.',
    'de-DE': 'E-Mails, die der eingebaute Versand verschickt hat (wenn kein Mailserver eingerichtet ist). Codes in E-Mails an andere sind verdeckt.',
    'fr-FR': 'E-mails envoyés par le transport intégré (utilisé quand aucun serveur de messagerie n’est configuré). Les codes des e-mails adressés à d’autres sont masqués.',
    'sv-SE': 'E-post som den inbyggda sändaren har skickat (används när ingen e-postserver är inställd). Koder i mejl till andra är dolda.',
  },
  smsTitle: { 'en-GB': 'SMS outbox', 'de-DE': 'SMS-Postausgang', 'fr-FR': 'SMS envoyés', 'sv-SE': 'Utkorg för sms' },
  smsIntro: {
    'en-GB': 'Text messages the built-in SMS transport has sent.',
    'de-DE': 'Textnachrichten, die der eingebaute SMS-Versand verschickt hat.',
    'fr-FR': 'SMS envoyés par le transport SMS intégré.',
    'sv-SE': 'Sms som den inbyggda sms-sändaren har skickat.',
  },
  recipient: { 'en-GB': 'Recipient', 'de-DE': 'Empfänger', 'fr-FR': 'Destinataire', 'sv-SE': 'Mottagare' },
  mailRecipientHint: { 'en-GB': 'E-mail address', 'de-DE': 'E-Mail-Adresse', 'fr-FR': 'Adresse e-mail', 'sv-SE': 'E-postadress' },
  smsRecipientHint: {
    'en-GB': 'Phone number or the account’s e-mail',
    'de-DE': 'Telefonnummer oder E-Mail des Kontos',
    'fr-FR': 'Numéro de téléphone ou e-mail du compte',
    'sv-SE': 'Telefonnummer eller kontots e-post',
  },
  messages: { 'en-GB': 'Messages', 'de-DE': 'Nachrichten', 'fr-FR': 'Messages', 'sv-SE': 'Meddelanden' },
  toLine: { 'en-GB': 'To {to}', 'de-DE': 'An {to}', 'fr-FR': 'À {to}', 'sv-SE': 'Till {to}' },
  mailOff: {
    'en-GB': 'The mailbox is off on this server (ADMIN_MAILBOX).',
    'de-DE': 'Das Postfach ist auf diesem Server ausgeschaltet (ADMIN_MAILBOX).',
    'fr-FR': 'La boîte mail est désactivée sur ce serveur (ADMIN_MAILBOX).',
    'sv-SE': 'Brevlådan är avstängd på den här servern (ADMIN_MAILBOX).',
  },
  smsOff: {
    'en-GB': 'The SMS outbox is off on this server (ADMIN_MAILBOX).',
    'de-DE': 'Der SMS-Postausgang ist auf diesem Server ausgeschaltet (ADMIN_MAILBOX).',
    'fr-FR': 'Les SMS envoyés ne sont pas affichés sur ce serveur (ADMIN_MAILBOX).',
    'sv-SE': 'Utkorgen för sms är avstängd på den här servern (ADMIN_MAILBOX).',
  },
});
