import { defineTranslations } from '@paddock/shared/i18n';

// Product names and serial numbers are shown as registered (brand names are not translated).
export const adminWarrantyTexts = defineTranslations('admin.warranties', {
  title: { 'en-GB': 'Warranty claims', 'de-DE': 'Garantieansprüche', 'fr-FR': 'Demandes de garantie', 'sv-SE': 'Garantianspråk' },
  intro: {
    'en-GB':
      'Serial numbers that more than one account has registered. Compare the proofs of purchase, then accept the claim of the real buyer: it becomes the registration and the other claims are rejected. Each claimant is told by e-mail.',
    'de-DE':
      'Seriennummern, die mehr als ein Konto registriert hat. Vergleichen Sie die Kaufnachweise und erkennen Sie dann den Anspruch des echten Käufers an: Er wird zur Registrierung, die anderen Ansprüche werden abgelehnt. Jeder Antragsteller wird per E-Mail informiert.',
    'fr-FR':
      'Numéros de série enregistrés par plus d’un compte. Comparez les preuves d’achat, puis acceptez la demande du véritable acheteur : elle devient l’enregistrement et les autres demandes sont refusées. Chaque demandeur est prévenu par e-mail.',
    'sv-SE':
      'Serienummer som mer än ett konto har registrerat. Jämför inköpsbevisen och godkänn sedan den verkliga köparens anspråk: det blir registreringen och de andra anspråken avvisas. Varje sökande får besked via e-post.',
  },
  none: {
    'en-GB': 'No warranty claim is waiting for review.',
    'de-DE': 'Kein Garantieanspruch wartet auf Prüfung.',
    'fr-FR': 'Aucune demande de garantie n’attend d’examen.',
    'sv-SE': 'Inga garantianspråk väntar på granskning.',
  },
  claimsOf: {
    'en-GB': 'Claims of {product} {serial}',
    'de-DE': 'Ansprüche auf {product} {serial}',
    'fr-FR': 'Demandes pour {product} {serial}',
    'sv-SE': 'Anspråk på {product} {serial}',
  },
  account: { 'en-GB': 'Account', 'de-DE': 'Konto', 'fr-FR': 'Compte', 'sv-SE': 'Konto' },
  state: { 'en-GB': 'State', 'de-DE': 'Status', 'fr-FR': 'État', 'sv-SE': 'Status' },
  registered: { 'en-GB': 'Registered', 'de-DE': 'Registriert', 'fr-FR': 'Enregistrée', 'sv-SE': 'Registrerad' },
  inReview: { 'en-GB': 'In review', 'de-DE': 'In Prüfung', 'fr-FR': 'En cours d’examen', 'sv-SE': 'Granskas' },
  rejected: { 'en-GB': 'Rejected', 'de-DE': 'Abgelehnt', 'fr-FR': 'Refusée', 'sv-SE': 'Avvisad' },
  retailer: { 'en-GB': 'Retailer', 'de-DE': 'Händler', 'fr-FR': 'Revendeur', 'sv-SE': 'Återförsäljare' },
  dateOfPurchase: { 'en-GB': 'Date of purchase', 'de-DE': 'Kaufdatum', 'fr-FR': 'Date d’achat', 'sv-SE': 'Inköpsdatum' },
  claimedAt: { 'en-GB': 'Registered at', 'de-DE': 'Registriert am', 'fr-FR': 'Enregistrée le', 'sv-SE': 'Registrerad' },
  proof: { 'en-GB': 'Proof of purchase', 'de-DE': 'Kaufnachweis', 'fr-FR': 'Preuve d’achat', 'sv-SE': 'Inköpsbevis' },
  download: { 'en-GB': 'Download', 'de-DE': 'Herunterladen', 'fr-FR': 'Télécharger', 'sv-SE': 'Ladda ner' },
  downloadLabel: {
    'en-GB': 'Download the proof of purchase of {email}',
    'de-DE': 'Kaufnachweis von {email} herunterladen',
    'fr-FR': 'Télécharger la preuve d’achat de {email}',
    'sv-SE': 'Ladda ner inköpsbeviset från {email}',
  },
  actions: { 'en-GB': 'Decision', 'de-DE': 'Entscheidung', 'fr-FR': 'Décision', 'sv-SE': 'Beslut' },
  accept: { 'en-GB': 'Accept', 'de-DE': 'Anerkennen', 'fr-FR': 'Accepter', 'sv-SE': 'Godkänn' },
  reject: { 'en-GB': 'Reject', 'de-DE': 'Ablehnen', 'fr-FR': 'Refuser', 'sv-SE': 'Avvisa' },
  acceptLabel: {
    'en-GB': 'Accept the claim of {email}',
    'de-DE': 'Anspruch von {email} anerkennen',
    'fr-FR': 'Accepter la demande de {email}',
    'sv-SE': 'Godkänn anspråket från {email}',
  },
  rejectLabel: {
    'en-GB': 'Reject the claim of {email}',
    'de-DE': 'Anspruch von {email} ablehnen',
    'fr-FR': 'Refuser la demande de {email}',
    'sv-SE': 'Avvisa anspråket från {email}',
  },
  acceptTitle: { 'en-GB': 'Accept this claim?', 'de-DE': 'Diesen Anspruch anerkennen?', 'fr-FR': 'Accepter cette demande ?', 'sv-SE': 'Godkänna anspråket?' },
  acceptText: {
    'en-GB': '{product} {serial} will be registered to {email}; every other claim of it is rejected. Each claimant gets an e-mail.',
    'de-DE': '{product} {serial} wird auf {email} registriert; alle anderen Ansprüche darauf werden abgelehnt. Jeder Antragsteller erhält eine E-Mail.',
    'fr-FR': '{product} {serial} sera enregistré au nom de {email} ; toutes les autres demandes sont refusées. Chaque demandeur reçoit un e-mail.',
    'sv-SE': '{product} {serial} registreras på {email}; alla andra anspråk på den avvisas. Varje sökande får ett e-postmeddelande.',
  },
  rejectTitle: { 'en-GB': 'Reject this claim?', 'de-DE': 'Diesen Anspruch ablehnen?', 'fr-FR': 'Refuser cette demande ?', 'sv-SE': 'Avvisa anspråket?' },
  rejectText: {
    'en-GB': 'The claim of {email} to {product} {serial} is rejected; the registration stays as it is. The claimant gets an e-mail.',
    'de-DE': 'Der Anspruch von {email} auf {product} {serial} wird abgelehnt; die Registrierung bleibt, wie sie ist. Der Antragsteller erhält eine E-Mail.',
    'fr-FR': 'La demande de {email} pour {product} {serial} est refusée ; l’enregistrement reste inchangé. Le demandeur reçoit un e-mail.',
    'sv-SE': 'Anspråket från {email} på {product} {serial} avvisas; registreringen förblir som den är. Den sökande får ett e-postmeddelande.',
  },
  accepted: {
    'en-GB': '{product} {serial} is now registered to {email}.',
    'de-DE': '{product} {serial} ist jetzt auf {email} registriert.',
    'fr-FR': '{product} {serial} est désormais enregistré au nom de {email}.',
    'sv-SE': '{product} {serial} är nu registrerad på {email}.',
  },
  rejectedToast: {
    'en-GB': 'The claim of {email} to {product} {serial} was rejected.',
    'de-DE': 'Der Anspruch von {email} auf {product} {serial} wurde abgelehnt.',
    'fr-FR': 'La demande de {email} pour {product} {serial} a été refusée.',
    'sv-SE': 'Anspråket från {email} på {product} {serial} avvisades.',
  },
});
