import { defineTranslations } from '@paddock/shared/i18n';

/** /account: API keys for other software (docs/product/api-keys.md). */
export const apiKeysTexts = defineTranslations('account.apiKeys', {
  heading: { 'en-GB': 'API keys', 'de-DE': 'API-Schlüssel', 'fr-FR': 'Clés d’API', 'sv-SE': 'API-nycklar' },
  intro: {
    'en-GB':
      'Let other software, such as a farm management system or a script, read your devices or switch your plugs. A key can do only what you tick, and only with the devices you can see yourself.',
    'de-DE':
      'Erlauben Sie anderer Software, etwa einem Betriebsprogramm oder einem Skript, Ihre Geräte zu lesen oder Ihre Steckdosen zu schalten. Ein Schlüssel darf nur, was Sie ankreuzen, und nur mit den Geräten, die Sie selbst sehen.',
    'fr-FR':
      'Permettez à un autre logiciel, comme un logiciel de gestion d’exploitation ou un script, de lire vos appareils ou de commuter vos prises. Une clé ne peut faire que ce que vous cochez, et seulement avec les appareils que vous voyez vous-même.',
    'sv-SE':
      'Låt annan programvara, till exempel ett gårdssystem eller ett skript, läsa dina enheter eller slå av och på dina uttag. En nyckel får bara göra det du kryssar i, och bara med de enheter du själv ser.',
  },
  loadFailed: {
    'en-GB': 'Your API keys could not be loaded: {reason}',
    'de-DE': 'Ihre API-Schlüssel konnten nicht geladen werden: {reason}',
    'fr-FR': 'Vos clés d’API n’ont pas pu être chargées : {reason}',
    'sv-SE': 'Dina API-nycklar kunde inte läsas in: {reason}',
  },
  retry: { 'en-GB': 'Try again', 'de-DE': 'Erneut versuchen', 'fr-FR': 'Réessayer', 'sv-SE': 'Försök igen' },
  empty: {
    'en-GB': 'No API keys yet.',
    'de-DE': 'Noch keine API-Schlüssel.',
    'fr-FR': 'Aucune clé d’API pour l’instant.',
    'sv-SE': 'Inga API-nycklar än.',
  },
  create: { 'en-GB': 'Create API key', 'de-DE': 'API-Schlüssel erstellen', 'fr-FR': 'Créer une clé d’API', 'sv-SE': 'Skapa API-nyckel' },
  staffCannotCreate: {
    'en-GB': 'Only the account holder can create a key. Staff can see and revoke keys.',
    'de-DE': 'Nur der Kontoinhaber kann einen Schlüssel erstellen. Mitarbeitende können Schlüssel sehen und widerrufen.',
    'fr-FR': 'Seul le titulaire du compte peut créer une clé. Le personnel peut voir et révoquer les clés.',
    'sv-SE': 'Bara kontoinnehavaren kan skapa en nyckel. Personalen kan se och återkalla nycklar.',
  },
  scopeRead: {
    'en-GB': 'Read devices and their history',
    'de-DE': 'Geräte und ihren Verlauf lesen',
    'fr-FR': 'Lire les appareils et leur historique',
    'sv-SE': 'Läsa enheter och deras historik',
  },
  scopeControl: {
    'en-GB': 'Switch plugs and set their timers',
    'de-DE': 'Steckdosen schalten und ihre Zeitschaltuhren einstellen',
    'fr-FR': 'Commuter les prises et régler leurs minuteries',
    'sv-SE': 'Slå av och på uttag och ställa in deras timrar',
  },
  created: { 'en-GB': 'Created {date}', 'de-DE': 'Erstellt am {date}', 'fr-FR': 'Créée le {date}', 'sv-SE': 'Skapad {date}' },
  lastUsed: {
    'en-GB': 'Last used {date}',
    'de-DE': 'Zuletzt verwendet am {date}',
    'fr-FR': 'Dernière utilisation le {date}',
    'sv-SE': 'Senast använd {date}',
  },
  neverUsed: { 'en-GB': 'Never used', 'de-DE': 'Noch nie verwendet', 'fr-FR': 'Jamais utilisée', 'sv-SE': 'Aldrig använd' },
  revoke: { 'en-GB': 'Revoke', 'de-DE': 'Widerrufen', 'fr-FR': 'Révoquer', 'sv-SE': 'Återkalla' },
  revokeNamed: {
    'en-GB': 'Revoke {name}',
    'de-DE': '{name} widerrufen',
    'fr-FR': 'Révoquer {name}',
    'sv-SE': 'Återkalla {name}',
  },
  revokeTitle: {
    'en-GB': 'Revoke “{name}”?',
    'de-DE': '„{name}“ widerrufen?',
    'fr-FR': 'Révoquer « {name} » ?',
    'sv-SE': 'Återkalla ”{name}”?',
  },
  revokeBody: {
    'en-GB': 'Software using this key is refused from now on. This cannot be undone.',
    'de-DE': 'Software mit diesem Schlüssel wird ab sofort abgewiesen. Das lässt sich nicht rückgängig machen.',
    'fr-FR': 'Les logiciels qui utilisent cette clé sont refusés dès maintenant. Cette action est définitive.',
    'sv-SE': 'Programvara som använder nyckeln nekas från och med nu. Det går inte att ångra.',
  },
  revoked: {
    'en-GB': 'The key “{name}” was revoked.',
    'de-DE': 'Der Schlüssel „{name}“ wurde widerrufen.',
    'fr-FR': 'La clé « {name} » a été révoquée.',
    'sv-SE': 'Nyckeln ”{name}” har återkallats.',
  },
  createTitle: { 'en-GB': 'New API key', 'de-DE': 'Neuer API-Schlüssel', 'fr-FR': 'Nouvelle clé d’API', 'sv-SE': 'Ny API-nyckel' },
  name: { 'en-GB': 'Name', 'de-DE': 'Name', 'fr-FR': 'Nom', 'sv-SE': 'Namn' },
  nameHint: {
    'en-GB': 'What uses it, e.g. “Farm system”. At most {max} characters.',
    'de-DE': 'Wofür er dient, z. B. „Betriebsprogramm“. Höchstens {max} Zeichen.',
    'fr-FR': 'Ce qui l’utilise, par exemple « Logiciel de la ferme ». {max} caractères au plus.',
    'sv-SE': 'Vad som använder den, till exempel ”Gårdssystem”. Högst {max} tecken.',
  },
  nameRequired: {
    'en-GB': 'Give the key a name.',
    'de-DE': 'Geben Sie dem Schlüssel einen Namen.',
    'fr-FR': 'Donnez un nom à la clé.',
    'sv-SE': 'Ge nyckeln ett namn.',
  },
  scopesLegend: { 'en-GB': 'What it may do', 'de-DE': 'Was er darf', 'fr-FR': 'Ce qu’elle peut faire', 'sv-SE': 'Vad den får göra' },
  scopesRequired: {
    'en-GB': 'Tick at least one.',
    'de-DE': 'Kreuzen Sie mindestens eines an.',
    'fr-FR': 'Cochez-en au moins une.',
    'sv-SE': 'Kryssa i minst en.',
  },
  cancel: { 'en-GB': 'Cancel', 'de-DE': 'Abbrechen', 'fr-FR': 'Annuler', 'sv-SE': 'Avbryt' },
  submit: { 'en-GB': 'Create key', 'de-DE': 'Schlüssel erstellen', 'fr-FR': 'Créer la clé', 'sv-SE': 'Skapa nyckel' },
  keyTitle: {
    'en-GB': 'Your new key “{name}”',
    'de-DE': 'Ihr neuer Schlüssel „{name}“',
    'fr-FR': 'Votre nouvelle clé « {name} »',
    'sv-SE': 'Din nya nyckel ”{name}”',
  },
  keyLabel: { 'en-GB': 'API key', 'de-DE': 'API-Schlüssel', 'fr-FR': 'Clé d’API', 'sv-SE': 'API-nyckel' },
  showOnce: {
    'en-GB': 'Copy it now and keep it safe: you will not see it again. Anyone with it can do what it allows.',
    'de-DE':
      'Kopieren Sie ihn jetzt und bewahren Sie ihn sicher auf: Sie werden ihn nicht noch einmal sehen. Wer ihn hat, kann tun, was er erlaubt.',
    'fr-FR': 'Copiez-la maintenant et gardez-la en lieu sûr : vous ne la reverrez plus. Quiconque la détient peut faire ce qu’elle permet.',
    'sv-SE': 'Kopiera den nu och förvara den säkert: du kommer inte att se den igen. Den som har den kan göra det den tillåter.',
  },
  copy: { 'en-GB': 'Copy key', 'de-DE': 'Schlüssel kopieren', 'fr-FR': 'Copier la clé', 'sv-SE': 'Kopiera nyckeln' },
  copied: {
    'en-GB': 'The key is copied.',
    'de-DE': 'Der Schlüssel ist kopiert.',
    'fr-FR': 'La clé est copiée.',
    'sv-SE': 'Nyckeln är kopierad.',
  },
  copyFailed: {
    'en-GB': 'This browser did not copy it. Select the key and copy it yourself.',
    'de-DE': 'Dieser Browser hat ihn nicht kopiert. Markieren Sie den Schlüssel und kopieren Sie ihn selbst.',
    'fr-FR': 'Ce navigateur ne l’a pas copiée. Sélectionnez la clé et copiez-la vous-même.',
    'sv-SE': 'Webbläsaren kopierade den inte. Markera nyckeln och kopiera den själv.',
  },
  done: { 'en-GB': 'I have copied it', 'de-DE': 'Ich habe ihn kopiert', 'fr-FR': 'Je l’ai copiée', 'sv-SE': 'Jag har kopierat den' },
});
