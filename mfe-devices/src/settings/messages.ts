import { defineTranslations } from '@paddock/shared/i18n';

/** Texts of the settings frame every product page shares (docs/product/screens.md, docs/product/states.md, docs/product/roles.md, docs/product/errors.md). */
export const settingsTexts = defineTranslations('devices.settings', {
  // ---- Frame
  title: { 'en-GB': '{product} {name}', 'de-DE': '{product} {name}', 'fr-FR': '{product} {name}', 'sv-SE': '{product} {name}' },
  save: { 'en-GB': 'Save', 'de-DE': 'Speichern', 'fr-FR': 'Enregistrer', 'sv-SE': 'Spara' },
  saved: { 'en-GB': 'Settings saved', 'de-DE': 'Einstellungen gespeichert', 'fr-FR': 'Réglages enregistrés', 'sv-SE': 'Inställningarna sparades' },
  saveFailed: {
    'en-GB': 'The settings were not saved: {reason}',
    'de-DE': 'Die Einstellungen wurden nicht gespeichert: {reason}',
    'fr-FR': 'Les réglages n’ont pas été enregistrés : {reason}',
    'sv-SE': 'Inställningarna sparades inte: {reason}',
  },
  saveFailedLater: {
    'en-GB': 'something went wrong on our side. Please try again in a moment.',
    'de-DE': 'Bei uns ist etwas schiefgegangen. Bitte versuchen Sie es gleich noch einmal.',
    'fr-FR': 'un problème est survenu de notre côté. Veuillez réessayer dans un instant.',
    'sv-SE': 'något gick fel hos oss. Försök igen om en stund.',
  },
  saveTimedOut: {
    'en-GB': 'the server did not answer in time. Check your connection and try again.',
    'de-DE': 'Der Server hat nicht rechtzeitig geantwortet. Prüfen Sie Ihre Verbindung und versuchen Sie es erneut.',
    'fr-FR': 'le serveur n’a pas répondu à temps. Vérifiez votre connexion et réessayez.',
    'sv-SE': 'servern svarade inte i tid. Kontrollera anslutningen och försök igen.',
  },
  fixErrors: {
    'en-GB': 'Some settings need fixing before they can be saved.',
    'de-DE': 'Einige Einstellungen müssen korrigiert werden, bevor sie gespeichert werden können.',
    'fr-FR': 'Certains réglages doivent être corrigés avant de pouvoir être enregistrés.',
    'sv-SE': 'Några inställningar behöver rättas innan de kan sparas.',
  },

  // ---- Config sync
  syncPending: {
    'en-GB': 'Waiting for the device to apply these settings…',
    'de-DE': 'Warten, bis das Gerät diese Einstellungen übernimmt …',
    'fr-FR': 'En attente de l’application de ces réglages par l’appareil…',
    'sv-SE': 'Väntar på att enheten ska tillämpa inställningarna …',
  },
  syncApplied: {
    'en-GB': 'Applied by the device {time}',
    'de-DE': 'Vom Gerät übernommen am {time}',
    'fr-FR': 'Appliqué par l’appareil le {time}',
    'sv-SE': 'Tillämpad av enheten {time}',
  },

  // ---- Subscription (line and plan selector)
  subscriptionHeading: { 'en-GB': 'Subscription', 'de-DE': 'Abonnement', 'fr-FR': 'Abonnement', 'sv-SE': 'Abonnemang' },
  planTrial: { 'en-GB': 'Trial', 'de-DE': 'Testphase', 'fr-FR': 'Essai', 'sv-SE': 'Provperiod' },
  planNone: { 'en-GB': 'None', 'de-DE': 'Keines', 'fr-FR': 'Aucun', 'sv-SE': 'Inget' },
  alarmsNeedSubscription: {
    'en-GB': 'Alarms are off while the device has no active subscription.',
    'de-DE': 'Alarme sind aus, solange das Gerät kein aktives Abonnement hat.',
    'fr-FR': 'Les alarmes sont désactivées tant que l’appareil n’a pas d’abonnement actif.',
    'sv-SE': 'Larmen är avstängda så länge enheten saknar ett aktivt abonnemang.',
  },
  off: { 'en-GB': 'Off', 'de-DE': 'Aus', 'fr-FR': 'Désactivée', 'sv-SE': 'Av' },
  nextPlanLabel: { 'en-GB': 'Plan', 'de-DE': 'Tarif', 'fr-FR': 'Forfait', 'sv-SE': 'Abonnemangsform' },
  // `free` is yes for None (no charge: nothing is renewed, so no VAT and no payment to confirm), else no.
  nextPlanHint: {
    'en-GB':
      '{free, select, yes {{price}: nothing is renewed when the current period ends.} other {{price}, ex VAT. Starts at the renewal; with no running plan it starts now, once you confirm the payment.}}',
    'de-DE':
      '{free, select, yes {{price}: Nach dem laufenden Zeitraum wird nichts verlängert.} other {{price}, zzgl. MwSt. Beginnt bei der Verlängerung; ohne laufenden Tarif sofort, sobald Sie die Zahlung bestätigen.}}',
    'fr-FR':
      '{free, select, yes {{price} : rien n’est renouvelé à la fin de la période en cours.} other {{price}, HT. Commence au renouvellement ; sans forfait en cours, dès que vous confirmez le paiement.}}',
    'sv-SE':
      '{free, select, yes {{price}: inget förnyas när den pågående perioden tar slut.} other {{price}, exkl. moms. Börjar vid förnyelsen; utan pågående abonnemang börjar det nu, när du bekräftar betalningen.}}',
  },
  nextPlanReadOnly: {
    'en-GB': 'Next plan: {plan} ({free, select, yes {{price}} other {{price}, ex VAT}}). Only the owner can change it.',
    'de-DE': 'Nächster Tarif: {plan} ({free, select, yes {{price}} other {{price}, zzgl. MwSt.}}). Nur der Eigentümer kann ihn ändern.',
    'fr-FR': 'Prochain forfait : {plan} ({free, select, yes {{price}} other {{price}, HT}}). Seul le propriétaire peut le modifier.',
    'sv-SE': 'Nästa abonnemang: {plan} ({free, select, yes {{price}} other {{price}, exkl. moms}}). Bara ägaren kan ändra det.',
  },
  // ---- Plan purchase (docs/product/billing.md "A charge is its own step")
  planConfirmTitle: {
    'en-GB': 'Buy the {plan} plan?',
    'de-DE': 'Tarif {plan} kaufen?',
    'fr-FR': 'Acheter le forfait {plan} ?',
    'sv-SE': 'Köpa abonnemanget {plan}?',
  },
  planConfirmWhat: {
    'en-GB': 'You are buying the {plan} plan for {product} “{name}”. It starts now.',
    'de-DE': 'Sie kaufen den Tarif {plan} für {product} „{name}“. Er beginnt sofort.',
    'fr-FR': 'Vous achetez le forfait {plan} pour {product} « {name} ». Il commence maintenant.',
    'sv-SE': 'Du köper abonnemanget {plan} för {product} ”{name}”. Det börjar nu.',
  },
  planConfirmVat: {
    'en-GB': 'incl. VAT ({net} + {rate} VAT {vat})',
    'de-DE': 'inkl. MwSt. ({net} + {rate} MwSt. {vat})',
    'fr-FR': 'TTC ({net} HT + TVA {rate} {vat})',
    'sv-SE': 'inkl. moms ({net} + {rate} moms {vat})',
  },
  planConfirmReverseCharge: {
    'en-GB': 'no VAT: reverse charge, you account for the VAT',
    'de-DE': 'ohne MwSt.: Steuerschuldnerschaft des Leistungsempfängers',
    'fr-FR': 'sans TVA : autoliquidation, la TVA est due par vous',
    'sv-SE': 'utan moms: omvänd skattskyldighet, du redovisar momsen',
  },
  planConfirmRenews: {
    'en-GB': 'It renews automatically on {date} for {amount}, until you choose None.',
    'de-DE': 'Er verlängert sich automatisch am {date} für {amount}, bis Sie „Keines“ wählen.',
    'fr-FR': 'Il se renouvelle automatiquement le {date} pour {amount}, jusqu’à ce que vous choisissiez « Aucun ».',
    'sv-SE': 'Det förnyas automatiskt den {date} för {amount}, tills du väljer ”Inget”.',
  },
  planConfirmNote: {
    'en-GB': 'Charged now to your payment method. The invoice is then on Billing.',
    'de-DE': 'Wird jetzt über Ihr Zahlungsmittel abgerechnet. Die Rechnung finden Sie dann unter Abrechnung.',
    'fr-FR': 'Débité maintenant sur votre moyen de paiement. La facture sera ensuite dans Facturation.',
    'sv-SE': 'Debiteras nu på ditt betalsätt. Fakturan finns sedan under Fakturering.',
  },
  planConfirmPay: { 'en-GB': 'Pay {amount}', 'de-DE': '{amount} bezahlen', 'fr-FR': 'Payer {amount}', 'sv-SE': 'Betala {amount}' },
  planConfirmCancel: { 'en-GB': 'Cancel', 'de-DE': 'Abbrechen', 'fr-FR': 'Annuler', 'sv-SE': 'Avbryt' },
  planPaidTitle: { 'en-GB': 'Plan bought', 'de-DE': 'Tarif gekauft', 'fr-FR': 'Forfait acheté', 'sv-SE': 'Abonnemang köpt' },
  planPaidText: {
    'en-GB': 'Paid {amount} for the {plan} plan of “{name}” on {date}.',
    'de-DE': '{amount} für den Tarif {plan} von „{name}“ am {date} bezahlt.',
    'fr-FR': '{amount} payés pour le forfait {plan} de « {name} » le {date}.',
    'sv-SE': '{amount} betalt för abonnemanget {plan} för ”{name}” den {date}.',
  },
  planChosenText: {
    'en-GB': 'The {plan} plan is chosen for “{name}”. Nothing was charged now.',
    'de-DE': 'Der Tarif {plan} ist für „{name}“ gewählt. Jetzt wurde nichts berechnet.',
    'fr-FR': 'Le forfait {plan} est choisi pour « {name} ». Rien n’a été débité maintenant.',
    'sv-SE': 'Abonnemanget {plan} är valt för ”{name}”. Inget debiterades nu.',
  },
  planRenewsText: {
    'en-GB': 'It runs until {date} and then renews.',
    'de-DE': 'Er läuft bis zum {date} und verlängert sich dann.',
    'fr-FR': 'Il court jusqu’au {date}, puis se renouvelle.',
    'sv-SE': 'Det gäller till den {date} och förnyas sedan.',
  },
  planInvoiceLink: {
    'en-GB': 'See the invoice on Billing',
    'de-DE': 'Rechnung unter Abrechnung ansehen',
    'fr-FR': 'Voir la facture dans Facturation',
    'sv-SE': 'Se fakturan under Fakturering',
  },
  planPaidDone: { 'en-GB': 'Done', 'de-DE': 'Fertig', 'fr-FR': 'Terminé', 'sv-SE': 'Klar' },
  planSavedApartFailed: {
    'en-GB': 'The plan is paid, but your other changes were not saved: {reason}',
    'de-DE': 'Der Tarif ist bezahlt, aber Ihre anderen Änderungen wurden nicht gespeichert: {reason}',
    'fr-FR': 'Le forfait est payé, mais vos autres modifications n’ont pas été enregistrées : {reason}',
    'sv-SE': 'Abonnemanget är betalt, men dina andra ändringar sparades inte: {reason}',
  },
  pricesLoading: {
    'en-GB': 'Loading the prices…',
    'de-DE': 'Preise werden geladen …',
    'fr-FR': 'Chargement des tarifs…',
    'sv-SE': 'Läser in priserna …',
  },
  invalidPriceName: {
    'en-GB': 'invalid subscription price name: {id}',
    'de-DE': 'ungültiger Name des Abonnementpreises: {id}',
    'fr-FR': 'nom de tarif d’abonnement invalide : {id}',
    'sv-SE': 'ogiltigt namn på abonnemangspris: {id}',
  },
  retryPrices: { 'en-GB': 'Try again', 'de-DE': 'Erneut versuchen', 'fr-FR': 'Réessayer', 'sv-SE': 'Försök igen' },

  // ---- Sharing
  sharingHeading: { 'en-GB': 'Sharing', 'de-DE': 'Freigabe', 'fr-FR': 'Partage', 'sv-SE': 'Delning' },
  sharingCaption: {
    'en-GB': 'People with access to this device',
    'de-DE': 'Personen mit Zugriff auf dieses Gerät',
    'fr-FR': 'Personnes ayant accès à cet appareil',
    'sv-SE': 'Personer med åtkomst till enheten',
  },
  columnEmail: { 'en-GB': 'E-mail', 'de-DE': 'E-Mail', 'fr-FR': 'E-mail', 'sv-SE': 'E-post' },
  columnNotify: { 'en-GB': 'Notifications', 'de-DE': 'Benachrichtigungen', 'fr-FR': 'Notifications', 'sv-SE': 'Aviseringar' },
  columnRemove: { 'en-GB': 'Access', 'de-DE': 'Zugriff', 'fr-FR': 'Accès', 'sv-SE': 'Åtkomst' },
  owner: { 'en-GB': 'Owner', 'de-DE': 'Eigentümer', 'fr-FR': 'Propriétaire', 'sv-SE': 'Ägare' },
  notifyLabel: {
    'en-GB': 'Notify {email} of alarms',
    'de-DE': '{email} bei Alarmen benachrichtigen',
    'fr-FR': 'Avertir {email} des alarmes',
    'sv-SE': 'Avisera {email} om larm',
  },
  removeLabel: { 'en-GB': 'Remove {email}', 'de-DE': '{email} entfernen', 'fr-FR': 'Retirer {email}', 'sv-SE': 'Ta bort {email}' },
  inviteLabel: { 'en-GB': 'Invite by e-mail', 'de-DE': 'Per E-Mail einladen', 'fr-FR': 'Inviter par e-mail', 'sv-SE': 'Bjud in via e-post' },
  inviteHint: {
    'en-GB': 'They can see and edit this device once you save, and get an e-mail saying so.',
    'de-DE': 'Nach dem Speichern können sie dieses Gerät sehen und bearbeiten; sie erhalten dazu eine E-Mail.',
    'fr-FR': 'Après l’enregistrement, ces personnes pourront voir et modifier cet appareil, et en seront informées par e-mail.',
    'sv-SE': 'När du har sparat kan de se och ändra enheten, och de får ett mejl om det.',
  },
  // docs/product/states.md Sharing: whether the person invited next gets the device's alarm notifications (Notify).
  inviteNotify: {
    'en-GB': 'Also notify them of alarms',
    'de-DE': 'Auch bei Alarmen benachrichtigen',
    'fr-FR': 'Les avertir aussi des alarmes',
    'sv-SE': 'Avisera dem också om larm',
  },
  inviteNotifyHint: {
    'en-GB': 'Off unless you tick it. They can also turn it on later with their bell.',
    'de-DE': 'Aus, solange Sie es nicht ankreuzen. Sie können es später auch selbst mit ihrer Glocke einschalten.',
    'fr-FR': 'Désactivé tant que vous ne le cochez pas. Ces personnes peuvent aussi l’activer plus tard avec leur cloche.',
    'sv-SE': 'Av om du inte kryssar i det. De kan också slå på det senare med sin klocka.',
  },
  invite: { 'en-GB': 'Invite', 'de-DE': 'Einladen', 'fr-FR': 'Inviter', 'sv-SE': 'Bjud in' },
  inviteNotEmail: {
    'en-GB': '“{email}” does not look like an e-mail address. Invitations and alarms only reach e-mail addresses.',
    'de-DE': '„{email}“ sieht nicht wie eine E-Mail-Adresse aus. Einladungen und Alarme erreichen nur E-Mail-Adressen.',
    'fr-FR': '« {email} » ne ressemble pas à une adresse e-mail. Les invitations et les alarmes n’arrivent qu’aux adresses e-mail.',
    'sv-SE': '”{email}” ser inte ut som en e-postadress. Inbjudningar och larm når bara e-postadresser.',
  },
  inviteAnyway: { 'en-GB': 'Add anyway', 'de-DE': 'Trotzdem hinzufügen', 'fr-FR': 'Ajouter quand même', 'sv-SE': 'Lägg till ändå' },
  alreadyShared: {
    'en-GB': '{email} already has access.',
    'de-DE': '{email} hat bereits Zugriff.',
    'fr-FR': '{email} a déjà accès.',
    'sv-SE': '{email} har redan åtkomst.',
  },

  // ---- Tags
  tagsHeading: { 'en-GB': 'Tags', 'de-DE': 'Schlagwörter', 'fr-FR': 'Étiquettes', 'sv-SE': 'Taggar' },
  tagsGroup: {
    'en-GB': 'Tags: choose those this device carries',
    'de-DE': 'Schlagwörter: wählen Sie die für dieses Gerät',
    'fr-FR': 'Étiquettes : choisissez celles de cet appareil',
    'sv-SE': 'Taggar: välj dem som enheten ska ha',
  },
  newTag: { 'en-GB': 'New tag', 'de-DE': 'Neues Schlagwort', 'fr-FR': 'Nouvelle étiquette', 'sv-SE': 'Ny tagg' },
  newTagHint: {
    'en-GB': 'Tags group your devices on the dashboard, for example “North paddock”.',
    'de-DE': 'Schlagwörter gruppieren Ihre Geräte in der Übersicht, zum Beispiel „Nordweide“.',
    'fr-FR': 'Les étiquettes regroupent vos appareils sur le tableau de bord, par exemple « Pré nord ».',
    'sv-SE': 'Taggar grupperar dina enheter på översikten, till exempel ”Norra hagen”.',
  },
  addTag: { 'en-GB': 'Add tag', 'de-DE': 'Schlagwort hinzufügen', 'fr-FR': 'Ajouter l’étiquette', 'sv-SE': 'Lägg till tagg' },
  tagExists: {
    'en-GB': 'The tag “{tag}” is already there.',
    'de-DE': 'Das Schlagwort „{tag}“ gibt es bereits.',
    'fr-FR': 'L’étiquette « {tag} » existe déjà.',
    'sv-SE': 'Taggen ”{tag}” finns redan.',
  },
  tagReserved: {
    'en-GB': '“{tag}” is added by {app} itself and cannot be used as a tag.',
    'de-DE': '„{tag}“ wird von {app} selbst vergeben und kann nicht als Schlagwort verwendet werden.',
    'fr-FR': '« {tag} » est ajouté par {app} lui-même et ne peut pas servir d’étiquette.',
    'sv-SE': '”{tag}” läggs till av {app} själv och kan inte användas som tagg.',
  },
  tagTooLong: {
    'en-GB': 'A tag has at most {max} characters.',
    'de-DE': 'Ein Schlagwort hat höchstens {max} Zeichen.',
    'fr-FR': 'Une étiquette comporte au plus {max} caractères.',
    'sv-SE': 'En tagg har högst {max} tecken.',
  },

  // ---- Name (the owner changes by a transfer offer: ../transfers/TransferOffer.tsx)
  detailsHeading: { 'en-GB': 'Name', 'de-DE': 'Name', 'fr-FR': 'Nom', 'sv-SE': 'Namn' },
  nameLabel: { 'en-GB': 'Device name', 'de-DE': 'Gerätename', 'fr-FR': 'Nom de l’appareil', 'sv-SE': 'Enhetens namn' },
  nameRequired: {
    'en-GB': 'Enter a name for the device.',
    'de-DE': 'Geben Sie einen Namen für das Gerät ein.',
    'fr-FR': 'Saisissez un nom pour l’appareil.',
    'sv-SE': 'Ange ett namn på enheten.',
  },
  nameTooLong: { 'en-GB': 'At most {max} characters.', 'de-DE': 'Höchstens {max} Zeichen.', 'fr-FR': '{max} caractères au maximum.', 'sv-SE': 'Högst {max} tecken.' },

  // ---- Unregister (German "Abmelden" is Sign out, French "Enregistrer" is Save: neither may name this)
  unregister: { 'en-GB': 'Unregister', 'de-DE': 'Registrierung aufheben', 'fr-FR': 'Retirer l’appareil', 'sv-SE': 'Avregistrera' },
  unregisterOwnerOnly: {
    'en-GB': 'Only the owner can unregister this device.',
    'de-DE': 'Nur der Eigentümer kann die Registrierung dieses Geräts aufheben.',
    'fr-FR': 'Seul le propriétaire peut retirer cet appareil.',
    'sv-SE': 'Endast ägaren kan avregistrera enheten.',
  },
  unregisterTitle: {
    'en-GB': 'Unregister {name}?',
    'de-DE': 'Registrierung von {name} aufheben?',
    'fr-FR': 'Retirer l’appareil {name} ?',
    'sv-SE': 'Avregistrera {name}?',
  },
  unregisterText: {
    'en-GB': 'The device leaves your account and everyone it is shared with. Its settings, sharing and tags are deleted, and its plan does not renew. It can be registered again later. A trial or paid time left stays with the device: it does not start again.',
    'de-DE': 'Das Gerät verschwindet aus Ihrem Konto und bei allen, mit denen es geteilt ist. Seine Einstellungen, Freigaben und Schlagwörter werden gelöscht, und sein Tarif verlängert sich nicht. Es kann später erneut registriert werden. Eine verbleibende Testphase oder bezahlte Laufzeit bleibt beim Gerät: Sie beginnt nicht neu.',
    'fr-FR': 'L’appareil quitte votre compte et celui de toutes les personnes avec qui il est partagé. Ses réglages, partages et étiquettes sont supprimés, et son forfait n’est pas renouvelé. Il pourra être ajouté à nouveau plus tard. L’essai ou la période payée qui reste demeure avec l’appareil : il ne recommence pas.',
    'sv-SE': 'Enheten försvinner från ditt konto och från alla den delas med. Dess inställningar, delningar och taggar raderas, och dess abonnemang förnyas inte. Den kan registreras igen senare. Återstående provperiod eller betald tid följer med enheten: den börjar inte om.',
  },
  unregistered: {
    'en-GB': '{name} is unregistered.',
    'de-DE': 'Die Registrierung von {name} ist aufgehoben.',
    'fr-FR': 'L’appareil {name} est retiré.',
    'sv-SE': '{name} är avregistrerad.',
  },

  // ---- The signed-in user's own alarm channels for the device
  channelsHeading: {
    'en-GB': 'Your alarm notifications for this device',
    'de-DE': 'Ihre Alarmbenachrichtigungen für dieses Gerät',
    'fr-FR': 'Vos notifications d’alarme pour cet appareil',
    'sv-SE': 'Dina larmaviseringar för den här enheten',
  },
  channelsIntro: {
    'en-GB': 'When you are on this device’s notification list, its alarms reach you through what you switch on here. Only you can change this.',
    'de-DE': 'Wenn Sie auf der Benachrichtigungsliste dieses Geräts stehen, erreichen Sie seine Alarme auf den Wegen, die Sie hier einschalten. Nur Sie können das ändern.',
    'fr-FR': 'Si vous figurez dans la liste de notification de cet appareil, ses alarmes vous parviennent par les moyens activés ici. Vous seul pouvez les modifier.',
    'sv-SE': 'När du står på enhetens aviseringslista når dess larm dig på de sätt du slår på här. Bara du kan ändra detta.',
  },
  channelEmail: { 'en-GB': 'E-mail', 'de-DE': 'E-Mail', 'fr-FR': 'E-mail', 'sv-SE': 'E-post' },
  channelSms: { 'en-GB': 'SMS', 'de-DE': 'SMS', 'fr-FR': 'SMS', 'sv-SE': 'Sms' },
  channelPush: { 'en-GB': 'Push notifications', 'de-DE': 'Push-Benachrichtigungen', 'fr-FR': 'Notifications push', 'sv-SE': 'Pushaviseringar' },
  channelEmailOff: {
    'en-GB': 'Device e-mails are switched off in your account settings.',
    'de-DE': 'Geräte-E-Mails sind in Ihren Kontoeinstellungen ausgeschaltet.',
    'fr-FR': 'Les e-mails sur les appareils sont désactivés dans les réglages de votre compte.',
    'sv-SE': 'E-post om enheter är avstängd i dina kontoinställningar.',
  },
  channelSmsOff: {
    'en-GB': 'SMS notifications are switched off in your account settings.',
    'de-DE': 'SMS-Benachrichtigungen sind in Ihren Kontoeinstellungen ausgeschaltet.',
    'fr-FR': 'Les notifications par SMS sont désactivées dans les réglages de votre compte.',
    'sv-SE': 'Sms-aviseringar är avstängda i dina kontoinställningar.',
  },
  channelSmsNoBalance: {
    'en-GB': 'You have no SMS left: buy SMS in your account settings.',
    'de-DE': 'Ihr SMS-Guthaben ist aufgebraucht: Kaufen Sie SMS in Ihren Kontoeinstellungen.',
    'fr-FR': 'Il ne vous reste aucun SMS : achetez-en dans les réglages de votre compte.',
    'sv-SE': 'Du har inga sms kvar: köp sms i dina kontoinställningar.',
  },
  channelSmsNoPhone: {
    'en-GB': 'Add your phone number in your account settings to get SMS.',
    'de-DE': 'Tragen Sie Ihre Telefonnummer in Ihren Kontoeinstellungen ein, um SMS zu erhalten.',
    'fr-FR': 'Ajoutez votre numéro de téléphone dans les réglages de votre compte pour recevoir des SMS.',
    'sv-SE': 'Lägg till ditt telefonnummer i dina kontoinställningar för att få sms.',
  },
  channelPushOff: {
    'en-GB': 'Push notifications are switched off in your account settings.',
    'de-DE': 'Push-Benachrichtigungen sind in Ihren Kontoeinstellungen ausgeschaltet.',
    'fr-FR': 'Les notifications push sont désactivées dans les réglages de votre compte.',
    'sv-SE': 'Pushaviseringar är avstängda i dina kontoinställningar.',
  },
  channelsOnlyUser: {
    'en-GB': 'Only {email} can choose these, signed in as themselves.',
    'de-DE': 'Nur {email} kann dies wählen, mit dem eigenen Konto angemeldet.',
    'fr-FR': 'Seul {email} peut les choisir, connecté avec son propre compte.',
    'sv-SE': 'Bara {email} kan välja detta, inloggad med sitt eget konto.',
  },
  channelsLoadFailed: {
    'en-GB': 'Your alarm notification choices could not be loaded. Reload the page to try again.',
    'de-DE': 'Ihre Auswahl für Alarmbenachrichtigungen konnte nicht geladen werden. Laden Sie die Seite neu, um es erneut zu versuchen.',
    'fr-FR': 'Impossible de charger vos choix de notifications d’alarme. Rechargez la page pour réessayer.',
    'sv-SE': 'Dina val för larmaviseringar kunde inte läsas in. Ladda om sidan för att försöka igen.',
  },

  // ---- Shared by the product pages
  settingsHeading: { 'en-GB': 'Settings', 'de-DE': 'Einstellungen', 'fr-FR': 'Réglages', 'sv-SE': 'Inställningar' },
  numberInvalid: { 'en-GB': 'Enter a number.', 'de-DE': 'Geben Sie eine Zahl ein.', 'fr-FR': 'Saisissez un nombre.', 'sv-SE': 'Ange ett tal.' },
  valueRequired: { 'en-GB': 'Enter a value.', 'de-DE': 'Geben Sie einen Wert ein.', 'fr-FR': 'Saisissez une valeur.', 'sv-SE': 'Ange ett värde.' },
  volts: { 'en-GB': '{value} V', 'de-DE': '{value} V', 'fr-FR': '{value} V', 'sv-SE': '{value} V' },
});
