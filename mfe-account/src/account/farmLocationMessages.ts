import { defineTranslations } from '@paddock/shared/i18n';

/** /account: the farm's location, for sunrise and sunset timer rules (docs/product/sun-timers.md). */
export const farmLocationTexts = defineTranslations('account.farmLocation', {
  heading: { 'en-GB': 'Farm location', 'de-DE': 'Standort des Hofs', 'fr-FR': 'Emplacement de la ferme', 'sv-SE': 'Gårdens position' },
  intro: {
    'en-GB': 'Plug timers can switch at sunrise or sunset: the plugs work them out each day from this position.',
    'de-DE':
      'Zeitschaltuhren der Steckdosen können bei Sonnenauf- oder -untergang schalten: Die Steckdosen berechnen sie täglich aus diesem Standort.',
    'fr-FR':
      'Les minuteries des prises peuvent commuter au lever ou au coucher du soleil : les prises les calculent chaque jour à partir de cet emplacement.',
    'sv-SE': 'Kontakternas timrar kan slå vid soluppgång eller solnedgång: kontakterna räknar ut dem varje dag från den här positionen.',
  },
  usePhone: {
    'en-GB': 'Use this phone’s position',
    'de-DE': 'Standort dieses Telefons verwenden',
    'fr-FR': 'Utiliser la position de ce téléphone',
    'sv-SE': 'Använd telefonens position',
  },
  phoneRefused: {
    'en-GB': 'The phone did not give its position. Allow location access for this site, or type the coordinates.',
    'de-DE':
      'Das Telefon hat seinen Standort nicht übermittelt. Erlauben Sie dieser Seite den Standortzugriff oder geben Sie die Koordinaten ein.',
    'fr-FR': 'Le téléphone n’a pas donné sa position. Autorisez l’accès à la localisation pour ce site ou saisissez les coordonnées.',
    'sv-SE': 'Telefonen gav inte sin position. Tillåt platsåtkomst för den här webbplatsen eller skriv in koordinaterna.',
  },
  latitude: { 'en-GB': 'Latitude', 'de-DE': 'Breitengrad', 'fr-FR': 'Latitude', 'sv-SE': 'Latitud' },
  latitudeHint: {
    'en-GB': 'Degrees, north positive, e.g. 59.85864.',
    'de-DE': 'Grad, Norden positiv, z. B. 59,85864.',
    'fr-FR': 'En degrés, nord positif, par exemple 59,85864.',
    'sv-SE': 'Grader, norr positiv, till exempel 59,85864.',
  },
  longitude: { 'en-GB': 'Longitude', 'de-DE': 'Längengrad', 'fr-FR': 'Longitude', 'sv-SE': 'Longitud' },
  longitudeHint: {
    'en-GB': 'Degrees, east positive, e.g. 17.63889.',
    'de-DE': 'Grad, Osten positiv, z. B. 17,63889.',
    'fr-FR': 'En degrés, est positif, par exemple 17,63889.',
    'sv-SE': 'Grader, öster positiv, till exempel 17,63889.',
  },
  coordinateInvalid: {
    'en-GB': 'Enter a number of degrees.',
    'de-DE': 'Geben Sie eine Gradzahl ein.',
    'fr-FR': 'Saisissez un nombre de degrés.',
    'sv-SE': 'Ange ett antal grader.',
  },
  coordinateOutOfRange: {
    'en-GB': 'Enter a value from {min} to {max}.',
    'de-DE': 'Geben Sie einen Wert von {min} bis {max} ein.',
    'fr-FR': 'Saisissez une valeur de {min} à {max}.',
    'sv-SE': 'Ange ett värde från {min} till {max}.',
  },
  noAddress: {
    'en-GB': 'Paddock cannot look up an address: copy the coordinates from a map if you are not at the farm.',
    'de-DE': 'Paddock kann keine Adresse nachschlagen: Übernehmen Sie die Koordinaten aus einer Karte, wenn Sie nicht auf dem Hof sind.',
    'fr-FR': 'Paddock ne peut pas rechercher une adresse : copiez les coordonnées depuis une carte si vous n’êtes pas à la ferme.',
    'sv-SE': 'Paddock kan inte slå upp en adress: kopiera koordinaterna från en karta om du inte är på gården.',
  },
  save: { 'en-GB': 'Save location', 'de-DE': 'Standort speichern', 'fr-FR': 'Enregistrer l’emplacement', 'sv-SE': 'Spara position' },
  remove: { 'en-GB': 'Remove location', 'de-DE': 'Standort entfernen', 'fr-FR': 'Supprimer l’emplacement', 'sv-SE': 'Ta bort position' },
  saved: {
    'en-GB': 'Farm location saved.',
    'de-DE': 'Standort des Hofs gespeichert.',
    'fr-FR': 'Emplacement de la ferme enregistré.',
    'sv-SE': 'Gårdens position har sparats.',
  },
  removed: {
    'en-GB': 'Farm location removed.',
    'de-DE': 'Standort des Hofs entfernt.',
    'fr-FR': 'Emplacement de la ferme supprimé.',
    'sv-SE': 'Gårdens position har tagits bort.',
  },
});
