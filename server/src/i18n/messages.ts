// Every text the server sends to people (error messages and mails), in the four interface languages.
// The texts are ICU messages (intl-messageformat): `{name}` marks a value filled in by translate(), and plural or
// number formats ({count, plural, …}, {amount, number}) are at hand; an apostrophe before `{` quotes it.
import type { ErrorCode } from '@paddock/shared/contract';
import type { Locale, NotifiedAlarm } from '@paddock/shared/domain';
import IntlMessageFormat from 'intl-messageformat';

type MailKey =
  | 'mail_verify_subject'
  | 'mail_verify_text'
  | 'mail_sign_up_text'
  | 'mail_reset_subject'
  | 'mail_reset_text'
  | 'mail_email_change_subject'
  | 'mail_email_change_text'
  | 'mail_email_change_notice_subject'
  | 'mail_email_change_notice_text'
  | 'mail_sign_up_exists_subject'
  | 'mail_sign_up_exists_text'
  | 'mail_transfer_subject'
  | 'mail_transfer_text'
  | 'mail_transfer_sign_up_text'
  | 'mail_share_subject'
  | 'mail_share_text'
  | 'mail_share_sign_up_text'
  | 'mail_share_notify_on'
  | 'mail_share_notify_off';
type AlarmKey =
  | 'alarm_subject_triggered'
  | 'alarm_subject_cleared'
  | 'alarm_subject_reminder'
  | 'alarm_text_triggered'
  | 'alarm_text_cleared'
  | 'alarm_text_reminder'
  | 'alarm_sms_triggered'
  | 'alarm_sms_cleared'
  | 'alarm_sms_reminder'
  | 'alarm_push_triggered'
  | 'alarm_push_cleared'
  | 'alarm_push_reminder'
  // One name for every alarm a notification can be about: a new one (NOTIFIED_ALARMS) does not compile without its text.
  | `alarm_name_${NotifiedAlarm}`
  | 'alarm_text_low_data_triggered'
  | 'alarm_sms_low_data_triggered'
  | 'alarm_text_consumption_triggered'
  | 'alarm_sms_consumption_triggered'
  | 'alarm_push_consumption_triggered'
  | 'alarm_value_none'
  | 'alarm_value_offline'
  | 'alarm_value_online'
  | 'alarm_value_mains_off'
  | 'alarm_value_mains_on';
/** The renewal job's mails to the owner (billing/renewals.ts). */
type RenewalKey = 'renewal_declined_subject' | 'renewal_declined_text' | 'renewal_ended_subject' | 'renewal_ended_text';
/** The trial reminders to the owner (billing/trialReminders.ts). */
type TrialKey =
  | 'trial_ending_subject'
  | 'trial_ending_subject_day'
  | 'trial_ending_text'
  | 'trial_ending_push'
  | 'trial_ended_subject'
  | 'trial_ended_text'
  | 'trial_ended_push';
/** The staff's decision on a warranty claim, to its claimant (warranties/review.ts). */
type WarrantyReviewKey = 'warranty_accepted_subject' | 'warranty_accepted_text' | 'warranty_rejected_subject' | 'warranty_rejected_text';
type BillingKey =
  | 'invoice_title'
  | 'invoice_number'
  | 'invoice_date'
  | 'invoice_seller'
  | 'invoice_buyer'
  | 'invoice_vat_number'
  | 'invoice_description'
  | 'invoice_net'
  | 'invoice_vat'
  | 'invoice_gross'
  | 'invoice_reverse_charge'
  | 'invoice_paid'
  // An invoice line: what was bought (billing/lineText.ts).
  | 'invoice_line_monthly'
  | 'invoice_line_yearly'
  | 'invoice_line_data_small'
  | 'invoice_line_data_medium'
  | 'invoice_line_data_large'
  | 'invoice_line_extra_data'
  | 'invoice_line_sms'
  | 'portal_title'
  | 'portal_test_mode'
  | 'portal_payment_method'
  | 'portal_no_card'
  | 'portal_card'
  | 'portal_card_declines'
  | 'portal_add_card'
  | 'portal_replace_card'
  | 'portal_card_number'
  | 'portal_card_expiry'
  | 'portal_card_cvc'
  | 'portal_save_card'
  | 'portal_card_saved'
  | 'portal_invoices'
  | 'portal_no_invoices'
  | 'portal_download_pdf'
  | 'portal_back'
  | 'portal_link_invalid'
  | 'card_number_invalid'
  | 'card_expiry_invalid'
  | 'card_expired'
  | 'card_cvc_invalid';
/** Words the error texts fill in. */
type DeviceKey = 'device_no_report_yet';
type ExportKey = 'export_row_reading' | 'export_row_hour' | 'export_local_time';
/** The weekly and monthly reports and their unsubscribe page (reports/, docs/product/reports.md). */
type ReportKey =
  | 'report_subject_weekly'
  | 'report_subject_monthly'
  | 'report_intro'
  | 'report_fences'
  | 'report_fence_line'
  | 'report_no_readings'
  | 'report_alarms'
  | 'report_alarm_line'
  | 'report_acknowledged_by'
  | 'report_not_acknowledged'
  | 'report_no_alarms'
  | 'report_plugs'
  | 'report_plug_line'
  | 'report_plug_cost'
  | 'report_sims'
  | 'report_sim_line'
  | 'report_no_devices'
  | 'report_csv_note'
  | 'report_unsubscribe_text'
  | 'report_signature'
  | 'report_csv_device'
  | 'report_csv_key'
  | 'report_csv_product'
  | 'report_csv_measure'
  | 'report_csv_value'
  | 'report_csv_unit'
  | 'report_metric_voltage_min'
  | 'report_metric_voltage_avg'
  | 'report_metric_below_level'
  | 'report_metric_alarms_raised'
  | 'report_metric_alarms_acknowledged'
  | 'report_metric_energy'
  | 'report_metric_cost'
  | 'report_metric_data_used'
  | 'report_file_name'
  | 'report_unsubscribe_title'
  | 'report_unsubscribe_question'
  | 'report_unsubscribe_button'
  | 'report_unsubscribed'
  | 'report_unsubscribe_invalid'
  | 'report_account_link';
export type MessageKey =
  | ErrorCode
  | MailKey
  | AlarmKey
  | BillingKey
  | RenewalKey
  | TrialKey
  | WarrantyReviewKey
  | DeviceKey
  | ExportKey
  | ReportKey;

