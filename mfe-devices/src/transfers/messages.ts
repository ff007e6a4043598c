import { defineTranslations } from '@paddock/shared/i18n';

/** Texts of transfer offers (docs/product/devices.md "Transfers"): the owner's offer on the settings page, the recipient's answer. */
export const transfersTexts = defineTranslations('devices.transfers', {
  // ---- The owner's side (settings page)
  heading: {
    'en-GB': 'Offer to another farmer',
    'de-DE': 'Einem anderen Landwirt anbieten',
    'fr-FR': 'Proposer à un autre agriculteur',
    'sv-SE': 'Erbjud till en annan lantbrukare',
  },
  intro: {
    'en-GB': 'The device stays yours until the farmer you offer it to accepts. Owner: {owner}',
    'de-DE': 'Das Gerät bleibt Ihres, bis der Landwirt, dem Sie es anbieten, annimmt. Besitzer: {owner}',
    'fr-FR': 'L’appareil reste le vôtre jusqu’à ce que l’agriculteur à qui vous le proposez accepte. Propriétaire : {owner}',
    'sv-SE': 'Enheten förblir din tills lantbrukaren du erbjuder den till tackar ja. Ägare: {owner}',
  },
  ownerOnly: {
    'en-GB': 'Owner: {owner}. Only the owner can offer this device to another farmer.',
    'de-DE': 'Besitzer: {owner}. Nur der Besitzer kann dieses Gerät einem anderen Landwirt anbieten.',
    'fr-FR': 'Propriétaire : {owner}. Seul le propriétaire peut proposer cet appareil à un autre agriculteur.',
    'sv-SE': 'Ägare: {owner}. Bara ägaren kan erbjuda enheten till en annan lantbrukare.',
  },
  emailLabel: {
    'en-GB': 'E-mail address of the farmer',
    'de-DE': 'E-Mail-Adresse des Landwirts',
    'fr-FR': 'Adresse e-mail de l’agriculteur',
    'sv-SE': 'Lantbrukarens e-postadress',
  },
  emailInvalid: {
    'en-GB': 'Enter an e-mail address, such as anna@example.com.',
    'de-DE': 'Geben Sie eine E-Mail-Adresse ein, zum Beispiel anna@example.com.',
    'fr-FR': 'Saisissez une adresse e-mail, par exemple anna@example.com.',
    'sv-SE': 'Ange en e-postadress, till exempel anna@example.com.',
  },
  emailOwn: {
    'en-GB': 'That is the owner’s own address: enter the other farmer’s.',
    'de-DE': 'Das ist die Adresse des Besitzers: Geben Sie die des anderen Landwirts ein.',
    'fr-FR': 'C’est l’adresse du propriétaire : saisissez celle de l’autre agriculteur.',
    'sv-SE': 'Det är ägarens egen adress: ange den andra lantbrukarens.',
  },
  offer: { 'en-GB': 'Offer', 'de-DE': 'Anbieten', 'fr-FR': 'Proposer', 'sv-SE': 'Erbjud' },
  confirmTitle: {
    'en-GB': 'Offer “{name}” to {email}?',
    'de-DE': '„{name}“ {email} anbieten?',
    'fr-FR': 'Proposer « {name} » à {email} ?',
    'sv-SE': 'Erbjuda ”{name}” till {email}?',
  },
  confirmText: {
    'en-GB':
      'We send {email} an e-mail with the offer. Nothing changes until they accept. Once they do, the device is theirs: you and everyone it is shared with lose it, and its next plan is not passed on.',
    'de-DE':
      'Wir senden {email} eine E-Mail mit dem Angebot. Bis zur Annahme ändert sich nichts. Danach gehört das Gerät dem anderen Landwirt: Sie und alle, mit denen es geteilt ist, verlieren es, und sein nächster Tarif wird nicht übernommen.',
    'fr-FR':
      'Nous envoyons à {email} un e-mail avec l’offre. Rien ne change tant qu’il n’a pas accepté. Ensuite, l’appareil est à lui : vous et toutes les personnes avec qui il est partagé le perdez, et son prochain forfait n’est pas transmis.',
    'sv-SE':
      'Vi skickar ett mejl med erbjudandet till {email}. Ingenting ändras förrän mottagaren tackar ja. Sedan är enheten deras: du och alla den delas med förlorar den, och nästa abonnemang följer inte med.',
  },
  sent: {
    'en-GB': 'Offer sent to {email}, waiting for acceptance (open until {date}).',
    'de-DE': 'Angebot an {email} gesendet, wartet auf Annahme (offen bis {date}).',
    'fr-FR': 'Offre envoyée à {email}, en attente d’acceptation (ouverte jusqu’au {date}).',
    'sv-SE': 'Erbjudandet har skickats till {email} och väntar på svar (öppet till {date}).',
  },
  withdraw: { 'en-GB': 'Withdraw', 'de-DE': 'Zurückziehen', 'fr-FR': 'Retirer', 'sv-SE': 'Dra tillbaka' },
  withdrawn: {
    'en-GB': 'The offer was withdrawn.',
    'de-DE': 'Das Angebot wurde zurückgezogen.',
    'fr-FR': 'L’offre a été retirée.',
    'sv-SE': 'Erbjudandet har dragits tillbaka.',
  },
  // ---- The recipient's side (dashboard, /transfers/:id)
  incoming: {
    'en-GB': '{from} offers you {product} “{name}”.',
    'de-DE': '{from} bietet Ihnen {product} „{name}“ an.',
    'fr-FR': '{from} vous propose {product} « {name} ».',
    'sv-SE': '{from} erbjuder dig {product} ”{name}”.',
  },
  incomingDetail: {
    'en-GB': 'It becomes yours when you accept, shared with nobody yet and without a next plan: choose one on its settings page. The offer is open until {date}.',
    'de-DE': 'Es gehört Ihnen, sobald Sie annehmen, noch mit niemandem geteilt und ohne nächsten Tarif: Wählen Sie einen auf seiner Einstellungsseite. Das Angebot ist bis {date} offen.',
    'fr-FR': 'Il est à vous dès que vous acceptez, partagé avec personne pour l’instant et sans prochain forfait : choisissez-en un sur sa page de réglages. L’offre est ouverte jusqu’au {date}.',
    'sv-SE': 'Den blir din när du tackar ja, ännu inte delad med någon och utan nästa abonnemang: välj ett på dess inställningssida. Erbjudandet är öppet till {date}.',
  },
  accept: { 'en-GB': 'Accept', 'de-DE': 'Annehmen', 'fr-FR': 'Accepter', 'sv-SE': 'Tacka ja' },
  decline: { 'en-GB': 'Decline', 'de-DE': 'Ablehnen', 'fr-FR': 'Refuser', 'sv-SE': 'Tacka nej' },
  accepted: {
    'en-GB': '“{name}” is now yours.',
    'de-DE': '„{name}“ gehört jetzt Ihnen.',
    'fr-FR': '« {name} » est maintenant à vous.',
    'sv-SE': '”{name}” är nu din.',
  },
  declined: {
    'en-GB': 'You declined “{name}”.',
    'de-DE': 'Sie haben „{name}“ abgelehnt.',
    'fr-FR': 'Vous avez refusé « {name} ».',
    'sv-SE': 'Du tackade nej till ”{name}”.',
  },
  pageTitle: { 'en-GB': 'Device offer', 'de-DE': 'Geräteangebot', 'fr-FR': 'Offre d’appareil', 'sv-SE': 'Erbjudande om enhet' },
  notFound: {
    'en-GB': 'There is no open offer for you here. It may have been answered, withdrawn or replaced, have expired, or be meant for another e-mail address than the one you signed in with.',
    'de-DE': 'Hier gibt es kein offenes Angebot für Sie. Es wurde vielleicht schon beantwortet, zurückgezogen oder ersetzt, ist abgelaufen oder gilt für eine andere E-Mail-Adresse als die, mit der Sie angemeldet sind.',
    'fr-FR': 'Aucune offre ouverte pour vous ici. Elle a peut-être déjà reçu une réponse, été retirée ou remplacée, expiré, ou elle concerne une autre adresse e-mail que celle avec laquelle vous êtes connecté.',
    'sv-SE': 'Det finns inget öppet erbjudande till dig här. Det kan redan ha besvarats, dragits tillbaka eller ersatts, ha gått ut eller gälla en annan e-postadress än den du loggade in med.',
  },
  loadFailed: {
    'en-GB': 'The offer could not be loaded: {reason}',
    'de-DE': 'Das Angebot konnte nicht geladen werden: {reason}',
    'fr-FR': 'Impossible de charger l’offre : {reason}',
    'sv-SE': 'Erbjudandet kunde inte läsas in: {reason}',
  },
  retry: { 'en-GB': 'Try again', 'de-DE': 'Erneut versuchen', 'fr-FR': 'Réessayer', 'sv-SE': 'Försök igen' },
  toDevices: { 'en-GB': 'To your devices', 'de-DE': 'Zu Ihren Geräten', 'fr-FR': 'Vers vos appareils', 'sv-SE': 'Till dina enheter' },
});
