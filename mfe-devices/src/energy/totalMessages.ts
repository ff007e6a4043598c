import { defineTranslations } from '@paddock/shared/i18n';

/** The dashboard's total of the plugs the account owns (docs/product/energy.md "On the dashboard"). */
export const energyTotalTexts = defineTranslations('devices.energyTotal', {
  thisMonth: {
    'en-GB': 'This month: {energy} kWh',
    'de-DE': 'Diesen Monat: {energy} kWh',
    'fr-FR': 'Ce mois-ci : {energy} kWh',
    'sv-SE': 'Den här månaden: {energy} kWh',
  },
  thisMonthCost: {
    'en-GB': 'This month: {energy} kWh · {cost}',
    'de-DE': 'Diesen Monat: {energy} kWh · {cost}',
    'fr-FR': 'Ce mois-ci : {energy} kWh · {cost}',
    'sv-SE': 'Den här månaden: {energy} kWh · {cost}',
  },
  failed: {
    'en-GB': 'This month’s energy could not be loaded.',
    'de-DE': 'Die Energie dieses Monats konnte nicht geladen werden.',
    'fr-FR': 'L’énergie de ce mois n’a pas pu être chargée.',
    'sv-SE': 'Månadens energi kunde inte laddas.',
  },
});
