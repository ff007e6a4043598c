import { defineTranslations } from '@paddock/shared/i18n';

// Texts of the plug rule editors and bound inputs, shared by the SmartPlug and SmartPlug2 pages. Numbers with
// their unit ({limit}, {min}, {temperature}) and weekday names are formatted by react-intl in the page's locale.
export const rulesTexts = defineTranslations('devices.settings.rules', {
  // ---- Bound inputs ----
  // Intl has no watt unit; the number is formatted by react-intl, the symbol is the same in every language.
  watts: { 'en-GB': '{value} W', 'de-DE': '{value} W', 'fr-FR': '{value} W', 'sv-SE': '{value} W' },
  lowerLabel: { 'en-GB': 'Lower limit ({unit})', 'de-DE': 'Untergrenze ({unit})', 'fr-FR': 'Limite basse ({unit})', 'sv-SE': 'Nedre gräns ({unit})' },
  upperLabel: { 'en-GB': 'Upper limit ({unit})', 'de-DE': 'Obergrenze ({unit})', 'fr-FR': 'Limite haute ({unit})', 'sv-SE': 'Övre gräns ({unit})' },
  rangeHint: { 'en-GB': 'From {min} to {max}', 'de-DE': 'Von {min} bis {max}', 'fr-FR': 'De {min} à {max}', 'sv-SE': 'Från {min} till {max}' },
  boundRequired: {
    'en-GB': 'Enter a whole number.',
    'de-DE': 'Geben Sie eine ganze Zahl ein.',
    'fr-FR': 'Saisissez un nombre entier.',
    'sv-SE': 'Ange ett heltal.',
  },
  boundBelowMinimum: {
    'en-GB': 'Enter at least {limit}.',
    'de-DE': 'Geben Sie mindestens {limit} ein.',
    'fr-FR': 'Saisissez au moins {limit}.',
    'sv-SE': 'Ange minst {limit}.',
  },
  boundAboveMaximum: {
    'en-GB': 'Enter at most {limit}.',
    'de-DE': 'Geben Sie höchstens {limit} ein.',
    'fr-FR': 'Saisissez au plus {limit}.',
    'sv-SE': 'Ange högst {limit}.',
  },
  boundNotBelowUpper: {
    'en-GB': 'Must be below the upper limit ({limit}).',
    'de-DE': 'Muss unter der Obergrenze ({limit}) liegen.',
    'fr-FR': 'Doit être inférieure à la limite haute ({limit}).',
    'sv-SE': 'Måste vara lägre än den övre gränsen ({limit}).',
  },
  boundNotAboveLower: {
    'en-GB': 'Must be above the lower limit ({limit}).',
    'de-DE': 'Muss über der Untergrenze ({limit}) liegen.',
    'fr-FR': 'Doit être supérieure à la limite basse ({limit}).',
    'sv-SE': 'Måste vara högre än den nedre gränsen ({limit}).',
  },

  // ---- Alarm selects (the Off choice is settingsTexts.off) ----
  alarmOn: { 'en-GB': 'On', 'de-DE': 'Ein', 'fr-FR': 'Activée', 'sv-SE': 'På' },

  // ---- Days and actions ----
  daysLabel: { 'en-GB': 'Days', 'de-DE': 'Tage', 'fr-FR': 'Jours', 'sv-SE': 'Dagar' },
  everyDay: { 'en-GB': 'Every day', 'de-DE': 'Täglich', 'fr-FR': 'Tous les jours', 'sv-SE': 'Varje dag' },
  daysRequired: {
    'en-GB': 'Choose at least one day.',
    'de-DE': 'Wählen Sie mindestens einen Tag.',
    'fr-FR': 'Choisissez au moins un jour.',
    'sv-SE': 'Välj minst en dag.',
  },
  actionLabel: { 'en-GB': 'Switch the plug', 'de-DE': 'Steckdose schalten', 'fr-FR': 'Action sur la prise', 'sv-SE': 'Kontakten ska slås' },
  actionOn: { 'en-GB': 'On', 'de-DE': 'Ein', 'fr-FR': 'Allumer', 'sv-SE': 'På' },
  actionOff: { 'en-GB': 'Off', 'de-DE': 'Aus', 'fr-FR': 'Éteindre', 'sv-SE': 'Av' },
  switchOn: { 'en-GB': 'Switch on', 'de-DE': 'Einschalten', 'fr-FR': 'Allumer', 'sv-SE': 'Slå på' },
  switchOff: { 'en-GB': 'Switch off', 'de-DE': 'Ausschalten', 'fr-FR': 'Éteindre', 'sv-SE': 'Slå av' },
  newRule: { 'en-GB': 'New rule', 'de-DE': 'Neue Regel', 'fr-FR': 'Nouvelle règle', 'sv-SE': 'Ny regel' },
  removeRule: {
    'en-GB': 'Remove rule: {rule}',
    'de-DE': 'Regel entfernen: {rule}',
    'fr-FR': 'Supprimer la règle : {rule}',
    'sv-SE': 'Ta bort regeln: {rule}',
  },
  ruleAdded: { 'en-GB': 'Rule added: {rule}', 'de-DE': 'Regel hinzugefügt: {rule}', 'fr-FR': 'Règle ajoutée : {rule}', 'sv-SE': 'Regel tillagd: {rule}' },
  ruleRemoved: { 'en-GB': 'Rule removed: {rule}', 'de-DE': 'Regel entfernt: {rule}', 'fr-FR': 'Règle supprimée : {rule}', 'sv-SE': 'Regel borttagen: {rule}' },
  ruleDuplicate: {
    'en-GB': 'This rule is already in the list.',
    'de-DE': 'Diese Regel steht bereits in der Liste.',
    'fr-FR': 'Cette règle figure déjà dans la liste.',
    'sv-SE': 'Den här regeln finns redan i listan.',
  },
  notAddedYet: {
    'en-GB': 'Not added yet: press “{button}”.',
    'de-DE': 'Noch nicht hinzugefügt: Tippen Sie auf „{button}“.',
    'fr-FR': 'Pas encore ajoutée : appuyez sur « {button} ».',
    'sv-SE': 'Inte tillagd än: tryck på ”{button}”.',
  },
  // Shown under the switch while rules exist and it is off: added rules do not turn it on (RulesSection).
  rulesOff: {
    'en-GB': 'Your rules run only when “{switch}” is on.',
    'de-DE': 'Ihre Regeln laufen nur, wenn „{switch}“ eingeschaltet ist.',
    'fr-FR': 'Vos règles ne s’appliquent que si « {switch} » est activé.',
    'sv-SE': 'Dina regler körs bara när ”{switch}” är på.',
  },
  savedOnSave: {
    'en-GB': 'Added and removed rules take effect when you save.',
    'de-DE': 'Hinzugefügte und entfernte Regeln gelten, sobald Sie speichern.',
    'fr-FR': 'Les règles ajoutées ou supprimées s’appliquent à l’enregistrement.',
    'sv-SE': 'Tillagda och borttagna regler gäller när du sparar.',
  },

  // ---- Timer ----
  timerTitle: { 'en-GB': 'Timer', 'de-DE': 'Zeitschaltuhr', 'fr-FR': 'Minuterie', 'sv-SE': 'Timer' },
  timerEnabled: { 'en-GB': 'Use the timer', 'de-DE': 'Zeitschaltuhr verwenden', 'fr-FR': 'Utiliser la minuterie', 'sv-SE': 'Använd timern' },
  timerZone: {
    'en-GB': 'Times are in your time zone ({zone}) and stay at the same time of day all year, summer time included.',
    'de-DE': 'Die Zeiten gelten in Ihrer Zeitzone ({zone}) und bleiben das ganze Jahr zur selben Uhrzeit, auch bei Sommerzeit.',
    'fr-FR': 'Les heures sont celles de votre fuseau horaire ({zone}) et restent les mêmes toute l’année, heure d’été comprise.',
    'sv-SE': 'Tiderna gäller i din tidszon ({zone}) och ligger kvar på samma klockslag hela året, även under sommartid.',
  },
  timerMovedFrom: {
    'en-GB': 'These rules were saved in {zone} time; they are shown in yours and kept in it when you save.',
    'de-DE': 'Diese Regeln wurden in der Zeitzone {zone} gespeichert; sie werden in Ihrer angezeigt und beim Speichern in Ihre übernommen.',
    'fr-FR': 'Ces règles ont été enregistrées à l’heure de {zone} ; elles s’affichent dans votre fuseau et y sont gardées à l’enregistrement.',
    'sv-SE': 'De här reglerna sparades i tidszonen {zone}; de visas i din och behålls i den när du sparar.',
  },
  weekTitle: { 'en-GB': 'Your week', 'de-DE': 'Ihre Woche', 'fr-FR': 'Votre semaine', 'sv-SE': 'Din vecka' },
  weekDayEmpty: { 'en-GB': 'No switching', 'de-DE': 'Kein Schalten', 'fr-FR': 'Aucune commutation', 'sv-SE': 'Ingen omkoppling' },
  timerEmpty: { 'en-GB': 'No timer rules yet.', 'de-DE': 'Noch keine Zeitregeln.', 'fr-FR': 'Aucune règle horaire pour l’instant.', 'sv-SE': 'Inga tidsregler än.' },
  timerRules: { 'en-GB': 'Timer rules', 'de-DE': 'Zeitregeln', 'fr-FR': 'Règles horaires', 'sv-SE': 'Tidsregler' },
  timeLabel: { 'en-GB': 'Time', 'de-DE': 'Uhrzeit', 'fr-FR': 'Heure', 'sv-SE': 'Tid' },
  timeRoundedNextDay: {
    'en-GB': 'Runs at {time} the next day (minutes round up to the next 5).',
    'de-DE': 'Läuft am nächsten Tag um {time} (Minuten werden auf die nächsten 5 aufgerundet).',
    'fr-FR': 'S’exécute le lendemain à {time} (minutes arrondies aux 5 suivantes).',
    'sv-SE': 'Körs dagen därpå kl. {time} (minuterna avrundas uppåt till närmaste 5).',
  },
  timeHint: {
    'en-GB': 'Minutes round up to the next 5.',
    'de-DE': 'Minuten werden auf die nächsten 5 aufgerundet.',
    'fr-FR': 'Les minutes sont arrondies aux 5 suivantes.',
    'sv-SE': 'Minuterna avrundas uppåt till närmaste 5.',
  },
  timeRounded: {
    'en-GB': 'Runs at {time} (minutes round up to the next 5).',
    'de-DE': 'Läuft um {time} (Minuten werden auf die nächsten 5 aufgerundet).',
    'fr-FR': 'S’exécute à {time} (minutes arrondies aux 5 suivantes).',
    'sv-SE': 'Körs kl. {time} (minuterna avrundas uppåt till närmaste 5).',
  },
  timeRequired: { 'en-GB': 'Enter a time.', 'de-DE': 'Geben Sie eine Uhrzeit ein.', 'fr-FR': 'Saisissez une heure.', 'sv-SE': 'Ange en tid.' },
  timeInvalid: {
    'en-GB': 'Enter a time such as 07:30.',
    'de-DE': 'Geben Sie eine Uhrzeit wie 07:30 ein.',
    'fr-FR': 'Saisissez une heure comme 07:30.',
    'sv-SE': 'Ange en tid som 07:30.',
  },
  addTimerRule: { 'en-GB': 'Add timer rule', 'de-DE': 'Zeitregel hinzufügen', 'fr-FR': 'Ajouter la règle horaire', 'sv-SE': 'Lägg till tidsregel' },
  timerConflict: {
    'en-GB': 'Another rule switches the plug the other way at {time} on one of these days.',
    'de-DE': 'Eine andere Regel schaltet die Steckdose an einem dieser Tage um {time} in die andere Richtung.',
    'fr-FR': 'Une autre règle commute la prise dans l’autre sens à {time} l’un de ces jours.',
    'sv-SE': 'En annan regel slår kontakten åt andra hållet kl. {time} någon av dessa dagar.',
  },
  timerTooManyOn: {
    'en-GB': 'At most {max} rules can switch the plug on.',
    'de-DE': 'Höchstens {max} Regeln können die Steckdose einschalten.',
    'fr-FR': 'Au plus {max} règles peuvent allumer la prise.',
    'sv-SE': 'Högst {max} regler kan slå på kontakten.',
  },
  timerTooManyOff: {
    'en-GB': 'At most {max} rules can switch the plug off.',
    'de-DE': 'Höchstens {max} Regeln können die Steckdose ausschalten.',
    'fr-FR': 'Au plus {max} règles peuvent éteindre la prise.',
    'sv-SE': 'Högst {max} regler kan slå av kontakten.',
  },

  // ---- Sunrise and sunset (docs/product/sun-timers.md) ----
  whenLabel: { 'en-GB': 'When', 'de-DE': 'Wann', 'fr-FR': 'Quand', 'sv-SE': 'När' },
  whenTime: { 'en-GB': 'At a time', 'de-DE': 'Zu einer Uhrzeit', 'fr-FR': 'À une heure donnée', 'sv-SE': 'Vid en tid' },
  whenSunrise: { 'en-GB': 'At sunrise', 'de-DE': 'Bei Sonnenaufgang', 'fr-FR': 'Au lever du soleil', 'sv-SE': 'Vid soluppgång' },
  whenSunset: { 'en-GB': 'At sunset', 'de-DE': 'Bei Sonnenuntergang', 'fr-FR': 'Au coucher du soleil', 'sv-SE': 'Vid solnedgång' },
  sunrise: { 'en-GB': 'Sunrise', 'de-DE': 'Sonnenaufgang', 'fr-FR': 'Lever du soleil', 'sv-SE': 'Soluppgång' },
  sunset: { 'en-GB': 'Sunset', 'de-DE': 'Sonnenuntergang', 'fr-FR': 'Coucher du soleil', 'sv-SE': 'Solnedgång' },
  sunAfter: { 'en-GB': '{event} + {minutes} min', 'de-DE': '{event} + {minutes} Min.', 'fr-FR': '{event} + {minutes} min', 'sv-SE': '{event} + {minutes} min' },
  sunBefore: {
    'en-GB': '{event} \u2212 {minutes} min',
    'de-DE': '{event} \u2212 {minutes} Min.',
    'fr-FR': '{event} \u2212 {minutes} min',
    'sv-SE': '{event} \u2212 {minutes} min',
  },
  sunOffsetLabel: {
    'en-GB': 'Minutes before (−) or after (+)',
    'de-DE': 'Minuten davor (−) oder danach (+)',
    'fr-FR': 'Minutes avant (−) ou après (+)',
    'sv-SE': 'Minuter före (−) eller efter (+)',
  },
  sunOffsetHint: {
    'en-GB': 'From {min} to +{max}.',
    'de-DE': 'Von {min} bis +{max}.',
    'fr-FR': 'De {min} à +{max}.',
    'sv-SE': 'Från {min} till +{max}.',
  },
  sunOffsetInvalid: {
    'en-GB': 'Enter whole minutes, such as 30 or −15.',
    'de-DE': 'Geben Sie ganze Minuten ein, z. B. 30 oder −15.',
    'fr-FR': 'Saisissez des minutes entières, par exemple 30 ou −15.',
    'sv-SE': 'Ange hela minuter, till exempel 30 eller −15.',
  },
  sunToday: { 'en-GB': 'Today {time}.', 'de-DE': 'Heute {time}.', 'fr-FR': 'Aujourd’hui {time}.', 'sv-SE': 'I dag {time}.' },
  sunNoSunriseToday: {
    'en-GB': 'The sun does not rise at your farm today: the rule does not run on such days.',
    'de-DE': 'Die Sonne geht heute an Ihrem Hof nicht auf: An solchen Tagen läuft die Regel nicht.',
    'fr-FR': 'Le soleil ne se lève pas aujourd’hui à votre ferme : la règle ne s’applique pas ces jours-là.',
    'sv-SE': 'Solen går inte upp vid din gård i dag: regeln körs inte sådana dagar.',
  },
  sunNoSunsetToday: {
    'en-GB': 'The sun does not set at your farm today: the rule does not run on such days.',
    'de-DE': 'Die Sonne geht heute an Ihrem Hof nicht unter: An solchen Tagen läuft die Regel nicht.',
    'fr-FR': 'Le soleil ne se couche pas aujourd’hui à votre ferme : la règle ne s’applique pas ces jours-là.',
    'sv-SE': 'Solen går inte ner vid din gård i dag: regeln körs inte sådana dagar.',
  },
  sunNoLocation: {
    'en-GB': 'Sunrise and sunset need your farm’s location.',
    'de-DE': 'Für Sonnenauf- und -untergang wird der Standort Ihres Hofs benötigt.',
    'fr-FR': 'Le lever et le coucher du soleil nécessitent l’emplacement de votre ferme.',
    'sv-SE': 'Soluppgång och solnedgång kräver din gårds position.',
  },
  sunSetLocation: {
    'en-GB': 'Set it on your account page',
    'de-DE': 'Legen Sie ihn auf Ihrer Kontoseite fest',
    'fr-FR': 'Indiquez-le sur la page de votre compte',
    'sv-SE': 'Ange den på din kontosida',
  },

  // ---- Thermostat ----
  thermostatTitle: { 'en-GB': 'Thermostat', 'de-DE': 'Thermostat', 'fr-FR': 'Thermostat', 'sv-SE': 'Termostat' },
  thermostatEnabled: { 'en-GB': 'Use the thermostat', 'de-DE': 'Thermostat verwenden', 'fr-FR': 'Utiliser le thermostat', 'sv-SE': 'Använd termostaten' },
  thermostatEmpty: {
    'en-GB': 'No thermostat rules yet.',
    'de-DE': 'Noch keine Thermostatregeln.',
    'fr-FR': 'Aucune règle de thermostat pour l’instant.',
    'sv-SE': 'Inga termostatregler än.',
  },
  thermostatRules: { 'en-GB': 'Thermostat rules', 'de-DE': 'Thermostatregeln', 'fr-FR': 'Règles du thermostat', 'sv-SE': 'Termostatregler' },
  directionLabel: {
    'en-GB': 'When the temperature is',
    'de-DE': 'Schalten bei Temperatur',
    'fr-FR': 'Quand la température est',
    'sv-SE': 'När temperaturen är',
  },
  directionAbove: { 'en-GB': 'Above', 'de-DE': 'Über', 'fr-FR': 'Au-dessus', 'sv-SE': 'Över' },
  directionBelow: { 'en-GB': 'Below', 'de-DE': 'Unter', 'fr-FR': 'En dessous', 'sv-SE': 'Under' },
  temperatureLabel: { 'en-GB': 'Temperature (°C)', 'de-DE': 'Temperatur (°C)', 'fr-FR': 'Température (°C)', 'sv-SE': 'Temperatur (°C)' },
  temperatureAbove: { 'en-GB': 'Above {temperature}', 'de-DE': 'Über {temperature}', 'fr-FR': 'Au-dessus de {temperature}', 'sv-SE': 'Över {temperature}' },
  temperatureBelow: { 'en-GB': 'Below {temperature}', 'de-DE': 'Unter {temperature}', 'fr-FR': 'En dessous de {temperature}', 'sv-SE': 'Under {temperature}' },
  addThermostatRule: {
    'en-GB': 'Add thermostat rule',
    'de-DE': 'Thermostatregel hinzufügen',
    'fr-FR': 'Ajouter la règle de thermostat',
    'sv-SE': 'Lägg till termostatregel',
  },
  thermostatTooMany: {
    'en-GB': 'At most {max} thermostat rules.',
    'de-DE': 'Höchstens {max} Thermostatregeln.',
    'fr-FR': 'Au plus {max} règles de thermostat.',
    'sv-SE': 'Högst {max} termostatregler.',
  },
});
