import { defineTranslations } from '@paddock/shared/i18n';

/** The link to the alarm log from the dashboard's warnings dialog: loaded with the dashboard, apart from the page's texts. */
export const alarmLogLinkTexts = defineTranslations('devices.alarmLogLink', {
  link: { 'en-GB': 'Alarm log', 'de-DE': 'Alarmprotokoll', 'fr-FR': 'Journal des alarmes', 'sv-SE': 'Larmlogg' },
});
