import { defineTranslations } from '@paddock/shared/i18n';

/**
 * Texts of a plug's energy per day, week and month (docs/product/energy.md): the Energy section of its log page. kWh is the
 * same in every language; numbers, dates and money go through Intl.
 */
export const energyTexts = defineTranslations('devices.energy', {
  heading: { 'en-GB': 'Energy', 'de-DE': 'Energie', 'fr-FR': 'Énergie', 'sv-SE': 'Energi' },
  periodLabel: {
    'en-GB': 'Energy per day, week or month',
    'de-DE': 'Energie pro Tag, Woche oder Monat',
    'fr-FR': 'Énergie par jour, semaine ou mois',
    'sv-SE': 'Energi per dag, vecka eller månad',
  },
  day: { 'en-GB': 'Day', 'de-DE': 'Tag', 'fr-FR': 'Jour', 'sv-SE': 'Dag' },
  week: { 'en-GB': 'Week', 'de-DE': 'Woche', 'fr-FR': 'Semaine', 'sv-SE': 'Vecka' },
  month: { 'en-GB': 'Month', 'de-DE': 'Monat', 'fr-FR': 'Mois', 'sv-SE': 'Månad' },
  loading: {
    'en-GB': 'Loading the energy use…',
    'de-DE': 'Energieverbrauch wird geladen…',
    'fr-FR': 'Chargement de la consommation d’énergie…',
    'sv-SE': 'Energiförbrukningen laddas…',
  },
  failed: {
    'en-GB': 'The energy use could not be loaded.',
    'de-DE': 'Der Energieverbrauch konnte nicht geladen werden.',
    'fr-FR': 'La consommation d’énergie n’a pas pu être chargée.',
    'sv-SE': 'Energiförbrukningen kunde inte laddas.',
  },
  empty: {
    'en-GB': 'No energy used from {first} to {last}.',
    'de-DE': 'Von {first} bis {last} wurde keine Energie verbraucht.',
    'fr-FR': 'Aucune énergie consommée du {first} au {last}.',
    'sv-SE': 'Ingen energi förbrukad från {first} till {last}.',
  },
  total: {
    'en-GB': 'Total: {energy} kWh',
    'de-DE': 'Gesamt: {energy} kWh',
    'fr-FR': 'Total : {energy} kWh',
    'sv-SE': 'Totalt: {energy} kWh',
  },
  totalCost: {
    'en-GB': 'Total: {energy} kWh · {cost} at {price} per kWh',
    'de-DE': 'Gesamt: {energy} kWh · {cost} bei {price} pro kWh',
    'fr-FR': 'Total : {energy} kWh · {cost} à {price} par kWh',
    'sv-SE': 'Totalt: {energy} kWh · {cost} med {price} per kWh',
  },
  noPrice: {
    'en-GB': 'To see what the energy costs, set your price per kWh on your account page.',
    'de-DE': 'Um zu sehen, was die Energie kostet, legen Sie Ihren Preis pro kWh auf Ihrer Kontoseite fest.',
    'fr-FR': 'Pour voir ce que coûte l’énergie, indiquez votre prix par kWh sur la page de votre compte.',
    'sv-SE': 'Ange ditt pris per kWh på din kontosida för att se vad energin kostar.',
  },
  noPriceLink: {
    'en-GB': 'Set the price per kWh',
    'de-DE': 'Preis pro kWh festlegen',
    'fr-FR': 'Indiquer le prix par kWh',
    'sv-SE': 'Ange pris per kWh',
  },
  chartLabel: {
    'en-GB': 'Bar chart of the energy per {unit} from {first} to {last}, in kWh',
    'de-DE': 'Balkendiagramm der Energie pro {unit} von {first} bis {last}, in kWh',
    'fr-FR': 'Diagramme en barres de l’énergie par {unit} du {first} au {last}, en kWh',
    'sv-SE': 'Stapeldiagram över energin per {unit} från {first} till {last}, i kWh',
  },
  // The period's name inside a sentence ("the energy per day").
  unitDay: { 'en-GB': 'day', 'de-DE': 'Tag', 'fr-FR': 'jour', 'sv-SE': 'dag' },
  unitWeek: { 'en-GB': 'week', 'de-DE': 'Woche', 'fr-FR': 'semaine', 'sv-SE': 'vecka' },
  unitMonth: { 'en-GB': 'month', 'de-DE': 'Monat', 'fr-FR': 'mois', 'sv-SE': 'månad' },
  showTable: {
    'en-GB': 'Show the bars as a table',
    'de-DE': 'Balken als Tabelle anzeigen',
    'fr-FR': 'Afficher les barres sous forme de tableau',
    'sv-SE': 'Visa staplarna som tabell',
  },
  tableCaption: {
    'en-GB': 'Energy per {unit}',
    'de-DE': 'Energie pro {unit}',
    'fr-FR': 'Énergie par {unit}',
    'sv-SE': 'Energi per {unit}',
  },
  columnPeriod: { 'en-GB': 'Period', 'de-DE': 'Zeitabschnitt', 'fr-FR': 'Intervalle', 'sv-SE': 'Intervall' },
  columnEnergy: { 'en-GB': 'Energy (kWh)', 'de-DE': 'Energie (kWh)', 'fr-FR': 'Énergie (kWh)', 'sv-SE': 'Energi (kWh)' },
  columnCost: { 'en-GB': 'Cost', 'de-DE': 'Kosten', 'fr-FR': 'Coût', 'sv-SE': 'Kostnad' },
  weekShort: { 'en-GB': 'Wk {week}', 'de-DE': 'KW {week}', 'fr-FR': 'S{week}', 'sv-SE': 'v.{week}' },
  weekOf: {
    'en-GB': 'Week {week}, from {date}',
    'de-DE': 'KW {week}, ab {date}',
    'fr-FR': 'Semaine {week}, à partir du {date}',
    'sv-SE': 'Vecka {week}, från {date}',
  },
});
