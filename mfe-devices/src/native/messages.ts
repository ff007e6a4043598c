import { defineTranslations } from '@paddock/shared/i18n';

// The native app's scanner (docs/product/native-app.md): the phone's own camera permission, not the browser's.
export const nativeTexts = defineTranslations('devices.native', {
  cameraDenied: {
    'en-GB': '{app} may not use the camera, so it cannot scan. Allow the camera for {app} in your phone’s settings, or type the number.',
    'de-DE': '{app} darf die Kamera nicht verwenden und kann daher nicht scannen. Erlauben Sie {app} die Kamera in den Einstellungen Ihres Telefons, oder tippen Sie die Nummer ein.',
    'fr-FR': '{app} n’a pas accès à l’appareil photo et ne peut donc pas scanner. Autorisez l’appareil photo pour {app} dans les réglages de votre téléphone, ou saisissez le numéro.',
    'sv-SE': '{app} får inte använda kameran och kan därför inte skanna. Tillåt kameran för {app} i telefonens inställningar, eller skriv numret.',
  },
  openSettings: { 'en-GB': 'Open phone settings', 'de-DE': 'Telefoneinstellungen öffnen', 'fr-FR': 'Ouvrir les réglages du téléphone', 'sv-SE': 'Öppna telefonens inställningar' },
  installing: {
    'en-GB': 'The phone is installing its barcode scanner. Try again in a moment, or type the number.',
    'de-DE': 'Das Telefon installiert gerade seinen Barcode-Scanner. Versuchen Sie es gleich noch einmal, oder tippen Sie die Nummer ein.',
    'fr-FR': 'Le téléphone installe son lecteur de codes-barres. Réessayez dans un instant, ou saisissez le numéro.',
    'sv-SE': 'Telefonen installerar sin streckkodsläsare. Försök igen om en stund, eller skriv numret.',
  },
});