export const MESSAGES = {
  bad_request: {
    'en-GB': 'The request is not valid.',
    'de-DE': 'Die Anfrage ist ungültig.',
    'fr-FR': "La requête n'est pas valide.",
    'sv-SE': 'Begäran är ogiltig.',
  },
  invalid_body: {
    'en-GB': 'The request body must be a JSON object.',
    'de-DE': 'Der Inhalt der Anfrage muss ein JSON-Objekt sein.',
    'fr-FR': 'Le corps de la requête doit être un objet JSON.',
    'sv-SE': 'Begärans innehåll måste vara ett JSON-objekt.',
  },
  malformed_json: {
    'en-GB': 'The request body is not valid JSON.',
    'de-DE': 'Der Inhalt der Anfrage ist kein gültiges JSON.',
    'fr-FR': "Le corps de la requête n'est pas un JSON valide.",
    'sv-SE': 'Begärans innehåll är inte giltig JSON.',
  },
  missing_field: {
    'en-GB': '{field} is required.',
    'de-DE': '{field} ist erforderlich.',
    'fr-FR': '{field} est obligatoire.',
    'sv-SE': '{field} måste anges.',
  },
  unknown_field: {
    'en-GB': '{field} is not an accepted field.',
    'de-DE': '{field} ist kein zulässiges Feld.',
    'fr-FR': "{field} n'est pas un champ accepté.",
    'sv-SE': '{field} är inte ett tillåtet fält.',
  },
  invalid_field: {
    'en-GB': '{field} has an invalid value.',
    'de-DE': '{field} hat einen ungültigen Wert.',
    'fr-FR': '{field} a une valeur non valide.',
    'sv-SE': '{field} har ett ogiltigt värde.',
  },
  too_short: {
    'en-GB': '{field} must be at least {min} characters long.',
    'de-DE': '{field} muss mindestens {min} Zeichen lang sein.',
    'fr-FR': '{field} doit contenir au moins {min} caractères.',
    'sv-SE': '{field} måste vara minst {min} tecken lång.',
  },
  too_long: {
    'en-GB': '{field} must be at most {max} characters long.',
    'de-DE': '{field} darf höchstens {max} Zeichen lang sein.',
    'fr-FR': '{field} ne doit pas dépasser {max} caractères.',
    'sv-SE': '{field} får vara högst {max} tecken lång.',
  },
  payload_too_large: {
    'en-GB': 'The request is too large.',
    'de-DE': 'Die Anfrage ist zu groß.',
    'fr-FR': 'La requête est trop volumineuse.',
    'sv-SE': 'Begäran är för stor.',
  },
  unsupported_media_type: {
    'en-GB': 'Send the request body as JSON (Content-Type: application/json).',
    'de-DE': 'Senden Sie den Inhalt der Anfrage als JSON (Content-Type: application/json).',
    'fr-FR': 'Envoyez le corps de la requête en JSON (Content-Type: application/json).',
    'sv-SE': 'Skicka begärans innehåll som JSON (Content-Type: application/json).',
  },
  not_found: {
    'en-GB': 'Not found.',
    'de-DE': 'Nicht gefunden.',
    'fr-FR': 'Introuvable.',
    'sv-SE': 'Hittades inte.',
  },
  unauthorized: {
    'en-GB': 'Your session has expired or is not valid. Please sign in again.',
    'de-DE': 'Ihre Sitzung ist abgelaufen oder ungültig. Bitte melden Sie sich erneut an.',
    'fr-FR': "Votre session a expiré ou n'est pas valide. Veuillez vous reconnecter.",
    'sv-SE': 'Din session har gått ut eller är ogiltig. Logga in igen.',
  },
  forbidden: {
    'en-GB': 'You are not allowed to do this.',
    'de-DE': 'Dazu sind Sie nicht berechtigt.',
    'fr-FR': "Vous n'êtes pas autorisé à effectuer cette action.",
    'sv-SE': 'Du har inte behörighet att göra detta.',
  },
  embed_scope: {
    'en-GB': "This is not possible in a partner's page. Open Paddock to do it.",
    'de-DE': 'Auf der Seite eines Partners ist das nicht möglich. Öffnen Sie dazu Paddock.',
    'fr-FR': "Ce n'est pas possible depuis la page d'un partenaire. Ouvrez Paddock pour le faire.",
    'sv-SE': 'Det går inte på en partners sida. Öppna Paddock för att göra det.',
  },
  invalid_credentials: {
    'en-GB': 'Wrong e-mail address or password.',
    'de-DE': 'E-Mail-Adresse oder Passwort ist falsch.',
    'fr-FR': 'Adresse e-mail ou mot de passe incorrect.',
    'sv-SE': 'Fel e-postadress eller lösenord.',
  },
  account_not_verified: {
    'en-GB': 'Your account is not verified yet. Please verify your account with the code we sent to your e-mail address.',
    'de-DE': 'Ihr Konto ist noch nicht bestätigt. Bitte bestätigen Sie Ihr Konto mit dem Code, den wir an Ihre E-Mail-Adresse gesendet haben.',
    'fr-FR': "Votre compte n'est pas encore vérifié. Veuillez vérifier votre compte avec le code envoyé à votre adresse e-mail.",
    'sv-SE': 'Ditt konto är inte verifierat ännu. Verifiera ditt konto med koden som vi skickade till din e-postadress.',
  },
  email_taken: {
    'en-GB': 'An account with this e-mail address already exists.',
    'de-DE': 'Es gibt bereits ein Konto mit dieser E-Mail-Adresse.',
    'fr-FR': 'Un compte existe déjà avec cette adresse e-mail.',
    'sv-SE': 'Det finns redan ett konto med den här e-postadressen.',
  },
  invalid_code: {
    'en-GB': 'The code is not valid.',
    'de-DE': 'Der Code ist ungültig.',
    'fr-FR': "Le code n'est pas valide.",
    'sv-SE': 'Koden är ogiltig.',
  },
  code_expired: {
    'en-GB': 'The code has expired. Please request a new code.',
    'de-DE': 'Der Code ist abgelaufen. Bitte fordern Sie einen neuen Code an.',
    'fr-FR': 'Le code a expiré. Veuillez demander un nouveau code.',
    'sv-SE': 'Koden har gått ut. Begär en ny kod.',
  },
  password_blank: {
    'en-GB': 'The password must not consist of spaces only.',
    'de-DE': 'Das Passwort darf nicht nur aus Leerzeichen bestehen.',
    'fr-FR': "Le mot de passe ne doit pas contenir uniquement des espaces.",
    'sv-SE': 'Lösenordet får inte bestå av enbart mellanslag.',
  },
  password_common: {
    'en-GB': 'This password is one of the most common passwords and easy to guess. Please choose another one.',
    'de-DE': 'Dieses Passwort gehört zu den häufigsten Passwörtern und ist leicht zu erraten. Bitte wählen Sie ein anderes.',
    'fr-FR': 'Ce mot de passe fait partie des plus courants et se devine facilement. Veuillez en choisir un autre.',
    'sv-SE': 'Lösenordet är ett av de vanligaste lösenorden och lätt att gissa. Välj ett annat.',
  },
  password_required: {
    'en-GB': 'Enter your current password to change your e-mail address.',
    'de-DE': 'Geben Sie Ihr aktuelles Passwort ein, um Ihre E-Mail-Adresse zu ändern.',
    'fr-FR': 'Saisissez votre mot de passe actuel pour modifier votre adresse e-mail.',
    'sv-SE': 'Ange ditt nuvarande lösenord för att ändra din e-postadress.',
  },
  invalid_password: {
    'en-GB': 'The password is not correct.',
    'de-DE': 'Das Passwort ist falsch.',
    'fr-FR': 'Le mot de passe est incorrect.',
    'sv-SE': 'Lösenordet är fel.',
  },
  sign_up_password_required: {
    'en-GB': 'Enter the password you chose when you created the account.',
    'de-DE': 'Geben Sie das Passwort ein, das Sie beim Erstellen des Kontos gewählt haben.',
    'fr-FR': 'Saisissez le mot de passe que vous avez choisi lors de la création du compte.',
    'sv-SE': 'Ange lösenordet du valde när du skapade kontot.',
  },
  sign_up_password_mismatch: {
    'en-GB': 'This is not the password chosen when the account was created. Sign up again.',
    'de-DE': 'Das ist nicht das Passwort, das beim Erstellen des Kontos gewählt wurde. Registrieren Sie sich erneut.',
    'fr-FR': "Ce n'est pas le mot de passe choisi lors de la création du compte. Inscrivez-vous à nouveau.",
    'sv-SE': 'Det här är inte lösenordet som valdes när kontot skapades. Registrera dig igen.',
  },
  invalid_vat_number: {
    'en-GB': 'This is not a VAT number in its country’s format. It starts with the country code, for example SE556677889901.',
    'de-DE': 'Das ist keine USt-IdNr. im Format ihres Landes. Sie beginnt mit dem Ländercode, z. B. DE123456789.',
    'fr-FR': 'Ce numéro de TVA n’a pas le format de son pays. Il commence par le code du pays, par exemple FR12345678901.',
    'sv-SE': 'Det här är inte ett momsnummer i landets format. Det börjar med landskoden, till exempel SE556677889901.',
  },
  sms_balance_empty: {
    'en-GB': 'SMS notifications need an SMS balance. Buy SMS first.',
    'de-DE': 'SMS-Benachrichtigungen erfordern ein SMS-Guthaben. Kaufen Sie zuerst SMS.',
    'fr-FR': "Les notifications par SMS nécessitent un crédit SMS. Achetez d'abord des SMS.",
    'sv-SE': 'SMS-aviseringar kräver ett SMS-saldo. Köp SMS först.',
  },
  sms_phone_required: {
    'en-GB': 'SMS notifications need a mobile number in international form, such as +46 70 123 45 67. Enter it first.',
    'de-DE': 'SMS-Benachrichtigungen brauchen eine Mobilnummer im internationalen Format, etwa +49 151 23456789. Geben Sie sie zuerst ein.',
    'fr-FR': 'Les notifications par SMS nécessitent un numéro de mobile au format international, par exemple +33 6 12 34 56 78. Saisissez-le d’abord.',
    'sv-SE': 'SMS-aviseringar kräver ett mobilnummer i internationellt format, till exempel +46 70 123 45 67. Ange det först.',
  },
  phone_invalid: {
    'en-GB': 'This is not a valid phone number. Use the international form: + and the country code, then the number.',
    'de-DE': 'Dies ist keine gültige Telefonnummer. Verwenden Sie das internationale Format: + und die Ländervorwahl, dann die Nummer.',
    'fr-FR': 'Ce numéro de téléphone n’est pas valide. Utilisez le format international : + et l’indicatif du pays, puis le numéro.',
    'sv-SE': 'Det här är inget giltigt telefonnummer. Använd internationellt format: + och landsnumret, sedan numret.',
  },
  phone_country_code_missing: {
    'en-GB': 'The number has no country code. Start it with + and the country code, such as +46 for Sweden.',
    'de-DE': 'Der Nummer fehlt die Ländervorwahl. Beginnen Sie mit + und der Ländervorwahl, etwa +49 für Deutschland.',
    'fr-FR': 'Il manque l’indicatif du pays. Commencez par + et l’indicatif, par exemple +33 pour la France.',
    'sv-SE': 'Numret saknar landsnummer. Börja med + och landsnumret, till exempel +46 för Sverige.',
  },
  plan_confirmation_required: {
    'en-GB': 'This plan starts now and is charged at once. Confirm the payment to buy it; nothing was saved or charged.',
    'de-DE': 'Dieser Tarif beginnt sofort und wird sofort berechnet. Bestätigen Sie die Zahlung, um ihn zu kaufen; nichts wurde gespeichert oder berechnet.',
    'fr-FR': 'Ce forfait commence maintenant et est facturé immédiatement. Confirmez le paiement pour l’acheter ; rien n’a été enregistré ni facturé.',
    'sv-SE': 'Den här planen börjar nu och debiteras direkt. Bekräfta betalningen för att köpa den; inget sparades eller debiterades.',
  },
  payment_declined: {
    'en-GB': 'The payment was declined, so nothing was bought. Please check your payment method and try again.',
    'de-DE': 'Die Zahlung wurde abgelehnt, es wurde also nichts gekauft. Bitte prüfen Sie Ihr Zahlungsmittel und versuchen Sie es erneut.',
    'fr-FR': "Le paiement a été refusé : rien n'a été acheté. Veuillez vérifier votre moyen de paiement et réessayer.",
    'sv-SE': 'Betalningen avvisades, så inget köptes. Kontrollera ditt betalsätt och försök igen.',
  },
  invalid_signature: {
    'en-GB': 'The signature of the request is not valid.',
    'de-DE': 'Die Signatur der Anfrage ist ungültig.',
    'fr-FR': "La signature de la requête n'est pas valide.",
    'sv-SE': 'Förfrågans signatur är ogiltig.',
  },
  rate_limited: {
    'en-GB': 'Too many attempts, try again in {duration}.',
    'de-DE': 'Zu viele Versuche, versuchen Sie es in {duration} erneut.',
    'fr-FR': 'Trop de tentatives, réessayez dans {duration}.',
    'sv-SE': 'För många försök, försök igen om {duration}.',
  },
  device_unknown: {
    'en-GB': 'There is no {product} with the number {key}. Check the number on the device or its box.',
    'de-DE': 'Es gibt kein {product} mit der Nummer {key}. Prüfen Sie die Nummer auf dem Gerät oder seiner Verpackung.',
    'fr-FR': 'Aucun {product} ne porte le numéro {key}. Vérifiez le numéro sur l’appareil ou son emballage.',
    'sv-SE': 'Det finns ingen {product} med numret {key}. Kontrollera numret på enheten eller dess förpackning.',
  },
  device_taken: {
    'en-GB': 'This device is already registered to another account. Its owner can share it with you.',
    'de-DE': 'Dieses Gerät ist bereits für ein anderes Konto registriert. Sein Besitzer kann es mit Ihnen teilen.',
    'fr-FR': 'Cet appareil est déjà enregistré sur un autre compte. Son propriétaire peut le partager avec vous.',
    'sv-SE': 'Den här enheten är redan registrerad på ett annat konto. Dess ägare kan dela den med dig.',
  },
  invalid_push_token: {
    'en-GB': 'The push token is not a Web Push subscription of this browser.',
    'de-DE': 'Das Push-Token ist kein Web-Push-Abonnement dieses Browsers.',
    'fr-FR': "Le jeton push n'est pas un abonnement Web Push de ce navigateur.",
    'sv-SE': 'Push-token är inte en Web Push-prenumeration för den här webbläsaren.',
  },
  push_service_not_allowed: {
    'en-GB': "This browser's push service is not one Paddock sends to.",
    'de-DE': 'Paddock sendet nicht an den Push-Dienst dieses Browsers.',
    'fr-FR': "Paddock n'envoie pas au service push de ce navigateur.",
    'sv-SE': 'Paddock skickar inte till den här webbläsarens push-tjänst.',
  },
  product_not_offered: {
    'en-GB': '{product} is not offered on {brand}. Register it where you bought it.',
    'de-DE': '{product} wird bei {brand} nicht angeboten. Registrieren Sie es dort, wo Sie es gekauft haben.',
    'fr-FR': '{product} n’est pas proposé sur {brand}. Enregistrez-le là où vous l’avez acheté.',
    'sv-SE': '{product} erbjuds inte på {brand}. Registrera den där du köpte den.',
  },
  device_wrong_product: {
    'en-GB': 'The number {key} belongs to a {actual}, not a {product}. Register it as a {actual}.',
    'de-DE': 'Die Nummer {key} gehört zu einem {actual}, nicht zu einem {product}. Registrieren Sie es als {actual}.',
    'fr-FR': 'Le numéro {key} appartient à un {actual}, pas à un {product}. Enregistrez-le comme {actual}.',
    'sv-SE': 'Numret {key} tillhör en {actual}, inte en {product}. Registrera den som {actual}.',
  },
  device_owner_only: {
    'en-GB': 'Only the owner of the device can change {field}.',
    'de-DE': 'Nur der Besitzer des Geräts kann {field} ändern.',
    'fr-FR': 'Seul le propriétaire de l’appareil peut modifier {field}.',
    'sv-SE': 'Endast enhetens ägare kan ändra {field}.',
  },
  device_changes_owner_only: {
    'en-GB': 'Only the owner of the device can see what the people it is shared with changed.',
    'de-DE': 'Nur der Besitzer des Geräts kann sehen, was die Personen, mit denen es geteilt ist, geändert haben.',
    'fr-FR': 'Seul le propriétaire de l’appareil peut voir ce qu’ont modifié les personnes avec qui il est partagé.',
    'sv-SE': 'Endast enhetens ägare kan se vad de som enheten delas med har ändrat.',
  },
  transfer_to_self: {
    'en-GB': 'The device already belongs to this address: offer it to another farmer.',
    'de-DE': 'Das Gerät gehört bereits dieser Adresse: Bieten Sie es einem anderen Landwirt an.',
    'fr-FR': 'L’appareil appartient déjà à cette adresse : proposez-le à un autre agriculteur.',
    'sv-SE': 'Enheten tillhör redan den här adressen: erbjud den till en annan lantbrukare.',
  },
  transfer_expired: {
    'en-GB': 'This offer has expired. Ask the owner to offer the device again.',
    'de-DE': 'Dieses Angebot ist abgelaufen. Bitten Sie den Besitzer, Ihnen das Gerät erneut anzubieten.',
    'fr-FR': 'Cette offre a expiré. Demandez au propriétaire de vous proposer à nouveau l’appareil.',
    'sv-SE': 'Erbjudandet har gått ut. Be ägaren att erbjuda dig enheten igen.',
  },
  transfer_void: {
    'en-GB': 'This offer is no longer valid: the device has been unregistered or has changed hands since.',
    'de-DE': 'Dieses Angebot gilt nicht mehr: Das Gerät wurde inzwischen abgemeldet oder hat den Besitzer gewechselt.',
    'fr-FR': 'Cette offre n’est plus valable : l’appareil a depuis été désenregistré ou a changé de propriétaire.',
    'sv-SE': 'Erbjudandet gäller inte längre: enheten har sedan dess avregistrerats eller bytt ägare.',
  },
  load_bounds: {
    'en-GB': 'The lower load limit must be below the upper one (0–3700 W).',
    'de-DE': 'Die untere Lastgrenze muss unter der oberen liegen (0–3700 W).',
    'fr-FR': 'La limite de charge basse doit être inférieure à la limite haute (0–3700 W).',
    'sv-SE': 'Den nedre lastgränsen måste vara lägre än den övre (0–3700 W).',
  },
  temperature_bounds: {
    'en-GB': 'The lower temperature must be below the upper one (−20 to 70 °C).',
    'de-DE': 'Die untere Temperatur muss unter der oberen liegen (−20 bis 70 °C).',
    'fr-FR': 'La température basse doit être inférieure à la température haute (−20 à 70 °C).',
    'sv-SE': 'Den nedre temperaturen måste vara lägre än den övre (−20 till 70 °C).',
  },
  device_timeout: {
    'en-GB': 'The device did not answer within 60 seconds, so nothing was changed. Check that it is connected and try again.',
    'de-DE': 'Das Gerät hat nicht innerhalb von 60 Sekunden geantwortet, daher wurde nichts geändert. Prüfen Sie, ob es verbunden ist, und versuchen Sie es erneut.',
    'fr-FR': "L’appareil n’a pas répondu dans les 60 secondes, rien n’a donc été modifié. Vérifiez qu’il est connecté et réessayez.",
    'sv-SE': 'Enheten svarade inte inom 60 sekunder, så inget ändrades. Kontrollera att den är ansluten och försök igen.',
  },
  // {time}: the plug's last report in the caller's language (UTC), or device_no_report_yet.
  device_offline: {
    'en-GB': 'The plug is offline (last report: {time}), so nothing was changed. Try again when it is back online.',
    'de-DE': 'Die Steckdose ist offline (letzte Meldung: {time}), daher wurde nichts geändert. Versuchen Sie es erneut, wenn sie wieder online ist.',
    'fr-FR': "La prise est hors ligne (dernier relevé : {time}), rien n’a donc été modifié. Réessayez quand elle sera de nouveau en ligne.",
    'sv-SE': 'Kontakten är offline (senaste rapport: {time}), så inget ändrades. Försök igen när den är online igen.',
  },
  device_no_report_yet: { 'en-GB': 'none yet', 'de-DE': 'noch keine', 'fr-FR': 'aucun pour l’instant', 'sv-SE': 'ingen än' },
  // The Resolution column of an export reaching past the raw retention (history/hourlyExport.ts): a reading, or an hour.
  export_row_reading: { 'en-GB': 'reading', 'de-DE': 'Messwert', 'fr-FR': 'relevé', 'sv-SE': 'mätvärde' },
  export_row_hour: {
    'en-GB': 'hourly (raw readings retired)',
    'de-DE': 'stündlich (Rohwerte gelöscht)',
    'fr-FR': 'horaire (relevés bruts supprimés)',
    'sv-SE': 'per timme (rådata borttagna)',
  },
  // The header of an export's second column (history/hourlyExport.ts exportColumns): the time on {zone}'s clock.
  export_local_time: {
    'en-GB': 'Local time ({zone})',
    'de-DE': 'Ortszeit ({zone})',
    'fr-FR': 'Heure locale ({zone})',
    'sv-SE': 'Lokal tid ({zone})',
  },
  device_command_failed: {
    'en-GB': 'The device could not carry out the command, so nothing was changed. Please try again later.',
    'de-DE': 'Das Gerät konnte den Befehl nicht ausführen, daher wurde nichts geändert. Bitte versuchen Sie es später erneut.',
    'fr-FR': "L’appareil n’a pas pu exécuter la commande, rien n’a donc été modifié. Veuillez réessayer plus tard.",
    'sv-SE': 'Enheten kunde inte utföra kommandot, så inget ändrades. Försök igen senare.',
  },
  invalid_export_format: {
    'en-GB': 'Invalid export format: use json, csv or xlsx.',
    'de-DE': 'Ungültiges Exportformat: Verwenden Sie json, csv oder xlsx.',
    'fr-FR': "Format d'export non valide : utilisez json, csv ou xlsx.",
    'sv-SE': 'Ogiltigt exportformat: använd json, csv eller xlsx.',
  },
  history_range_reversed: {
    'en-GB': 'The end of the period (to) must be later than its start (from).',
    'de-DE': 'Das Ende des Zeitraums (to) muss nach seinem Beginn (from) liegen.',
    'fr-FR': 'La fin de la période (to) doit être postérieure à son début (from).',
    'sv-SE': 'Periodens slut (to) måste ligga efter dess början (from).',
  },
  history_range_too_long: {
    'en-GB': 'The period can be at most {max} days long.',
    'de-DE': 'Der Zeitraum darf höchstens {max} Tage lang sein.',
    'fr-FR': 'La période ne peut pas dépasser {max} jours.',
    'sv-SE': 'Perioden får vara högst {max} dagar lång.',
  },
  energy_too_many_bars: {
    'en-GB': 'At most {max} days, weeks or months can be asked for at once (from to to).',
    'de-DE': 'Höchstens {max} Tage, Wochen oder Monate können auf einmal abgefragt werden (from bis to).',
    'fr-FR': 'Au plus {max} jours, semaines ou mois peuvent être demandés à la fois (de from à to).',
    'sv-SE': 'Högst {max} dagar, veckor eller månader kan hämtas åt gången (från from till to).',
  },
  warranty_taken: {
    'en-GB': 'This account has already registered this product and serial number.',
    'de-DE': 'Dieses Konto hat dieses Produkt mit dieser Seriennummer bereits registriert.',
    'fr-FR': 'Ce compte a déjà enregistré ce produit et ce numéro de série.',
    'sv-SE': 'Det här kontot har redan registrerat den här produkten och det här serienumret.',
  },
  warranty_claim_decided: {
    'en-GB': 'This warranty claim has already been decided, or has nothing left to decide.',
    'de-DE': 'Über diesen Garantieanspruch wurde bereits entschieden, oder es gibt nichts mehr zu entscheiden.',
    'fr-FR': 'Cette demande de garantie a déjà été tranchée, ou il n’y a plus rien à trancher.',
    'sv-SE': 'Det här garantianspråket är redan avgjort, eller så finns det inget kvar att avgöra.',
  },
  campaign_state: {
    'en-GB': 'The firmware campaign cannot do that in its present state.',
    'de-DE': 'Die Firmware-Kampagne kann das in ihrem jetzigen Zustand nicht.',
    'fr-FR': 'La campagne de micrologiciel ne peut pas faire cela dans son état actuel.',
    'sv-SE': 'Firmwarekampanjen kan inte göra det i sitt nuvarande läge.',
  },
  purchase_date_in_future: {
    'en-GB': 'The date of purchase cannot be in the future.',
    'de-DE': 'Das Kaufdatum darf nicht in der Zukunft liegen.',
    'fr-FR': "La date d'achat ne peut pas être dans le futur.",
    'sv-SE': 'Inköpsdatumet kan inte ligga i framtiden.',
  },
  proof_not_base64: {
    'en-GB': 'The proof of purchase must be a file encoded as base64.',
    'de-DE': 'Der Kaufnachweis muss eine Base64-codierte Datei sein.',
    'fr-FR': "La preuve d'achat doit être un fichier encodé en base64.",
    'sv-SE': 'Inköpsbeviset måste vara en base64-kodad fil.',
  },
  proof_too_large: {
    'en-GB': 'The proof of purchase can be at most {max} MB.',
    'de-DE': 'Der Kaufnachweis darf höchstens {max} MB groß sein.',
    'fr-FR': "La preuve d'achat ne peut pas dépasser {max} Mo.",
    'sv-SE': 'Inköpsbeviset får vara högst {max} MB.',
  },
  proof_unsupported_type: {
    'en-GB': 'The proof of purchase must be a PDF, JPEG or PNG file. This file is none of them, whatever its name.',
    'de-DE': 'Der Kaufnachweis muss eine PDF-, JPEG- oder PNG-Datei sein. Diese Datei ist keines davon, egal wie sie heißt.',
    'fr-FR': "La preuve d'achat doit être un fichier PDF, JPEG ou PNG. Ce fichier n'en est aucun, quel que soit son nom.",
    'sv-SE': 'Inköpsbeviset måste vara en PDF-, JPEG- eller PNG-fil. Den här filen är ingen av dem, oavsett vad den heter.',
  },
  warranty_limit_reached: {
    'en-GB': 'This account already has {max} registered warranties, the most one account can have. No further product can be registered.',
    'de-DE': 'Für dieses Konto sind bereits {max} Garantien registriert, mehr sind pro Konto nicht möglich. Es kann kein weiteres Produkt registriert werden.',
    'fr-FR': "Ce compte a déjà {max} garanties enregistrées, le maximum pour un compte. Aucun autre produit ne peut être enregistré.",
    'sv-SE': 'Det här kontot har redan {max} registrerade garantier, det högsta antalet för ett konto. Inga fler produkter kan registreras.',
  },
  webhook_target_not_public: {
    'en-GB': 'A webhook must go to an https address on the internet, not to a private or local one.',
    'de-DE': 'Ein Webhook muss an eine https-Adresse im Internet gehen, nicht an eine private oder lokale.',
    'fr-FR': "Un webhook doit viser une adresse https sur Internet, pas une adresse privée ou locale.",
    'sv-SE': 'En webhook måste gå till en https-adress på internet, inte till en privat eller lokal.',
  },
  webhook_limit_reached: {
    'en-GB': 'This account already has {max} webhooks, the most one account can have.',
    'de-DE': 'Dieses Konto hat bereits {max} Webhooks, mehr sind pro Konto nicht möglich.',
    'fr-FR': 'Ce compte a déjà {max} webhooks, le maximum pour un compte.',
    'sv-SE': 'Det här kontot har redan {max} webhooks, det högsta antalet för ett konto.',
  },
  api_key_scope: {
    'en-GB': 'This API key may not make this call. Its scopes allow reading devices and their history, or switching plugs.',
    'de-DE': 'Dieser API-Schlüssel darf diesen Aufruf nicht ausführen. Er erlaubt nur das Lesen von Geräten und ihrem Verlauf oder das Schalten von Steckdosen.',
    'fr-FR': "Cette clé d'API ne permet pas cet appel. Ses droits se limitent à lire les appareils et leur historique, ou à commuter les prises.",
    'sv-SE': 'Den här API-nyckeln får inte göra det här anropet. Den får bara läsa enheter och deras historik, eller slå av och på uttag.',
  },
  api_key_name_taken: {
    'en-GB': 'You already have an API key with this name. Choose another name.',
    'de-DE': 'Sie haben bereits einen API-Schlüssel mit diesem Namen. Wählen Sie einen anderen Namen.',
    'fr-FR': "Vous avez déjà une clé d'API portant ce nom. Choisissez-en un autre.",
    'sv-SE': 'Du har redan en API-nyckel med det här namnet. Välj ett annat namn.',
  },
  api_key_limit_reached: {
    'en-GB': 'This account already has {max} API keys, the most one account can have. Revoke one first.',
    'de-DE': 'Dieses Konto hat bereits {max} API-Schlüssel, mehr sind pro Konto nicht möglich. Widerrufen Sie zuerst einen.',
    'fr-FR': "Ce compte a déjà {max} clés d'API, le maximum pour un compte. Révoquez-en d'abord une.",
    'sv-SE': 'Det här kontot har redan {max} API-nycklar, det högsta antalet för ett konto. Återkalla en först.',
  },
  internal_error: {
    'en-GB': 'Something went wrong on our side. Please try again later.',
    'de-DE': 'Bei uns ist ein Fehler aufgetreten. Bitte versuchen Sie es später erneut.',
    'fr-FR': "Une erreur s'est produite de notre côté. Veuillez réessayer plus tard.",
    'sv-SE': 'Något gick fel hos oss. Försök igen senare.',
  },
  service_unavailable: {
    'en-GB': 'Paddock is busy or its database does not answer right now. Please try again in a few seconds.',
    'de-DE': 'Paddock ist ausgelastet oder seine Datenbank antwortet gerade nicht. Bitte versuchen Sie es in einigen Sekunden erneut.',
    'fr-FR': "Paddock est surchargé ou sa base de données ne répond pas pour le moment. Veuillez réessayer dans quelques secondes.",
    'sv-SE': 'Paddock är upptaget eller så svarar databasen inte just nu. Försök igen om några sekunder.',
  },
  mail_verify_subject: {
    'en-GB': 'Your {app} verification code',
    'de-DE': 'Ihr {app}-Bestätigungscode',
    'fr-FR': 'Votre code de vérification {app}',
    'sv-SE': 'Din verifieringskod för {app}',
  },
  mail_verify_text: {
    'en-GB':
      'Hello,\n\nYour code to verify your {app} account is:\n\n{code}\n\nThe code is valid for {minutes} minutes. If you did not create an account, you can ignore this e-mail.\n\nThe {app} team',
    'de-DE':
      'Hallo,\n\nIhr Code zur Bestätigung Ihres {app}-Kontos lautet:\n\n{code}\n\nDer Code ist {minutes} Minuten gültig. Wenn Sie kein Konto erstellt haben, können Sie diese E-Mail ignorieren.\n\nIhr {app}-Team',
    'fr-FR':
      "Bonjour,\n\nVoici votre code pour vérifier votre compte {app} :\n\n{code}\n\nCe code est valable {minutes} minutes. Si vous n'avez pas créé de compte, vous pouvez ignorer cet e-mail.\n\nL'équipe {app}",
    'sv-SE':
      'Hej!\n\nDin kod för att verifiera ditt {app}-konto är:\n\n{code}\n\nKoden gäller i {minutes} minuter. Om du inte har skapat något konto kan du bortse från det här mejlet.\n\n{app}-teamet',
  },
  // A sign-up's code confirms the password chosen with that sign-up (docs/product/states.md "Session"); other
  // people can type the address too, so the mail says when it was asked for and not to enter a code one did not ask for.
  mail_sign_up_text: {
    'en-GB':
      'Hello,\n\nYour code to verify your {app} account is:\n\n{code}\n\nThe code is valid for {minutes} minutes. It confirms the account asked for with this address on {requested}, with the password chosen then.\n\nIf you did not ask for an account then, ignore this e-mail and do not enter the code: someone else may have typed your address, and without the code nothing happens.\n\nThe {app} team',
    'de-DE':
      'Hallo,\n\nIhr Code zur Bestätigung Ihres {app}-Kontos lautet:\n\n{code}\n\nDer Code ist {minutes} Minuten gültig. Er bestätigt das am {requested} mit dieser Adresse beantragte Konto mit dem damals gewählten Passwort.\n\nWenn Sie damals kein Konto beantragt haben, ignorieren Sie diese E-Mail und geben Sie den Code nicht ein: Vielleicht hat jemand anderes Ihre Adresse eingegeben, und ohne den Code geschieht nichts.\n\nIhr {app}-Team',
    'fr-FR':
      "Bonjour,\n\nVoici votre code pour vérifier votre compte {app} :\n\n{code}\n\nCe code est valable {minutes} minutes. Il confirme le compte demandé avec cette adresse le {requested}, avec le mot de passe choisi à ce moment-là.\n\nSi vous n'avez pas demandé de compte à ce moment-là, ignorez cet e-mail et ne saisissez pas le code : quelqu'un d'autre a peut-être saisi votre adresse, et sans le code rien ne se passe.\n\nL'équipe {app}",
    'sv-SE':
      'Hej!\n\nDin kod för att verifiera ditt {app}-konto är:\n\n{code}\n\nKoden gäller i {minutes} minuter. Den bekräftar kontot som begärdes med den här adressen den {requested}, med lösenordet som valdes då.\n\nOm du inte begärde något konto då ska du bortse från det här mejlet och inte ange koden: någon annan kan ha skrivit in din adress, och utan koden händer ingenting.\n\n{app}-teamet',
  },
  mail_reset_subject: {
    'en-GB': 'Your {app} password reset code',
    'de-DE': 'Ihr Code zum Zurücksetzen des {app}-Passworts',
    'fr-FR': 'Votre code de réinitialisation du mot de passe {app}',
    'sv-SE': 'Din kod för att återställa lösenordet i {app}',
  },
  mail_reset_text: {
    'en-GB':
      'Hello,\n\nYour code to reset your {app} password is:\n\n{code}\n\nThe code is valid for {minutes} minutes. If you did not ask to reset your password, you can ignore this e-mail; your password stays unchanged.\n\nThe {app} team',
    'de-DE':
      'Hallo,\n\nIhr Code zum Zurücksetzen Ihres {app}-Passworts lautet:\n\n{code}\n\nDer Code ist {minutes} Minuten gültig. Wenn Sie das Zurücksetzen nicht angefordert haben, können Sie diese E-Mail ignorieren; Ihr Passwort bleibt unverändert.\n\nIhr {app}-Team',
    'fr-FR':
      "Bonjour,\n\nVoici votre code pour réinitialiser votre mot de passe {app} :\n\n{code}\n\nCe code est valable {minutes} minutes. Si vous n'avez pas demandé de réinitialisation, vous pouvez ignorer cet e-mail ; votre mot de passe reste inchangé.\n\nL'équipe {app}",
    'sv-SE':
      'Hej!\n\nDin kod för att återställa ditt lösenord i {app} är:\n\n{code}\n\nKoden gäller i {minutes} minuter. Om du inte har bett om att återställa lösenordet kan du bortse från det här mejlet; ditt lösenord förblir oförändrat.\n\n{app}-teamet',
  },
  mail_email_change_subject: {
    'en-GB': 'Confirm your new {app} e-mail address',
    'de-DE': 'Bestätigen Sie Ihre neue E-Mail-Adresse bei {app}',
    'fr-FR': 'Confirmez votre nouvelle adresse e-mail {app}',
    'sv-SE': 'Bekräfta din nya e-postadress i {app}',
  },
  mail_email_change_text: {
    'en-GB':
      'Hello,\n\nSomeone asked to use this address for a {app} account. Your code to confirm it is:\n\n{code}\n\nThe code is valid for {minutes} minutes. If you did not ask for this, you can ignore this e-mail; nothing changes.\n\nThe {app} team',
    'de-DE':
      'Hallo,\n\njemand möchte diese Adresse für ein {app}-Konto verwenden. Ihr Code zur Bestätigung lautet:\n\n{code}\n\nDer Code ist {minutes} Minuten gültig. Wenn Sie das nicht angefordert haben, können Sie diese E-Mail ignorieren; es ändert sich nichts.\n\nIhr {app}-Team',
    'fr-FR':
      "Bonjour,\n\nQuelqu'un souhaite utiliser cette adresse pour un compte {app}. Voici votre code pour la confirmer :\n\n{code}\n\nCe code est valable {minutes} minutes. Si vous n'êtes pas à l'origine de cette demande, vous pouvez ignorer cet e-mail ; rien ne change.\n\nL'équipe {app}",
    'sv-SE':
      'Hej!\n\nNågon vill använda den här adressen för ett {app}-konto. Din kod för att bekräfta den är:\n\n{code}\n\nKoden gäller i {minutes} minuter. Om det inte var du kan du bortse från det här mejlet; ingenting ändras.\n\n{app}-teamet',
  },
  mail_email_change_notice_subject: {
    'en-GB': 'A change of your {app} e-mail address was requested',
    'de-DE': 'Eine Änderung Ihrer E-Mail-Adresse bei {app} wurde angefordert',
    'fr-FR': 'Une modification de votre adresse e-mail {app} a été demandée',
    'sv-SE': 'En ändring av din e-postadress i {app} har begärts',
  },
  mail_email_change_notice_text: {
    'en-GB':
      'Hello,\n\nSomeone signed in to your {app} account asked to change its e-mail address to {email}. The change takes effect only when the code sent to that address is confirmed; until then your account keeps this address.\n\nIf this was not you, sign in, change your password and set your e-mail address back to this one.\n\nThe {app} team',
    'de-DE':
      'Hallo,\n\nin Ihrem {app}-Konto wurde angefordert, die E-Mail-Adresse in {email} zu ändern. Die Änderung wird erst wirksam, wenn der an diese Adresse gesendete Code bestätigt wird; bis dahin behält Ihr Konto diese Adresse.\n\nWenn Sie das nicht waren, melden Sie sich an, ändern Sie Ihr Passwort und stellen Sie Ihre E-Mail-Adresse wieder auf diese zurück.\n\nIhr {app}-Team',
    'fr-FR':
      "Bonjour,\n\nIl a été demandé depuis votre compte {app} de changer son adresse e-mail en {email}. Le changement ne prend effet qu'une fois le code envoyé à cette adresse confirmé ; d'ici là, votre compte garde cette adresse.\n\nSi ce n'était pas vous, connectez-vous, changez votre mot de passe et remettez cette adresse e-mail.\n\nL'équipe {app}",
    'sv-SE':
      'Hej!\n\nFrån ditt {app}-konto har någon begärt att e-postadressen ska ändras till {email}. Ändringen gäller först när koden som skickats till den adressen har bekräftats; tills dess behåller ditt konto den här adressen.\n\nOm det inte var du: logga in, byt lösenord och ändra tillbaka e-postadressen till den här.\n\n{app}-teamet',
  },
  mail_sign_up_exists_subject: {
    'en-GB': 'Someone tried to create a {app} account with your address',
    'de-DE': 'Jemand hat versucht, mit Ihrer Adresse ein {app}-Konto zu erstellen',
    'fr-FR': "Quelqu'un a essayé de créer un compte {app} avec votre adresse",
    'sv-SE': 'Någon försökte skapa ett {app}-konto med din adress',
  },
  mail_sign_up_exists_text: {
    'en-GB':
      'Hello,\n\nSomeone tried to create a {app} account with this e-mail address, which already has an account. Nothing was changed.\n\nIf that was you, sign in with your password, or reset it with "Reset password" on the sign-in page. If not, you can ignore this e-mail.\n\nThe {app} team',
    'de-DE':
      'Hallo,\n\njemand hat versucht, mit dieser E-Mail-Adresse ein {app}-Konto zu erstellen; für sie besteht bereits ein Konto. Es wurde nichts geändert.\n\nWenn Sie das waren, melden Sie sich mit Ihrem Passwort an oder setzen Sie es über „Passwort zurücksetzen“ auf der Anmeldeseite zurück. Andernfalls können Sie diese E-Mail ignorieren.\n\nIhr {app}-Team',
    'fr-FR':
      "Bonjour,\n\nQuelqu'un a essayé de créer un compte {app} avec cette adresse e-mail, qui a déjà un compte. Rien n'a été modifié.\n\nSi c'était vous, connectez-vous avec votre mot de passe, ou réinitialisez-le avec « Réinitialiser le mot de passe » sur la page de connexion. Sinon, vous pouvez ignorer cet e-mail.\n\nL'équipe {app}",
    'sv-SE':
      'Hej!\n\nNågon försökte skapa ett {app}-konto med den här e-postadressen, som redan har ett konto. Ingenting har ändrats.\n\nOm det var du kan du logga in med ditt lösenord eller återställa det med ”Återställ lösenord” på inloggningssidan. Annars kan du bortse från det här mejlet.\n\n{app}-teamet',
  },
  mail_transfer_subject: {
    'en-GB': '{from} offers you a {product} on {app}',
    'de-DE': '{from} bietet Ihnen ein {product} auf {app} an',
    'fr-FR': '{from} vous propose un {product} sur {app}',
    'sv-SE': '{from} erbjuder dig en {product} på {app}',
  },
  mail_transfer_text: {
    'en-GB':
      'Hello,\n\n{from} offers to hand over their {product} "{name}" to you. It becomes yours only if you accept; until then nothing changes.\n\nTo accept or decline, open this link and sign in:\n{link}\n\nThe offer expires in {days} days. If you were not expecting it, you can ignore this e-mail.\n\nThe {app} team',
    'de-DE':
      'Hallo,\n\n{from} möchte Ihnen das {product} „{name}“ übergeben. Es gehört Ihnen erst, wenn Sie annehmen; bis dahin ändert sich nichts.\n\nUm anzunehmen oder abzulehnen, öffnen Sie diesen Link und melden Sie sich an:\n{link}\n\nDas Angebot läuft in {days} Tagen ab. Wenn Sie es nicht erwartet haben, können Sie diese E-Mail ignorieren.\n\nIhr {app}-Team',
    'fr-FR':
      "Bonjour,\n\n{from} propose de vous céder son {product} « {name} ». Il ne devient le vôtre que si vous acceptez ; d'ici là, rien ne change.\n\nPour accepter ou refuser, ouvrez ce lien et connectez-vous :\n{link}\n\nL'offre expire dans {days} jours. Si vous ne l'attendiez pas, vous pouvez ignorer cet e-mail.\n\nL'équipe {app}",
    'sv-SE':
      'Hej!\n\n{from} vill lämna över sin {product} ”{name}” till dig. Den blir din först om du tackar ja; tills dess ändras ingenting.\n\nÖppna den här länken och logga in för att tacka ja eller nej:\n{link}\n\nErbjudandet går ut om {days} dagar. Om du inte väntade dig det kan du bortse från det här mejlet.\n\n{app}-teamet',
  },
  mail_transfer_sign_up_text: {
    'en-GB':
      'Hello,\n\n{from} offers to hand over their {product} "{name}" to you on {app}. To accept it, create a {app} account with this e-mail address ({email}) and verify it, then open this link:\n{link}\n\nUntil you accept, nothing changes. The offer expires in {days} days. If you were not expecting it, you can ignore this e-mail.\n\nThe {app} team',
    'de-DE':
      'Hallo,\n\n{from} möchte Ihnen auf {app} das {product} „{name}“ übergeben. Um es anzunehmen, erstellen Sie mit dieser E-Mail-Adresse ({email}) ein {app}-Konto, bestätigen Sie es und öffnen Sie dann diesen Link:\n{link}\n\nBis Sie annehmen, ändert sich nichts. Das Angebot läuft in {days} Tagen ab. Wenn Sie es nicht erwartet haben, können Sie diese E-Mail ignorieren.\n\nIhr {app}-Team',
    'fr-FR':
      "Bonjour,\n\n{from} propose de vous céder son {product} « {name} » sur {app}. Pour l'accepter, créez un compte {app} avec cette adresse e-mail ({email}), confirmez-le, puis ouvrez ce lien :\n{link}\n\nTant que vous n'avez pas accepté, rien ne change. L'offre expire dans {days} jours. Si vous ne l'attendiez pas, vous pouvez ignorer cet e-mail.\n\nL'équipe {app}",
    'sv-SE':
      'Hej!\n\n{from} vill lämna över sin {product} ”{name}” till dig på {app}. För att tacka ja skapar du ett {app}-konto med den här e-postadressen ({email}), verifierar det och öppnar sedan den här länken:\n{link}\n\nTills du tackar ja ändras ingenting. Erbjudandet går ut om {days} dagar. Om du inte väntade dig det kan du bortse från det här mejlet.\n\n{app}-teamet',
  },
  // A device shared with an address (devices/shareInvites.ts): {from} the owner, {notify} mail_share_notify_on or _off: whether the owner chose alarm notifications for them.
  mail_share_subject: {
    'en-GB': '{from} shared {name} with you on {app}',
    'de-DE': '{from} hat {name} auf {app} mit Ihnen geteilt',
    'fr-FR': '{from} a partagé {name} avec vous sur {app}',
    'sv-SE': '{from} har delat {name} med dig på {app}',
  },
  mail_share_text: {
    'en-GB':
      'Hello,\n\n{from} has shared their {product} "{name}" with you on {app}. Open it here (sign in first if asked):\n{link}\n\n{notify}\n\nIf you were not expecting this, you can ignore this e-mail.\n\nThe {app} team',
    'de-DE':
      'Hallo,\n\n{from} hat das {product} „{name}“ auf {app} mit Ihnen geteilt. Hier können Sie es öffnen (melden Sie sich an, falls Sie dazu aufgefordert werden):\n{link}\n\n{notify}\n\nWenn Sie das nicht erwartet haben, können Sie diese E-Mail ignorieren.\n\nIhr {app}-Team',
    'fr-FR':
      'Bonjour,\n\n{from} a partagé son {product} « {name} » avec vous sur {app}. Ouvrez-le ici (connectez-vous si on vous le demande) :\n{link}\n\n{notify}\n\nSi vous ne vous y attendiez pas, vous pouvez ignorer cet e-mail.\n\nL’équipe {app}',
    'sv-SE':
      'Hej!\n\n{from} har delat sin {product} ”{name}” med dig på {app}. Öppna den här (logga in om du blir ombedd):\n{link}\n\n{notify}\n\nOm du inte väntade dig det här kan du bortse från det här mejlet.\n\n{app}-teamet',
  },
  mail_share_sign_up_text: {
    'en-GB':
      'Hello,\n\n{from} has shared their {product} "{name}" with you on {app}. To see it, create a {app} account with this e-mail address ({email}) and verify it; the device is then in your list:\n{link}\n\n{notify}\n\nIf you were not expecting this, you can ignore this e-mail.\n\nThe {app} team',
    'de-DE':
      'Hallo,\n\n{from} hat das {product} „{name}“ auf {app} mit Ihnen geteilt. Um es zu sehen, erstellen Sie mit dieser E-Mail-Adresse ({email}) ein {app}-Konto und bestätigen es; das Gerät steht dann in Ihrer Liste:\n{link}\n\n{notify}\n\nWenn Sie das nicht erwartet haben, können Sie diese E-Mail ignorieren.\n\nIhr {app}-Team',
    'fr-FR':
      'Bonjour,\n\n{from} a partagé son {product} « {name} » avec vous sur {app}. Pour le voir, créez un compte {app} avec cette adresse e-mail ({email}) et confirmez-le ; l’appareil sera alors dans votre liste :\n{link}\n\n{notify}\n\nSi vous ne vous y attendiez pas, vous pouvez ignorer cet e-mail.\n\nL’équipe {app}',
    'sv-SE':
      'Hej!\n\n{from} har delat sin {product} ”{name}” med dig på {app}. För att se den skapar du ett {app}-konto med den här e-postadressen ({email}) och verifierar det; enheten finns sedan i din lista:\n{link}\n\n{notify}\n\nOm du inte väntade dig det här kan du bortse från det här mejlet.\n\n{app}-teamet',
  },
  mail_share_notify_on: {
    'en-GB': 'You will get the device’s alarm notifications; you can turn them off with the bell on its settings page.',
    'de-DE': 'Sie erhalten die Alarmbenachrichtigungen des Geräts; mit der Glocke auf seiner Einstellungsseite können Sie sie abschalten.',
    'fr-FR': 'Vous recevrez les notifications d’alarme de l’appareil ; vous pouvez les désactiver avec la cloche sur sa page de réglages.',
    'sv-SE': 'Du får enhetens larmaviseringar; du kan stänga av dem med klockan på enhetens inställningssida.',
  },
  mail_share_notify_off: {
    'en-GB': 'You will not get the device’s alarm notifications unless you turn them on with the bell on its settings page.',
    'de-DE': 'Die Alarmbenachrichtigungen des Geräts erhalten Sie erst, wenn Sie sie mit der Glocke auf seiner Einstellungsseite einschalten.',
    'fr-FR': 'Vous ne recevrez les notifications d’alarme de l’appareil que si vous les activez avec la cloche sur sa page de réglages.',
    'sv-SE': 'Du får inga larmaviseringar från enheten förrän du slår på dem med klockan på enhetens inställningssida.',
  },
  // Alarm notifications (notify/alarmMessages.ts): {device} its name, {alarm} one of alarm_name_*, {value} with its unit, {time} in UTC.
  alarm_subject_triggered: {
    'en-GB': 'Alarm: {alarm} – {device}',
    'de-DE': 'Alarm: {alarm} – {device}',
    'fr-FR': 'Alarme : {alarm} – {device}',
    'sv-SE': 'Larm: {alarm} – {device}',
  },
  alarm_subject_cleared: {
    'en-GB': 'All clear: {alarm} – {device}',
    'de-DE': 'Entwarnung: {alarm} – {device}',
    'fr-FR': 'Fin d’alarme : {alarm} – {device}',
    'sv-SE': 'Larmet har upphört: {alarm} – {device}',
  },
  alarm_subject_reminder: {
    'en-GB': 'Still offline: {device}',
    'de-DE': 'Weiterhin offline: {device}',
    'fr-FR': 'Toujours hors ligne : {device}',
    'sv-SE': 'Fortfarande offline: {device}',
  },
  alarm_text_triggered: {
    'en-GB': 'Hello,\n\nthe alarm "{alarm}" of your device {device} went off on {time}.\nValue: {value}\n\nSee it in Paddock: {link}\n\nYour Paddock team',
    'de-DE': 'Hallo,\n\nder Alarm „{alarm}“ Ihres Geräts {device} wurde am {time} ausgelöst.\nWert: {value}\n\nIn Paddock ansehen: {link}\n\nIhr Paddock-Team',
    'fr-FR': "Bonjour,\n\nl'alarme « {alarm} » de votre appareil {device} s'est déclenchée le {time}.\nValeur : {value}\n\nVoir dans Paddock : {link}\n\nL'équipe Paddock",
    'sv-SE': 'Hej!\n\nLarmet ”{alarm}” på din enhet {device} löste ut {time}.\nVärde: {value}\n\nVisa i Paddock: {link}\n\nPaddock-teamet',
  },
  alarm_text_cleared: {
    'en-GB': 'Hello,\n\nthe alarm "{alarm}" of your device {device} cleared on {time}.\nValue: {value}\n\nSee it in Paddock: {link}\n\nYour Paddock team',
    'de-DE': 'Hallo,\n\nder Alarm „{alarm}“ Ihres Geräts {device} ist seit {time} aufgehoben.\nWert: {value}\n\nIn Paddock ansehen: {link}\n\nIhr Paddock-Team',
    'fr-FR': "Bonjour,\n\nl'alarme « {alarm} » de votre appareil {device} a pris fin le {time}.\nValeur : {value}\n\nVoir dans Paddock : {link}\n\nL'équipe Paddock",
    'sv-SE': 'Hej!\n\nLarmet ”{alarm}” på din enhet {device} upphörde {time}.\nVärde: {value}\n\nVisa i Paddock: {link}\n\nPaddock-teamet',
  },
  alarm_text_reminder: {
    'en-GB': 'Hello,\n\nyour device {device} has been offline since {time} and has still not reported.\n\nSee it in Paddock: {link}\n\nYour Paddock team',
    'de-DE': 'Hallo,\n\nIhr Gerät {device} ist seit {time} offline und hat sich noch immer nicht gemeldet.\n\nIn Paddock ansehen: {link}\n\nIhr Paddock-Team',
    'fr-FR': "Bonjour,\n\nvotre appareil {device} est hors ligne depuis le {time} et ne s'est toujours pas manifesté.\n\nVoir dans Paddock : {link}\n\nL'équipe Paddock",
    'sv-SE': 'Hej!\n\nDin enhet {device} har varit offline sedan {time} och har fortfarande inte hört av sig.\n\nVisa i Paddock: {link}\n\nPaddock-teamet',
  },
  alarm_sms_triggered: {
    'en-GB': 'Paddock alarm: {alarm} on {device} ({value}) at {time} {link}',
    'de-DE': 'Paddock-Alarm: {alarm} bei {device} ({value}) am {time} {link}',
    'fr-FR': 'Alarme Paddock : {alarm} sur {device} ({value}) le {time} {link}',
    'sv-SE': 'Paddock-larm: {alarm} på {device} ({value}) {time} {link}',
  },
  alarm_sms_cleared: {
    'en-GB': 'Paddock all clear: {alarm} on {device} ({value}) at {time} {link}',
    'de-DE': 'Paddock-Entwarnung: {alarm} bei {device} ({value}) am {time} {link}',
    'fr-FR': 'Fin d’alarme Paddock : {alarm} sur {device} ({value}) le {time} {link}',
    'sv-SE': 'Paddock: larmet {alarm} på {device} har upphört ({value}) {time} {link}',
  },
  alarm_sms_reminder: {
    'en-GB': 'Paddock: {device} still offline since {time} {link}',
    'de-DE': 'Paddock: {device} seit {time} weiterhin offline {link}',
    'fr-FR': 'Paddock : {device} toujours hors ligne depuis le {time} {link}',
    'sv-SE': 'Paddock: {device} fortfarande offline sedan {time} {link}',
  },
  // Push: the title is the mail's subject, this the line below it.
  alarm_push_triggered: {
    'en-GB': '{value} at {time}',
    'de-DE': '{value} am {time}',
    'fr-FR': '{value} le {time}',
    'sv-SE': '{value} {time}',
  },
  alarm_push_cleared: {
    'en-GB': 'Back to normal: {value} at {time}',
    'de-DE': 'Wieder normal: {value} am {time}',
    'fr-FR': 'Retour à la normale : {value} le {time}',
    'sv-SE': 'Normalt igen: {value} {time}',
  },
  alarm_push_reminder: {
    'en-GB': 'Offline since {time}',
    'de-DE': 'Offline seit {time}',
    'fr-FR': 'Hors ligne depuis le {time}',
    'sv-SE': 'Offline sedan {time}',
  },
  alarm_name_fence_voltage: {
    'en-GB': 'Low fence voltage',
    'de-DE': 'Niedrige Zaunspannung',
    'fr-FR': 'Tension de clôture basse',
    'sv-SE': 'Låg stängselspänning',
  },
  alarm_name_low_battery: {
    'en-GB': 'Low battery',
    'de-DE': 'Niedriger Akkustand',
    'fr-FR': 'Batterie faible',
    'sv-SE': 'Låg batterinivå',
  },
  alarm_name_offline: {
    'en-GB': 'Device offline',
    'de-DE': 'Gerät offline',
    'fr-FR': 'Appareil hors ligne',
    'sv-SE': 'Enheten är offline',
  },
  alarm_name_load: {
    'en-GB': 'Load out of range',
    'de-DE': 'Last außerhalb des Bereichs',
    'fr-FR': 'Charge hors limites',
    'sv-SE': 'Last utanför gränserna',
  },
  alarm_name_temperature: {
    'en-GB': 'Temperature out of range',
    'de-DE': 'Temperatur außerhalb des Bereichs',
    'fr-FR': 'Température hors limites',
    'sv-SE': 'Temperatur utanför intervallet',
  },
  alarm_name_power_failure: {
    'en-GB': 'Power failure',
    'de-DE': 'Stromausfall',
    'fr-FR': 'Coupure de courant',
    'sv-SE': 'Strömavbrott',
  },
  alarm_name_low_data: {
    'en-GB': 'Data below your alert',
    'de-DE': 'Datenvolumen unter Ihrer Warnschwelle',
    'fr-FR': 'Données sous votre seuil d’alerte',
    'sv-SE': 'Data under din larmgräns',
  },
  // The FarmCam SIM data alert (docs/product/products/farmcam-sim.md Data alert): {link} is the SIM's settings page, where Buy extra data is.
  alarm_text_low_data_triggered: {
    'en-GB':
      'Hello,\n\nthe data left on your FarmCam SIM {device} fell below the alert you set on {time}.\nData left: {value}\n\nYou can buy extra data on its settings page in Paddock: {link}\n\nYour Paddock team',
    'de-DE':
      'Hallo,\n\ndas verbleibende Datenvolumen Ihrer FarmCam SIM {device} ist am {time} unter die von Ihnen gesetzte Warnschwelle gefallen.\nVerbleibende Daten: {value}\n\nZusätzliche Daten können Sie auf ihrer Einstellungsseite in Paddock kaufen: {link}\n\nIhr Paddock-Team',
    'fr-FR':
      "Bonjour,\n\nles données restantes de votre FarmCam SIM {device} sont passées sous le seuil d'alerte que vous avez choisi le {time}.\nDonnées restantes : {value}\n\nVous pouvez acheter des données supplémentaires sur sa page de réglages dans Paddock : {link}\n\nL'équipe Paddock",
    'sv-SE':
      'Hej!\n\nDatamängden kvar på ditt FarmCam SIM {device} föll under larmgränsen du har valt {time}.\nData kvar: {value}\n\nDu kan köpa extra data på dess inställningssida i Paddock: {link}\n\nPaddock-teamet',
  },
  alarm_sms_low_data_triggered: {
    'en-GB': 'Paddock: FarmCam SIM {device} has {value} left, below your alert ({time}). Buy extra data: {link}',
    'de-DE': 'Paddock: FarmCam SIM {device} hat noch {value}, unter Ihrer Warnschwelle ({time}). Daten kaufen: {link}',
    'fr-FR': 'Paddock : FarmCam SIM {device} n’a plus que {value}, sous votre seuil ({time}). Acheter des données : {link}',
    'sv-SE': 'Paddock: FarmCam SIM {device} har {value} kvar, under din larmgräns ({time}). Köp extra data: {link}',
  },
  alarm_name_consumption: {
    'en-GB': 'Daily consumption over your limit',
    'de-DE': 'Tagesverbrauch über Ihrem Grenzwert',
    'fr-FR': 'Consommation du jour au-delà de votre limite',
    'sv-SE': 'Dagens förbrukning över din gräns',
  },
  // SmartPlug2's daily consumption limit (docs/product/products/smartplug2.md): {value} the use today, {limit} the limit, both in kWh.
  alarm_text_consumption_triggered: {
    'en-GB': 'Hello,\n\nyour device {device} used {value} today, over your limit of {limit} ({time}).\n\nSee it in Paddock: {link}\n\nYour Paddock team',
    'de-DE':
      'Hallo,\n\nIhr Gerät {device} hat heute {value} verbraucht und damit Ihren Grenzwert von {limit} überschritten ({time}).\n\nIn Paddock ansehen: {link}\n\nIhr Paddock-Team',
    'fr-FR':
      'Bonjour,\n\nvotre appareil {device} a consommé {value} aujourd’hui, au-delà de votre limite de {limit} ({time}).\n\nVoir dans Paddock : {link}\n\nL’équipe Paddock',
    'sv-SE': 'Hej!\n\nDin enhet {device} har förbrukat {value} i dag, över din gräns på {limit} ({time}).\n\nVisa i Paddock: {link}\n\nPaddock-teamet',
  },
  alarm_sms_consumption_triggered: {
    'en-GB': 'Paddock: {device} used {value} today, over your limit of {limit} ({time}) {link}',
    'de-DE': 'Paddock: {device} hat heute {value} verbraucht, über Ihrem Grenzwert von {limit} ({time}) {link}',
    'fr-FR': 'Paddock : {device} a consommé {value} aujourd’hui, au-delà de votre limite de {limit} ({time}) {link}',
    'sv-SE': 'Paddock: {device} har förbrukat {value} i dag, över din gräns på {limit} ({time}) {link}',
  },
  alarm_push_consumption_triggered: {
    'en-GB': 'Used {value} today, over your limit of {limit} ({time})',
    'de-DE': 'Heute {value} verbraucht, über Ihrem Grenzwert von {limit} ({time})',
    'fr-FR': '{value} consommés aujourd’hui, au-delà de votre limite de {limit} ({time})',
    'sv-SE': '{value} förbrukat i dag, över din gräns på {limit} ({time})',
  },
  alarm_value_offline: {
    'en-GB': 'no connection',
    'de-DE': 'keine Verbindung',
    'fr-FR': 'aucune connexion',
    'sv-SE': 'ingen anslutning',
  },
  alarm_value_online: {
    'en-GB': 'connected again',
    'de-DE': 'wieder verbunden',
    'fr-FR': 'de nouveau connecté',
    'sv-SE': 'ansluten igen',
  },
  alarm_value_mains_off: {
    'en-GB': 'no mains power',
    'de-DE': 'keine Netzspannung',
    'fr-FR': 'pas de tension secteur',
    'sv-SE': 'ingen nätström',
  },
  alarm_value_mains_on: {
    'en-GB': 'mains power back',
    'de-DE': 'Netzspannung wieder da',
    'fr-FR': 'tension secteur rétablie',
    'sv-SE': 'nätströmmen är tillbaka',
  },
  alarm_value_none: {
    'en-GB': 'not measured',
    'de-DE': 'nicht gemessen',
    'fr-FR': 'non mesurée',
    'sv-SE': 'inget mätvärde',
  },
  renewal_declined_subject: {
    'en-GB': 'The payment for {device} was declined',
    'de-DE': 'Die Zahlung für {device} wurde abgelehnt',
    'fr-FR': 'Le paiement pour {device} a été refusé',
    'sv-SE': 'Betalningen för {device} avvisades',
  },
  renewal_declined_text: {
    'en-GB':
      'Hello,\n\nWe could not renew the plan of {device} ({plan}): the payment was declined. We will try again on {retry}; until then the device and its alarms keep working.\n\nPlease check your payment method in Paddock under Billing, Manage payment. If the payment is still declined after a few days, the plan ends and the alarms of {device} are paused.\n\nThe Paddock team',
    'de-DE':
      'Hallo,\n\nwir konnten den Tarif von {device} ({plan}) nicht verlängern: Die Zahlung wurde abgelehnt. Wir versuchen es am {retry} erneut; bis dahin funktionieren das Gerät und seine Alarme weiter.\n\nBitte prüfen Sie Ihre Zahlungsmethode in Paddock unter Abrechnung, Zahlung verwalten. Wird die Zahlung auch nach einigen Tagen abgelehnt, endet der Tarif und die Alarme von {device} werden pausiert.\n\nIhr Paddock-Team',
    'fr-FR':
      "Bonjour,\n\nNous n'avons pas pu renouveler le forfait de {device} ({plan}) : le paiement a été refusé. Nous réessaierons le {retry} ; d'ici là, l'appareil et ses alarmes continuent de fonctionner.\n\nVeuillez vérifier votre moyen de paiement dans Paddock, sous Facturation, Gérer le paiement. Si le paiement est encore refusé dans quelques jours, le forfait prend fin et les alarmes de {device} sont suspendues.\n\nL'équipe Paddock",
    'sv-SE':
      'Hej!\n\nVi kunde inte förnya abonnemanget för {device} ({plan}): betalningen avvisades. Vi försöker igen {retry}; till dess fungerar enheten och dess larm som vanligt.\n\nKontrollera ditt betalsätt i Paddock under Fakturering, Hantera betalning. Avvisas betalningen fortfarande om några dagar upphör abonnemanget och larmen för {device} pausas.\n\nPaddock-teamet',
  },
  renewal_ended_subject: {
    'en-GB': 'The plan of {device} has ended',
    'de-DE': 'Der Tarif von {device} ist beendet',
    'fr-FR': 'Le forfait de {device} a pris fin',
    'sv-SE': 'Abonnemanget för {device} har upphört',
  },
  renewal_ended_text: {
    'en-GB':
      'Hello,\n\nThe payment for the plan of {device} ({plan}) was declined again, so the plan has ended. The alarms of {device} are paused; its settings are kept.\n\nChoose a plan on the settings page of {device} to bring the alarms back as they were.\n\nThe Paddock team',
    'de-DE':
      'Hallo,\n\ndie Zahlung für den Tarif von {device} ({plan}) wurde erneut abgelehnt, daher ist der Tarif beendet. Die Alarme von {device} sind pausiert; seine Einstellungen bleiben erhalten.\n\nWählen Sie auf der Einstellungsseite von {device} einen Tarif, dann sind die Alarme wieder so wie zuvor.\n\nIhr Paddock-Team',
    'fr-FR':
      "Bonjour,\n\nLe paiement du forfait de {device} ({plan}) a de nouveau été refusé : le forfait a donc pris fin. Les alarmes de {device} sont suspendues ; ses réglages sont conservés.\n\nChoisissez un forfait sur la page de réglages de {device} pour retrouver les alarmes telles qu'elles étaient.\n\nL'équipe Paddock",
    'sv-SE':
      'Hej!\n\nBetalningen för abonnemanget för {device} ({plan}) avvisades igen, så abonnemanget har upphört. Larmen för {device} är pausade; inställningarna sparas.\n\nVälj ett abonnemang på inställningssidan för {device} så kommer larmen tillbaka som de var.\n\nPaddock-teamet',
  },
  trial_ending_subject: {
    'en-GB': 'The trial of {device} ends in {days} days',
    'de-DE': 'Die Testphase von {device} endet in {days} Tagen',
    'fr-FR': "La période d'essai de {device} se termine dans {days} jours",
    'sv-SE': 'Provperioden för {device} slutar om {days} dagar',
  },
  trial_ending_subject_day: {
    'en-GB': 'The trial of {device} ends in 1 day',
    'de-DE': 'Die Testphase von {device} endet in 1 Tag',
    'fr-FR': "La période d'essai de {device} se termine dans 1 jour",
    'sv-SE': 'Provperioden för {device} slutar om 1 dag',
  },
  trial_ending_text: {
    'en-GB':
      'Hello,\n\nThe free trial of {device} ends on {date}. After that its alarms are paused: nobody is told when an alarm goes off.\n\nChoose a plan on the settings page of {device} to keep the alarms working without a break:\n{link}\n\nThe Paddock team',
    'de-DE':
      'Hallo,\n\ndie kostenlose Testphase von {device} endet am {date}. Danach sind seine Alarme pausiert: Niemand wird benachrichtigt, wenn ein Alarm ausgelöst wird.\n\nWählen Sie auf der Einstellungsseite von {device} einen Tarif, damit die Alarme ohne Unterbrechung weiterlaufen:\n{link}\n\nIhr Paddock-Team',
    'fr-FR':
      "Bonjour,\n\nLa période d'essai gratuite de {device} se termine le {date}. Ensuite, ses alarmes sont suspendues : personne n'est prévenu lorsqu'une alarme se déclenche.\n\nChoisissez un forfait sur la page de réglages de {device} pour que les alarmes continuent sans interruption :\n{link}\n\nL'équipe Paddock",
    'sv-SE':
      'Hej!\n\nDen kostnadsfria provperioden för {device} slutar {date}. Därefter pausas larmen: ingen får veta när ett larm går.\n\nVälj ett abonnemang på inställningssidan för {device} så fortsätter larmen utan avbrott:\n{link}\n\nPaddock-teamet',
  },
  trial_ending_push: {
    'en-GB': 'The trial ends on {date}. Choose a plan to keep the alarms working.',
    'de-DE': 'Die Testphase endet am {date}. Wählen Sie einen Tarif, damit die Alarme weiterlaufen.',
    'fr-FR': "La période d'essai se termine le {date}. Choisissez un forfait pour garder les alarmes.",
    'sv-SE': 'Provperioden slutar {date}. Välj ett abonnemang så fortsätter larmen.',
  },
  trial_ended_subject: {
    'en-GB': 'The trial of {device} has ended: alarms paused',
    'de-DE': 'Die Testphase von {device} ist beendet: Alarme pausiert',
    'fr-FR': "La période d'essai de {device} est terminée : alarmes suspendues",
    'sv-SE': 'Provperioden för {device} har upphört: larmen är pausade',
  },
  trial_ended_text: {
    'en-GB':
      'Hello,\n\nThe free trial of {device} ended on {date}. Its alarms are paused; its settings are kept.\n\nChoose a plan on the settings page of {device} to bring the alarms back as they were:\n{link}\n\nThe Paddock team',
    'de-DE':
      'Hallo,\n\ndie kostenlose Testphase von {device} ist am {date} zu Ende gegangen. Seine Alarme sind pausiert; seine Einstellungen bleiben erhalten.\n\nWählen Sie auf der Einstellungsseite von {device} einen Tarif, dann sind die Alarme wieder so wie zuvor:\n{link}\n\nIhr Paddock-Team',
    'fr-FR':
      "Bonjour,\n\nLa période d'essai gratuite de {device} s'est terminée le {date}. Ses alarmes sont suspendues ; ses réglages sont conservés.\n\nChoisissez un forfait sur la page de réglages de {device} pour retrouver les alarmes telles qu'elles étaient :\n{link}\n\nL'équipe Paddock",
    'sv-SE':
      'Hej!\n\nDen kostnadsfria provperioden för {device} upphörde {date}. Larmen är pausade; inställningarna sparas.\n\nVälj ett abonnemang på inställningssidan för {device} så kommer larmen tillbaka som de var:\n{link}\n\nPaddock-teamet',
  },
  trial_ended_push: {
    'en-GB': 'Alarms paused. Choose a plan to bring them back.',
    'de-DE': 'Alarme pausiert. Wählen Sie einen Tarif, um sie zurückzuholen.',
    'fr-FR': 'Alarmes suspendues. Choisissez un forfait pour les rétablir.',
    'sv-SE': 'Larmen är pausade. Välj ett abonnemang för att få tillbaka dem.',
  },
  warranty_accepted_subject: {
    'en-GB': 'Your warranty for {product} {serial} is registered',
    'de-DE': 'Ihre Garantie für {product} {serial} ist registriert',
    'fr-FR': 'Votre garantie pour {product} {serial} est enregistrée',
    'sv-SE': 'Din garanti för {product} {serial} är registrerad',
  },
  warranty_accepted_text: {
    'en-GB':
      'Hello,\n\nWe have checked your proof of purchase: the warranty for {product} with serial number {serial} is now registered to your account.\n\nYour warranties: {link}\n\nThe Paddock team',
    'de-DE':
      'Hallo,\n\nwir haben Ihren Kaufnachweis geprüft: Die Garantie für {product} mit der Seriennummer {serial} ist jetzt auf Ihr Konto registriert.\n\nIhre Garantien: {link}\n\nIhr Paddock-Team',
    'fr-FR':
      "Bonjour,\n\nNous avons vérifié votre preuve d'achat : la garantie pour {product} portant le numéro de série {serial} est désormais enregistrée sur votre compte.\n\nVos garanties : {link}\n\nL'équipe Paddock",
    'sv-SE':
      'Hej!\n\nVi har granskat ditt inköpsbevis: garantin för {product} med serienummer {serial} är nu registrerad på ditt konto.\n\nDina garantier: {link}\n\nPaddock-teamet',
  },
  warranty_rejected_subject: {
    'en-GB': 'Your warranty for {product} {serial} was not accepted',
    'de-DE': 'Ihre Garantie für {product} {serial} wurde nicht anerkannt',
    'fr-FR': "Votre garantie pour {product} {serial} n'a pas été acceptée",
    'sv-SE': 'Din garanti för {product} {serial} godkändes inte',
  },
  warranty_rejected_text: {
    'en-GB':
      'Hello,\n\nWe have checked the proofs of purchase for {product} with serial number {serial}. Yours did not show that you bought this product, so the warranty is not registered to your account.\n\nIf you have a better proof of purchase, register the product again with it: {link}\n\nThe Paddock team',
    'de-DE':
      'Hallo,\n\nwir haben die Kaufnachweise für {product} mit der Seriennummer {serial} geprüft. Ihr Nachweis hat nicht gezeigt, dass Sie dieses Produkt gekauft haben, daher ist die Garantie nicht auf Ihr Konto registriert.\n\nWenn Sie einen besseren Kaufnachweis haben, registrieren Sie das Produkt damit erneut: {link}\n\nIhr Paddock-Team',
    'fr-FR':
      "Bonjour,\n\nNous avons vérifié les preuves d'achat pour {product} portant le numéro de série {serial}. La vôtre ne montrait pas que vous avez acheté ce produit : la garantie n'est donc pas enregistrée sur votre compte.\n\nSi vous avez une meilleure preuve d'achat, enregistrez à nouveau le produit avec celle-ci : {link}\n\nL'équipe Paddock",
    'sv-SE':
      'Hej!\n\nVi har granskat inköpsbevisen för {product} med serienummer {serial}. Ditt visade inte att du har köpt produkten, så garantin är inte registrerad på ditt konto.\n\nOm du har ett bättre inköpsbevis kan du registrera produkten igen med det: {link}\n\nPaddock-teamet',
  },
  // The built-in payment provider's invoices and portal page (server/src/billing/builtin).
  invoice_title: { 'en-GB': 'Invoice', 'de-DE': 'Rechnung', 'fr-FR': 'Facture', 'sv-SE': 'Faktura' },
  invoice_number: { 'en-GB': 'Invoice number', 'de-DE': 'Rechnungsnummer', 'fr-FR': 'Numéro de facture', 'sv-SE': 'Fakturanummer' },
  invoice_date: { 'en-GB': 'Date', 'de-DE': 'Datum', 'fr-FR': 'Date', 'sv-SE': 'Datum' },
  invoice_seller: { 'en-GB': 'From', 'de-DE': 'Von', 'fr-FR': 'De', 'sv-SE': 'Från' },
  invoice_buyer: { 'en-GB': 'Bill to', 'de-DE': 'Rechnungsempfänger', 'fr-FR': 'Facturé à', 'sv-SE': 'Faktureras till' },
  invoice_vat_number: { 'en-GB': 'VAT number: {vatin}', 'de-DE': 'USt-IdNr.: {vatin}', 'fr-FR': 'N° de TVA : {vatin}', 'sv-SE': 'Momsregistreringsnummer: {vatin}' },
  invoice_description: { 'en-GB': 'Description', 'de-DE': 'Beschreibung', 'fr-FR': 'Description', 'sv-SE': 'Beskrivning' },
  invoice_net: { 'en-GB': 'Net', 'de-DE': 'Netto', 'fr-FR': 'Montant HT', 'sv-SE': 'Netto' },
  invoice_vat: { 'en-GB': 'VAT {rate} %', 'de-DE': 'USt. {rate} %', 'fr-FR': 'TVA {rate} %', 'sv-SE': 'Moms {rate} %' },
  invoice_gross: { 'en-GB': 'Total', 'de-DE': 'Gesamtbetrag', 'fr-FR': 'Total TTC', 'sv-SE': 'Att betala' },
  invoice_reverse_charge: {
    'en-GB': 'Reverse charge: VAT to be accounted for by the recipient (Article 196, Council Directive 2006/112/EC).',
    'de-DE': 'Steuerschuldnerschaft des Leistungsempfängers (Reverse Charge, Art. 196 Richtlinie 2006/112/EG).',
    'fr-FR': 'Autoliquidation : TVA due par le preneur (article 196 de la directive 2006/112/CE).',
    'sv-SE': 'Omvänd betalningsskyldighet: köparen redovisar momsen (artikel 196, rådets direktiv 2006/112/EG).',
  },
  invoice_paid: {
    'en-GB': 'Paid by card. Test mode: no real money was charged.',
    'de-DE': 'Per Karte bezahlt. Testmodus: Es wurde kein echtes Geld abgebucht.',
    'fr-FR': 'Payé par carte. Mode test : aucun argent réel n’a été débité.',
    'sv-SE': 'Betald med kort. Testläge: inga riktiga pengar drogs.',
  },
  // Product names are brands, not translated; {data} is an amount of data written the locale's way.
  invoice_line_monthly: {
    'en-GB': '{product} Monthly',
    'de-DE': '{product} Monatstarif',
    'fr-FR': 'Forfait mensuel {product}',
    'sv-SE': '{product} månadsabonnemang',
  },
  invoice_line_yearly: {
    'en-GB': '{product} Yearly',
    'de-DE': '{product} Jahrestarif',
    'fr-FR': 'Forfait annuel {product}',
    'sv-SE': '{product} årsabonnemang',
  },
  invoice_line_data_small: {
    'en-GB': '{product} Small {data}',
    'de-DE': '{product} Tarif Klein {data}',
    'fr-FR': 'Forfait Petit {product} {data}',
    'sv-SE': '{product} abonnemang Liten {data}',
  },
  invoice_line_data_medium: {
    'en-GB': '{product} Medium {data}',
    'de-DE': '{product} Tarif Mittel {data}',
    'fr-FR': 'Forfait Moyen {product} {data}',
    'sv-SE': '{product} abonnemang Mellan {data}',
  },
  invoice_line_data_large: {
    'en-GB': '{product} Large {data}',
    'de-DE': '{product} Tarif Groß {data}',
    'fr-FR': 'Forfait Grand {product} {data}',
    'sv-SE': '{product} abonnemang Stor {data}',
  },
  invoice_line_extra_data: {
    'en-GB': '{product} extra data {data}',
    'de-DE': '{product} Zusatzdaten {data}',
    'fr-FR': 'Données supplémentaires {product} {data}',
    'sv-SE': '{product} tilläggsdata {data}',
  },
  invoice_line_sms: { 'en-GB': '{count} SMS', 'de-DE': '{count} SMS', 'fr-FR': '{count} SMS', 'sv-SE': '{count} sms' },
  portal_title: { 'en-GB': 'Payment settings', 'de-DE': 'Zahlungseinstellungen', 'fr-FR': 'Paramètres de paiement', 'sv-SE': 'Betalningsinställningar' },
  portal_test_mode: {
    'en-GB': 'Test mode: no real money is charged. Any valid card number works; 4000 0000 0000 0002 is always declined.',
    'de-DE': 'Testmodus: Es wird kein echtes Geld abgebucht. Jede gültige Kartennummer funktioniert; 4000 0000 0000 0002 wird immer abgelehnt.',
    'fr-FR': 'Mode test : aucun argent réel n’est débité. Tout numéro de carte valide fonctionne ; 4000 0000 0000 0002 est toujours refusé.',
    'sv-SE': 'Testläge: inga riktiga pengar dras. Alla giltiga kortnummer fungerar; 4000 0000 0000 0002 avvisas alltid.',
  },
  portal_payment_method: { 'en-GB': 'Payment method', 'de-DE': 'Zahlungsmethode', 'fr-FR': 'Moyen de paiement', 'sv-SE': 'Betalsätt' },
  portal_no_card: {
    'en-GB': 'No card saved: purchases are paid with the built-in test card.',
    'de-DE': 'Keine Karte gespeichert: Käufe werden mit der eingebauten Testkarte bezahlt.',
    'fr-FR': 'Aucune carte enregistrée : les achats sont payés avec la carte de test intégrée.',
    'sv-SE': 'Inget kort sparat: köp betalas med det inbyggda testkortet.',
  },
  portal_card: {
    'en-GB': '{brand} ending in {last4}, expires {expiry}',
    'de-DE': '{brand} mit Endziffern {last4}, gültig bis {expiry}',
    'fr-FR': '{brand} se terminant par {last4}, expire fin {expiry}',
    'sv-SE': '{brand} som slutar på {last4}, giltigt till {expiry}',
  },
  portal_card_declines: {
    'en-GB': 'This test card declines every payment.',
    'de-DE': 'Diese Testkarte lehnt jede Zahlung ab.',
    'fr-FR': 'Cette carte de test refuse tous les paiements.',
    'sv-SE': 'Det här testkortet avvisar alla betalningar.',
  },
  portal_add_card: { 'en-GB': 'Add a card', 'de-DE': 'Karte hinzufügen', 'fr-FR': 'Ajouter une carte', 'sv-SE': 'Lägg till kort' },
  portal_replace_card: { 'en-GB': 'Replace the card', 'de-DE': 'Karte ersetzen', 'fr-FR': 'Remplacer la carte', 'sv-SE': 'Byt kort' },
  portal_card_number: { 'en-GB': 'Card number', 'de-DE': 'Kartennummer', 'fr-FR': 'Numéro de carte', 'sv-SE': 'Kortnummer' },
  portal_card_expiry: { 'en-GB': 'Expiry (MM/YY)', 'de-DE': 'Gültig bis (MM/JJ)', 'fr-FR': 'Expiration (MM/AA)', 'sv-SE': 'Giltigt till (MM/ÅÅ)' },
  portal_card_cvc: { 'en-GB': 'Security code (CVC)', 'de-DE': 'Prüfnummer (CVC)', 'fr-FR': 'Cryptogramme (CVC)', 'sv-SE': 'Säkerhetskod (CVC)' },
  portal_save_card: { 'en-GB': 'Save card', 'de-DE': 'Karte speichern', 'fr-FR': 'Enregistrer la carte', 'sv-SE': 'Spara kort' },
  portal_card_saved: { 'en-GB': 'Card saved.', 'de-DE': 'Karte gespeichert.', 'fr-FR': 'Carte enregistrée.', 'sv-SE': 'Kortet har sparats.' },
  portal_invoices: { 'en-GB': 'Invoices', 'de-DE': 'Rechnungen', 'fr-FR': 'Factures', 'sv-SE': 'Fakturor' },
  portal_no_invoices: { 'en-GB': 'No invoices yet.', 'de-DE': 'Noch keine Rechnungen.', 'fr-FR': 'Aucune facture pour l’instant.', 'sv-SE': 'Inga fakturor ännu.' },
  portal_download_pdf: { 'en-GB': 'Download PDF', 'de-DE': 'PDF herunterladen', 'fr-FR': 'Télécharger le PDF', 'sv-SE': 'Ladda ner PDF' },
  portal_back: { 'en-GB': 'Back to Paddock', 'de-DE': 'Zurück zu Paddock', 'fr-FR': 'Retour à Paddock', 'sv-SE': 'Tillbaka till Paddock' },
  portal_link_invalid: {
    'en-GB': 'This link has expired or is not valid. Open “Manage payment” in Paddock again.',
    'de-DE': 'Dieser Link ist abgelaufen oder ungültig. Öffnen Sie „Zahlung verwalten“ in Paddock erneut.',
    'fr-FR': 'Ce lien a expiré ou n’est pas valide. Ouvrez à nouveau « Gérer le paiement » dans Paddock.',
    'sv-SE': 'Länken har gått ut eller är ogiltig. Öppna ”Hantera betalning” i Paddock igen.',
  },
  card_number_invalid: {
    'en-GB': 'Enter a valid card number.',
    'de-DE': 'Geben Sie eine gültige Kartennummer ein.',
    'fr-FR': 'Saisissez un numéro de carte valide.',
    'sv-SE': 'Ange ett giltigt kortnummer.',
  },
  card_expiry_invalid: {
    'en-GB': 'Enter the expiry as MM/YY.',
    'de-DE': 'Geben Sie das Ablaufdatum als MM/JJ ein.',
    'fr-FR': 'Saisissez la date d’expiration au format MM/AA.',
    'sv-SE': 'Ange giltighetstiden som MM/ÅÅ.',
  },
  card_expired: { 'en-GB': 'This card has expired.', 'de-DE': 'Diese Karte ist abgelaufen.', 'fr-FR': 'Cette carte a expiré.', 'sv-SE': 'Kortet har gått ut.' },
  card_cvc_invalid: {
    'en-GB': 'Enter the 3 or 4 digit security code.',
    'de-DE': 'Geben Sie die 3- oder 4-stellige Prüfnummer ein.',
    'fr-FR': 'Saisissez le cryptogramme à 3 ou 4 chiffres.',
    'sv-SE': 'Ange säkerhetskoden med 3 eller 4 siffror.',
  },
  report_subject_weekly: {
    'en-GB': 'Your Paddock week: {period}',
    'de-DE': 'Ihre Paddock-Woche: {period}',
    'fr-FR': 'Votre semaine Paddock : {period}',
    'sv-SE': 'Din Paddock-vecka: {period}',
  },
  report_subject_monthly: {
    'en-GB': 'Your Paddock month: {period}',
    'de-DE': 'Ihr Paddock-Monat: {period}',
    'fr-FR': 'Votre mois Paddock : {period}',
    'sv-SE': 'Din Paddock-månad: {period}',
  },
  report_intro: {
    'en-GB': 'Hello,\n\nHere is what your devices did from {from} to {to} (times in {zone}).',
    'de-DE': 'Hallo,\n\nSo liefen Ihre Geräte vom {from} bis {to} (Zeiten in {zone}).',
    'fr-FR': 'Bonjour,\n\nVoici ce qu’ont fait vos appareils du {from} au {to} (heures de {zone}).',
    'sv-SE': 'Hej!\n\nSå här gick det för dina enheter från {from} till {to} (tider i {zone}).',
  },
  report_fences: { 'en-GB': 'Fences', 'de-DE': 'Zäune', 'fr-FR': 'Clôtures', 'sv-SE': 'Stängsel' },
  report_fence_line: {
    'en-GB': '{device}: lowest {min} V, average {avg} V, below {level} V for {below} h',
    'de-DE': '{device}: niedrigste {min} V, Durchschnitt {avg} V, unter {level} V während {below} h',
    'fr-FR': '{device} : minimum {min} V, moyenne {avg} V, sous {level} V pendant {below} h',
    'sv-SE': '{device}: lägst {min} V, medel {avg} V, under {level} V i {below} h',
  },
  report_no_readings: {
    'en-GB': '{device}: no readings in this period',
    'de-DE': '{device}: keine Messwerte in diesem Zeitraum',
    'fr-FR': '{device} : aucune mesure sur cette période',
    'sv-SE': '{device}: inga mätvärden under perioden',
  },
  report_alarms: { 'en-GB': 'Alarms', 'de-DE': 'Alarme', 'fr-FR': 'Alarmes', 'sv-SE': 'Larm' },
  report_alarm_line: {
    'en-GB': '{time} {device}: {alarm}, {acknowledged}',
    'de-DE': '{time} {device}: {alarm}, {acknowledged}',
    'fr-FR': '{time} {device} : {alarm}, {acknowledged}',
    'sv-SE': '{time} {device}: {alarm}, {acknowledged}',
  },
  report_acknowledged_by: {
    'en-GB': 'acknowledged by {person}',
    'de-DE': 'bestätigt von {person}',
    'fr-FR': 'acquittée par {person}',
    'sv-SE': 'kvitterat av {person}',
  },
  report_not_acknowledged: {
    'en-GB': 'not acknowledged',
    'de-DE': 'nicht bestätigt',
    'fr-FR': 'non acquittée',
    'sv-SE': 'inte kvitterat',
  },
  report_no_alarms: {
    'en-GB': 'No alarms were raised.',
    'de-DE': 'Es wurden keine Alarme ausgelöst.',
    'fr-FR': 'Aucune alarme ne s’est déclenchée.',
    'sv-SE': 'Inga larm löstes ut.',
  },
  report_plugs: { 'en-GB': 'Plugs', 'de-DE': 'Steckdosen', 'fr-FR': 'Prises', 'sv-SE': 'Uttag' },
  report_plug_line: {
    'en-GB': '{device}: {energy} kWh',
    'de-DE': '{device}: {energy} kWh',
    'fr-FR': '{device} : {energy} kWh',
    'sv-SE': '{device}: {energy} kWh',
  },
  report_plug_cost: {
    'en-GB': '{device}: {energy} kWh, {cost}',
    'de-DE': '{device}: {energy} kWh, {cost}',
    'fr-FR': '{device} : {energy} kWh, {cost}',
    'sv-SE': '{device}: {energy} kWh, {cost}',
  },
  report_sims: { 'en-GB': 'SIM data', 'de-DE': 'SIM-Daten', 'fr-FR': 'Données SIM', 'sv-SE': 'SIM-data' },
  report_sim_line: {
    'en-GB': '{device}: {used} MB used',
    'de-DE': '{device}: {used} MB verbraucht',
    'fr-FR': '{device} : {used} Mo utilisés',
    'sv-SE': '{device}: {used} MB använt',
  },
  report_no_devices: {
    'en-GB': 'You have no devices to report on.',
    'de-DE': 'Sie haben keine Geräte, über die berichtet werden kann.',
    'fr-FR': 'Vous n’avez aucun appareil à présenter.',
    'sv-SE': 'Du har inga enheter att rapportera om.',
  },
  report_csv_note: {
    'en-GB': 'The figures of each device are in the attached CSV file.',
    'de-DE': 'Die Zahlen jedes Geräts finden Sie in der angehängten CSV-Datei.',
    'fr-FR': 'Les chiffres de chaque appareil sont dans le fichier CSV joint.',
    'sv-SE': 'Varje enhets siffror finns i den bifogade CSV-filen.',
  },
  report_unsubscribe_text: {
    'en-GB': 'To stop these reports, open {link}\nor choose Off under E-mail reports on {account}',
    'de-DE': 'Um diese Berichte abzubestellen, öffnen Sie {link}\noder wählen Sie Aus unter E-Mail-Berichte auf {account}',
    'fr-FR': 'Pour ne plus recevoir ces rapports, ouvrez {link}\nou choisissez Désactivés sous Rapports par e-mail sur {account}',
    'sv-SE': 'Om du inte vill ha fler rapporter, öppna {link}\neller välj Av under E-postrapporter på {account}',
  },
  report_signature: { 'en-GB': 'The Paddock team', 'de-DE': 'Ihr Paddock-Team', 'fr-FR': 'L’équipe Paddock', 'sv-SE': 'Paddock-teamet' },
  report_csv_device: { 'en-GB': 'Device', 'de-DE': 'Gerät', 'fr-FR': 'Appareil', 'sv-SE': 'Enhet' },
  report_csv_key: { 'en-GB': 'IMEI/IMSI', 'de-DE': 'IMEI/IMSI', 'fr-FR': 'IMEI/IMSI', 'sv-SE': 'IMEI/IMSI' },
  report_csv_product: { 'en-GB': 'Product', 'de-DE': 'Produkt', 'fr-FR': 'Produit', 'sv-SE': 'Produkt' },
  report_csv_measure: { 'en-GB': 'Measure', 'de-DE': 'Messgröße', 'fr-FR': 'Mesure', 'sv-SE': 'Mått' },
  report_csv_value: { 'en-GB': 'Value', 'de-DE': 'Wert', 'fr-FR': 'Valeur', 'sv-SE': 'Värde' },
  report_csv_unit: { 'en-GB': 'Unit', 'de-DE': 'Einheit', 'fr-FR': 'Unité', 'sv-SE': 'Enhet' },
  report_metric_voltage_min: {
    'en-GB': 'Lowest voltage',
    'de-DE': 'Niedrigste Spannung',
    'fr-FR': 'Tension minimale',
    'sv-SE': 'Lägsta spänning',
  },
  report_metric_voltage_avg: {
    'en-GB': 'Average voltage',
    'de-DE': 'Durchschnittliche Spannung',
    'fr-FR': 'Tension moyenne',
    'sv-SE': 'Medelspänning',
  },
  report_metric_below_level: {
    'en-GB': 'Time below alarm level',
    'de-DE': 'Zeit unter der Alarmschwelle',
    'fr-FR': 'Durée sous le seuil d’alarme',
    'sv-SE': 'Tid under larmnivån',
  },
  report_metric_alarms_raised: {
    'en-GB': 'Alarms raised',
    'de-DE': 'Ausgelöste Alarme',
    'fr-FR': 'Alarmes déclenchées',
    'sv-SE': 'Utlösta larm',
  },
  report_metric_alarms_acknowledged: {
    'en-GB': 'Alarms acknowledged',
    'de-DE': 'Bestätigte Alarme',
    'fr-FR': 'Alarmes acquittées',
    'sv-SE': 'Kvitterade larm',
  },
  report_metric_energy: { 'en-GB': 'Energy', 'de-DE': 'Energie', 'fr-FR': 'Énergie', 'sv-SE': 'Energi' },
  report_metric_cost: { 'en-GB': 'Energy cost', 'de-DE': 'Energiekosten', 'fr-FR': 'Coût de l’énergie', 'sv-SE': 'Energikostnad' },
  report_metric_data_used: {
    'en-GB': 'Data used',
    'de-DE': 'Verbrauchte Daten',
    'fr-FR': 'Données utilisées',
    'sv-SE': 'Använd data',
  },
  report_file_name: { 'en-GB': 'report', 'de-DE': 'bericht', 'fr-FR': 'rapport', 'sv-SE': 'rapport' },
  report_unsubscribe_title: {
    'en-GB': 'E-mail reports',
    'de-DE': 'E-Mail-Berichte',
    'fr-FR': 'Rapports par e-mail',
    'sv-SE': 'E-postrapporter',
  },
  report_unsubscribe_question: {
    'en-GB': 'Stop the e-mail reports to {email}?',
    'de-DE': 'E-Mail-Berichte an {email} abbestellen?',
    'fr-FR': 'Ne plus envoyer les rapports par e-mail à {email} ?',
    'sv-SE': 'Sluta skicka e-postrapporter till {email}?',
  },
  report_unsubscribe_button: {
    'en-GB': 'Stop the reports',
    'de-DE': 'Berichte abbestellen',
    'fr-FR': 'Arrêter les rapports',
    'sv-SE': 'Sluta med rapporterna',
  },
  report_unsubscribed: {
    'en-GB': 'Done: no more e-mail reports will be sent to {email}. You can turn them on again on your account page.',
    'de-DE': 'Erledigt: An {email} werden keine E-Mail-Berichte mehr gesendet. Auf Ihrer Kontoseite können Sie sie wieder einschalten.',
    'fr-FR': 'C’est fait : plus aucun rapport ne sera envoyé à {email}. Vous pouvez les réactiver sur la page de votre compte.',
    'sv-SE': 'Klart: inga fler e-postrapporter skickas till {email}. Du kan slå på dem igen på din kontosida.',
  },
  report_unsubscribe_invalid: {
    'en-GB': 'This link is not valid. Choose your e-mail reports on your account page.',
    'de-DE': 'Dieser Link ist ungültig. Wählen Sie Ihre E-Mail-Berichte auf Ihrer Kontoseite.',
    'fr-FR': 'Ce lien n’est pas valide. Choisissez vos rapports par e-mail sur la page de votre compte.',
    'sv-SE': 'Länken är inte giltig. Välj dina e-postrapporter på din kontosida.',
  },
  report_account_link: { 'en-GB': 'Your account', 'de-DE': 'Ihr Konto', 'fr-FR': 'Votre compte', 'sv-SE': 'Ditt konto' },
} as const satisfies Record<MessageKey, Record<Locale, string>>;

