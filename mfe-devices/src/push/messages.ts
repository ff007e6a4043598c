import { defineTranslations } from '@paddock/shared/i18n';

export const pushTexts = defineTranslations('devices.push', {
  title: {
    'en-GB': 'Alarms on this device',
    'de-DE': 'Alarme auf diesem Gerät',
    'fr-FR': 'Alarmes sur cet appareil',
    'sv-SE': 'Larm på den här enheten',
  },
  text: {
    'en-GB': 'Get a notification here when a fence or plug raises an alarm, even while Paddock is closed.',
    'de-DE': 'Erhalten Sie hier eine Benachrichtigung, wenn ein Zaun oder eine Steckdose Alarm meldet – auch wenn Paddock geschlossen ist.',
    'fr-FR': 'Recevez ici une notification quand une clôture ou une prise déclenche une alarme, même lorsque Paddock est fermé.',
    'sv-SE': 'Få en avisering här när ett stängsel eller en kontakt larmar, även när Paddock är stängt.',
  },
  turnOn: { 'en-GB': 'Turn on', 'de-DE': 'Einschalten', 'fr-FR': 'Activer', 'sv-SE': 'Slå på' },
  notNow: { 'en-GB': 'Not now', 'de-DE': 'Nicht jetzt', 'fr-FR': 'Pas maintenant', 'sv-SE': 'Inte nu' },
  enabled: {
    'en-GB': 'Alarms will now reach this device.',
    'de-DE': 'Alarme erreichen jetzt dieses Gerät.',
    'fr-FR': 'Les alarmes arriveront désormais sur cet appareil.',
    'sv-SE': 'Larm når nu den här enheten.',
  },
  denied: {
    'en-GB': 'Notifications are blocked for Paddock. You can allow them later in your browser’s site settings.',
    'de-DE': 'Benachrichtigungen sind für Paddock blockiert. Sie können sie später in den Website-Einstellungen Ihres Browsers erlauben.',
    'fr-FR': 'Les notifications sont bloquées pour Paddock. Vous pourrez les autoriser plus tard dans les paramètres du site de votre navigateur.',
    'sv-SE': 'Aviseringar är blockerade för Paddock. Du kan tillåta dem senare i webbläsarens webbplatsinställningar.',
  },
  failed: {
    'en-GB': 'Notifications could not be turned on on this device. Please try again later.',
    'de-DE': 'Benachrichtigungen konnten auf diesem Gerät nicht eingeschaltet werden. Bitte versuchen Sie es später erneut.',
    'fr-FR': 'Impossible d’activer les notifications sur cet appareil. Veuillez réessayer plus tard.',
    'sv-SE': 'Aviseringar kunde inte slås på på den här enheten. Försök igen senare.',
  },
});
