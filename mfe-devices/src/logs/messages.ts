import { defineTranslations } from '@paddock/shared/i18n';

/** Texts of the device log pages (docs/product/screens.md, docs/product/errors.md, docs/product/limits.md). Units (MB, V, Wh, W, °C) are the same in every language. */
export const logsTexts = defineTranslations('devices.logs', {
  // ---- Controls
  controlsHeading: { 'en-GB': 'Time window', 'de-DE': 'Zeitraum', 'fr-FR': 'Période', 'sv-SE': 'Tidsperiod' },
  interval: { 'en-GB': 'Time interval', 'de-DE': 'Zeitintervall', 'fr-FR': 'Intervalle de temps', 'sv-SE': 'Tidsintervall' },
  intervalOption: {
    'en-GB': '{days, plural, one {# day} other {# days}}',
    'de-DE': '{days, plural, one {# Tag} other {# Tage}}',
    'fr-FR': '{days, plural, one {# jour} other {# jours}}',
    'sv-SE': '{days, plural, one {# dag} other {# dagar}}',
  },
  until: { 'en-GB': 'Until', 'de-DE': 'Bis', 'fr-FR': 'Jusqu’au', 'sv-SE': 'Till och med' },
  untilInvalid: {
    'en-GB': 'Enter a date, for example today.',
    'de-DE': 'Geben Sie ein Datum ein, zum Beispiel heute.',
    'fr-FR': 'Saisissez une date, par exemple aujourd’hui.',
    'sv-SE': 'Ange ett datum, till exempel i dag.',
  },
  untilFuture: {
    'en-GB': 'The date cannot be in the future. Choose today or an earlier day.',
    'de-DE': 'Das Datum darf nicht in der Zukunft liegen. Wählen Sie heute oder einen früheren Tag.',
    'fr-FR': 'La date ne peut pas être dans le futur. Choisissez aujourd’hui ou un jour antérieur.',
    'sv-SE': 'Datumet kan inte ligga i framtiden. Välj i dag eller en tidigare dag.',
  },
  noWindow: {
    'en-GB': 'The charts show again once the Until date is valid.',
    'de-DE': 'Die Diagramme erscheinen wieder, sobald das Datum bei „Bis“ gültig ist.',
    'fr-FR': 'Les graphiques réapparaissent dès que la date « Jusqu’au » est valide.',
    'sv-SE': 'Diagrammen visas igen när datumet i ”Till och med” är giltigt.',
  },
  windowNote: {
    'en-GB': 'Showing {from} to {to}',
    'de-DE': 'Angezeigt: {from} bis {to}',
    'fr-FR': 'Affichage du {from} au {to}',
    'sv-SE': 'Visar {from} till {to}',
  },

  // ---- Export
  format: { 'en-GB': 'Export format', 'de-DE': 'Exportformat', 'fr-FR': 'Format d’export', 'sv-SE': 'Exportformat' },
  formatXlsx: { 'en-GB': 'XLSX (Excel)', 'de-DE': 'XLSX (Excel)', 'fr-FR': 'XLSX (Excel)', 'sv-SE': 'XLSX (Excel)' },
  formatCsv: { 'en-GB': 'CSV', 'de-DE': 'CSV', 'fr-FR': 'CSV', 'sv-SE': 'CSV' },
  export: { 'en-GB': 'Export', 'de-DE': 'Exportieren', 'fr-FR': 'Exporter', 'sv-SE': 'Exportera' },
  exportChart: {
    'en-GB': 'Export {chart}',
    'de-DE': '{chart} exportieren',
    'fr-FR': 'Exporter {chart}',
    'sv-SE': 'Exportera {chart}',
  },
  exportNotFile: {
    'en-GB': 'The export failed: the server did not send a file. Try again later.',
    'de-DE': 'Der Export ist fehlgeschlagen: Der Server hat keine Datei gesendet. Versuchen Sie es später erneut.',
    'fr-FR': 'L’export a échoué : le serveur n’a pas envoyé de fichier. Réessayez plus tard.',
    'sv-SE': 'Exporten misslyckades: servern skickade ingen fil. Försök igen senare.',
  },
  exportEmpty: {
    'en-GB': 'Nothing to export: there is no data between {from} and {to}.',
    'de-DE': 'Nichts zu exportieren: Zwischen {from} und {to} gibt es keine Daten.',
    'fr-FR': 'Rien à exporter : aucune donnée entre le {from} et le {to}.',
    'sv-SE': 'Inget att exportera: det finns inga data mellan {from} och {to}.',
  },
  // docs/architecture/readings.md "Retire": past the raw retention only hourly rollups are left (issue 28).
  exportHourly: {
    'en-GB':
      'This window reaches back more than {days} days. Readings that old are kept only as hourly values, so for those hours the export has one row an hour (lowest and highest reading).',
    'de-DE':
      'Dieser Zeitraum reicht mehr als {days} Tage zurück. So alte Messwerte werden nur stündlich aufbewahrt, daher enthält der Export für diese Stunden eine Zeile pro Stunde (niedrigster und höchster Messwert).',
    'fr-FR':
      'Cette période remonte à plus de {days} jours. Les relevés aussi anciens ne sont conservés que par heure : pour ces heures, l’export contient une ligne par heure (relevé le plus bas et le plus haut).',
    'sv-SE':
      'Perioden sträcker sig mer än {days} dagar bakåt. Så gamla mätvärden sparas bara per timme, så för de timmarna har exporten en rad per timme (lägsta och högsta mätvärde).',
  },
  exportInvalidFormat: {
    'en-GB': 'Choose CSV or XLSX as the export format.',
    'de-DE': 'Wählen Sie CSV oder XLSX als Exportformat.',
    'fr-FR': 'Choisissez CSV ou XLSX comme format d’export.',
    'sv-SE': 'Välj CSV eller XLSX som exportformat.',
  },

  // ---- Charts (the heading names the unit; the series name is used in tooltips)
  remainingData: { 'en-GB': 'Remaining data', 'de-DE': 'Verbleibende Daten', 'fr-FR': 'Données restantes', 'sv-SE': 'Återstående data' },
  voltage: { 'en-GB': 'Voltage', 'de-DE': 'Spannung', 'fr-FR': 'Tension', 'sv-SE': 'Spänning' },
  consumption: { 'en-GB': 'Consumption', 'de-DE': 'Verbrauch', 'fr-FR': 'Consommation', 'sv-SE': 'Förbrukning' },
  load: { 'en-GB': 'Load', 'de-DE': 'Last', 'fr-FR': 'Charge', 'sv-SE': 'Last' },
  temperature: { 'en-GB': 'Temperature', 'de-DE': 'Temperatur', 'fr-FR': 'Température', 'sv-SE': 'Temperatur' },
  chartHeading: { 'en-GB': '{name} ({unit})', 'de-DE': '{name} ({unit})', 'fr-FR': '{name} ({unit})', 'sv-SE': '{name} ({unit})' },
  chartLabel: {
    'en-GB': 'Chart of {chart} from {from} to {to}',
    'de-DE': 'Diagramm {chart} von {from} bis {to}',
    'fr-FR': 'Graphique {chart} du {from} au {to}',
    'sv-SE': 'Diagram över {chart} från {from} till {to}',
  },
  loadingHistory: { 'en-GB': 'Loading the history…', 'de-DE': 'Verlauf wird geladen …', 'fr-FR': 'Chargement de l’historique…', 'sv-SE': 'Läser in historiken …' },
  empty: {
    'en-GB': 'No data between {from} and {to}. Choose a longer interval or another date.',
    'de-DE': 'Keine Daten zwischen {from} und {to}. Wählen Sie ein längeres Intervall oder ein anderes Datum.',
    'fr-FR': 'Aucune donnée entre le {from} et le {to}. Choisissez un intervalle plus long ou une autre date.',
    'sv-SE': 'Inga data mellan {from} och {to}. Välj ett längre intervall eller ett annat datum.',
  },
  // ---- The consumption chart's cost (docs/product/screens.md, docs/product/limits.md "Energy price")
  consumptionCost: {
    'en-GB': 'Used in this window: {energy} Wh, costing {cost} at {price} per kWh.',
    'de-DE': 'Verbrauch in diesem Zeitraum: {energy} Wh, Kosten {cost} bei {price} pro kWh.',
    'fr-FR': 'Consommation sur cette période : {energy} Wh, soit {cost} à {price} par kWh.',
    'sv-SE': 'Förbrukat under perioden: {energy} Wh, kostnad {cost} med {price} per kWh.',
  },
  consumptionCostTooFew: {
    'en-GB': 'Too few readings in this window to work out what it used and cost.',
    'de-DE': 'Zu wenige Messwerte in diesem Zeitraum, um Verbrauch und Kosten zu berechnen.',
    'fr-FR': 'Trop peu de relevés sur cette période pour calculer la consommation et son coût.',
    'sv-SE': 'För få mätvärden under perioden för att räkna ut förbrukning och kostnad.',
  },
  consumptionCostNoPrice: {
    'en-GB': 'Set your price per kWh in your account settings to see what this consumption costs.',
    'de-DE': 'Legen Sie in Ihren Kontoeinstellungen Ihren Preis pro kWh fest, um zu sehen, was dieser Verbrauch kostet.',
    'fr-FR': 'Indiquez votre prix par kWh dans les réglages de votre compte pour voir ce que coûte cette consommation.',
    'sv-SE': 'Ange ditt pris per kWh i dina kontoinställningar för att se vad förbrukningen kostar.',
  },
  historyFailed: {
    'en-GB': 'The history could not be loaded.',
    'de-DE': 'Der Verlauf konnte nicht geladen werden.',
    'fr-FR': 'Impossible de charger l’historique.',
    'sv-SE': 'Historiken kunde inte läsas in.',
  },
});