export type MessageValues = Readonly<Record<string, string | number>>;

/** Parsed once per text. */
const formats = new Map<string, { format: IntlMessageFormat; names: string[] }>();

function formatOf(locale: Locale, key: MessageKey) {
  const id = `${locale} ${key}`;
  let parsed = formats.get(id);
  if (!parsed) {
    const text: string = MESSAGES[key][locale];
    // The names after each `{` (a word that is not one, such as a plural's option text, only adds a value unused).
    const names = [...text.matchAll(/\{(\w+)/g)].map((match) => match[1]);
    parsed = { format: new IntlMessageFormat(text, locale), names };
    formats.set(id, parsed);
  }
  return parsed;
}

/** The text of `key` in `locale` with its placeholders filled in; a value not given stays visible as `{name}`. */
export function translate(locale: Locale, key: MessageKey, values: MessageValues = {}): string {
  const { format, names } = formatOf(locale, key);
  const unfilled = Object.fromEntries(names.filter((name) => !(name in values)).map((name) => [name, `{${name}}`]));
  return String(format.format({ ...unfilled, ...values }));
}

/** "5 minutes", "1 Minute", "5 minuter": a whole number of minutes in words of the locale. */
export function formatMinutes(locale: Locale, minutes: number): string {
  return new Intl.NumberFormat(locale, { style: 'unit', unit: 'minute', unitDisplay: 'long' }).format(minutes);
}
