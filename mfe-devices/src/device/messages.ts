import { defineTranslations } from '@paddock/shared/i18n';

/** Texts of the frame every device page shares (settings and logs): loading, failures, key line, back (docs/product/screens.md, docs/product/errors.md). */
export const deviceTexts = defineTranslations('devices.device', {
  // ---- Loading and failures
  loading: { 'en-GB': 'Loading the device…', 'de-DE': 'Gerät wird geladen …', 'fr-FR': 'Chargement de l’appareil…', 'sv-SE': 'Läser in enheten …' },
  notFoundTitle: { 'en-GB': 'Device not found', 'de-DE': 'Gerät nicht gefunden', 'fr-FR': 'Appareil introuvable', 'sv-SE': 'Enheten hittades inte' },
  notFoundText: {
    'en-GB': 'None of your devices is a {product} with {field} {key}. It may have been unregistered, or is no longer shared with you.',
    'de-DE': 'Keines Ihrer Geräte ist ein {product} mit der {field} {key}. Vielleicht wurde seine Registrierung aufgehoben oder es wird nicht mehr mit Ihnen geteilt.',
    'fr-FR': 'Aucun de vos appareils n’est un {product} avec l’{field} {key}. Il a peut-être été retiré ou n’est plus partagé avec vous.',
    'sv-SE': 'Ingen av dina enheter är en {product} med {field} {key}. Den kan ha avregistrerats eller delas inte längre med dig.',
  },
  loadFailed: {
    'en-GB': 'The device could not be loaded. Check your connection and try again.',
    'de-DE': 'Das Gerät konnte nicht geladen werden. Prüfen Sie Ihre Verbindung und versuchen Sie es erneut.',
    'fr-FR': 'Impossible de charger l’appareil. Vérifiez votre connexion et réessayez.',
    'sv-SE': 'Enheten kunde inte läsas in. Kontrollera anslutningen och försök igen.',
  },
  missingKey: {
    'en-GB': 'This link does not name a device. Open the device from your device list. ({detail})',
    'de-DE': 'Dieser Link nennt kein Gerät. Öffnen Sie das Gerät aus Ihrer Geräteliste. ({detail})',
    'fr-FR': 'Ce lien ne désigne aucun appareil. Ouvrez l’appareil depuis votre liste d’appareils. ({detail})',
    'sv-SE': 'Den här länken anger ingen enhet. Öppna enheten från din enhetslista. ({detail})',
  },
  retry: { 'en-GB': 'Try again', 'de-DE': 'Erneut versuchen', 'fr-FR': 'Réessayer', 'sv-SE': 'Försök igen' },
  backToDevices: { 'en-GB': 'Back to devices', 'de-DE': 'Zurück zu den Geräten', 'fr-FR': 'Retour aux appareils', 'sv-SE': 'Tillbaka till enheterna' },
  // ---- Page header and way back
  subtitle: { 'en-GB': '{field}: {key}', 'de-DE': '{field}: {key}', 'fr-FR': '{field} : {key}', 'sv-SE': '{field}: {key}' },
  back: { 'en-GB': 'Back', 'de-DE': 'Zurück', 'fr-FR': 'Retour', 'sv-SE': 'Tillbaka' },
});
