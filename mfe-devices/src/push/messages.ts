import { defineTranslations } from '@paddock/shared/i18n';

export const pushTexts = defineTranslations('devices.push', {
  // "Device" is a fence, plug or SIM everywhere else in Paddock: the phone or computer is "this browser".
  title: {
    'en-GB': 'Alarms in this browser',
    'de-DE': 'Alarme in diesem Browser',
    'fr-FR': 'Alarmes dans ce navigateur',
    'sv-SE': 'Larm i den här webbläsaren',
  },
  text: {
    'en-GB':
      'Turn on notifications to hear at once, on this phone or computer, when one of your devices raises an alarm — even while {app} is closed. Your browser will ask you to allow them.',
    'de-DE':
      'Schalten Sie Benachrichtigungen ein, um auf diesem Telefon oder Computer sofort zu erfahren, wenn eines Ihrer Geräte Alarm meldet – auch wenn {app} geschlossen ist. Ihr Browser fragt Sie dann um Erlaubnis.',
    'fr-FR':
      'Activez les notifications pour être prévenu aussitôt, sur ce téléphone ou cet ordinateur, quand l’un de vos appareils déclenche une alarme, même lorsque {app} est fermé. Votre navigateur vous demandera de les autoriser.',
    'sv-SE':
      'Slå på aviseringar för att genast få veta, på den här telefonen eller datorn, när någon av dina enheter larmar – även när {app} är stängt. Webbläsaren frågar dig om lov.',
  },
  blocked: {
    'en-GB':
      'Notifications are blocked for {app} in this browser, so alarms cannot reach you here. To allow them, open the site settings (the icon left of the address) and set Notifications to Allow.',
    'de-DE':
      'Benachrichtigungen sind für {app} in diesem Browser blockiert, daher erreichen Sie Alarme hier nicht. Öffnen Sie zum Erlauben die Website-Einstellungen (das Symbol links neben der Adresse) und setzen Sie Benachrichtigungen auf Zulassen.',
    'fr-FR':
      'Les notifications sont bloquées pour {app} dans ce navigateur : les alarmes ne peuvent pas vous parvenir ici. Pour les autoriser, ouvrez les paramètres du site (l’icône à gauche de l’adresse) et réglez Notifications sur Autoriser.',
    'sv-SE':
      'Aviseringar är blockerade för {app} i den här webbläsaren, så larm kan inte nå dig här. Öppna webbplatsinställningarna (ikonen till vänster om adressen) och ställ Aviseringar på Tillåt för att tillåta dem.',
  },
  understood: { 'en-GB': 'Got it', 'de-DE': 'Verstanden', 'fr-FR': 'Compris', 'sv-SE': 'Uppfattat' },
  turnOn: { 'en-GB': 'Turn on', 'de-DE': 'Einschalten', 'fr-FR': 'Activer', 'sv-SE': 'Slå på' },
  notNow: { 'en-GB': 'Not now', 'de-DE': 'Nicht jetzt', 'fr-FR': 'Pas maintenant', 'sv-SE': 'Inte nu' },
  enabled: {
    'en-GB': 'Alarms will now reach this browser.',
    'de-DE': 'Alarme erreichen jetzt diesen Browser.',
    'fr-FR': 'Les alarmes arriveront désormais dans ce navigateur.',
    'sv-SE': 'Larm når nu den här webbläsaren.',
  },
  denied: {
    'en-GB': 'Notifications are blocked for {app}. You can allow them later in your browser’s site settings.',
    'de-DE': 'Benachrichtigungen sind für {app} blockiert. Sie können sie später in den Website-Einstellungen Ihres Browsers erlauben.',
    'fr-FR': 'Les notifications sont bloquées pour {app}. Vous pourrez les autoriser plus tard dans les paramètres du site de votre navigateur.',
    'sv-SE': 'Aviseringar är blockerade för {app}. Du kan tillåta dem senare i webbläsarens webbplatsinställningar.',
  },
  failed: {
    'en-GB': 'Notifications could not be turned on in this browser. Please try again later.',
    'de-DE': 'Benachrichtigungen konnten in diesem Browser nicht eingeschaltet werden. Bitte versuchen Sie es später erneut.',
    'fr-FR': 'Impossible d’activer les notifications dans ce navigateur. Veuillez réessayer plus tard.',
    'sv-SE': 'Aviseringar kunde inte slås på i den här webbläsaren. Försök igen senare.',
  },
});
