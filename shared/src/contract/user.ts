import { Type, type Static } from '@sinclair/typebox';
import { CODE_PATTERN, PASSWORD_MAX_LENGTH, VATIN_PATTERN } from '../domain/account';
import { PHONE_PATTERN } from '../domain/phone';
import { ENERGY_PRICE_MAX, ENERGY_PRICE_MIN } from '../domain/energyPrice';
import { Country, Email, GeoLocation, Id, IsoTime, Locale, Password } from './common';

const closed = { additionalProperties: false } as const;
const Text = (max: number) => Type.String({ maxLength: max });

export const AccountType = Type.Union([Type.Literal('user'), Type.Literal('admin')]);
export type AccountType = Static<typeof AccountType>;

export const EmailNotifications = Type.Object({ Billing: Type.Boolean(), Device: Type.Boolean(), Marketing: Type.Boolean() }, closed);
export const PushNotifications = Type.Object(
  { Enabled: Type.Boolean(), Tokens: Type.Array(Type.String({ maxLength: 4096 }), { maxItems: 50 }) },
  closed,
);
export const SmsNotifications = Type.Object({ Enabled: Type.Boolean(), Balance: Type.Integer({ minimum: 0 }) }, closed);

/**
 * The user's electricity price (docs/product/limits.md "Energy price"): PerKwh in ten-thousandths of the currency
 * (12345 = 1.2345 per kWh), more than 0 and at most 100.00 per kWh. Plug cards and log pages show costs at it.
 */
export const EnergyPrice = Type.Object(
  {
    PerKwh: Type.Integer({ minimum: ENERGY_PRICE_MIN, maximum: ENERGY_PRICE_MAX }),
    Currency: Type.Union([Type.Literal('SEK'), Type.Literal('EUR')]),
  },
  closed,
);
export type EnergyPrice = Static<typeof EnergyPrice>;

export const User = Type.Object({
  Id,
  CustomerId: Type.String(),
  AccountType,
  Email,
  Phone: Type.String(),
  Locale,
  Country: Type.String(),
  Verified: Type.Boolean(),
  /** A new address waiting for the code mailed to it; the account keeps Email until it is confirmed. */
  PendingEmail: Type.Optional(Email),
  Name: Type.String(),
  Addr1: Type.String(),
  Addr2: Type.String(),
  PostalCode: Type.String(),
  Town: Type.String(),
  Vatin: Type.String(),
  EmailNotifications,
  PushNotifications,
  SmsNotifications,
  /** Null until the user sets one. */
  EnergyPrice: Type.Union([EnergyPrice, Type.Null()]),
  /** The farm's position, for sunrise and sunset timer rules (docs/product/sun-timers.md); null until set. */
  Location: Type.Union([GeoLocation, Type.Null()]),
});
export type User = Static<typeof User>;

export const Token = Type.Object({ String: Type.String(), ExpiresAt: IsoTime });
export type Token = Static<typeof Token>;

export const SignInBody = Type.Object(
  { Email, Password: Type.String({ minLength: 1, maxLength: 256 }), ClientTheme: Type.Optional(Text(64)) },
  closed,
);
export type SignInBody = Static<typeof SignInBody>;

export const SignInReply = Type.Object({ User, Token });
export type SignInReply = Static<typeof SignInReply>;

export const CreateUserBody = Type.Object(
  {
    Email,
    Password,
    Country,
    Locale: Type.Optional(Locale),
    Name: Type.Optional(Text(200)),
    Addr1: Type.Optional(Text(200)),
    Addr2: Type.Optional(Text(200)),
    PostalCode: Type.Optional(Text(20)),
    Town: Type.Optional(Text(100)),
    Vatin: Type.Optional(Type.Union([Type.Literal(''), Type.String({ pattern: VATIN_PATTERN })])),
  },
  closed,
);
export type CreateUserBody = Static<typeof CreateUserBody>;

/** The same for a new and a known address, so a sign-up does not tell which addresses have accounts. */
export const CreateUserReply = Type.Object({ Email });
export type CreateUserReply = Static<typeof CreateUserReply>;

export const VerificationCode = Type.String({ pattern: CODE_PATTERN });

export const ResetPasswordBody = Type.Object({ Email, Password, VerificationCode }, closed);
export type ResetPasswordBody = Static<typeof ResetPasswordBody>;

export const SendCodeBody = Type.Object({ Email }, closed);
export type SendCodeBody = Static<typeof SendCodeBody>;

export const VerifyEmailBody = Type.Object(
  {
    Email,
    VerificationCode,
    /**
     * The password chosen at sign-up: required when more than one sign-up waits for the address, and then it picks
     * the sign-up the code confirms (docs/product/states.md "Session").
     */
    Password: Type.Optional(Type.String({ maxLength: PASSWORD_MAX_LENGTH })),
  },
  closed,
);
export type VerifyEmailBody = Static<typeof VerifyEmailBody>;

export const UpdateUserBody = Type.Object(
  {
    Email: Type.Optional(Email),
    /**
     * The caller's current password: needed when users change their own address to a new one, so a stolen
     * token alone cannot move the account (and its password resets) to another mailbox.
     */
    Password: Type.Optional(Type.String({ maxLength: PASSWORD_MAX_LENGTH })),
    Phone: Type.Optional(Type.Union([Type.Literal(''), Type.String({ pattern: PHONE_PATTERN })])),
    Locale: Type.Optional(Locale),
    EmailNotifications: Type.Optional(EmailNotifications),
    PushNotifications: Type.Optional(Type.Object({ Enabled: Type.Boolean() }, closed)),
    SmsNotifications: Type.Optional(Type.Object({ Enabled: Type.Boolean() }, closed)),
    /** A price sets it, null removes it. */
    EnergyPrice: Type.Optional(Type.Union([EnergyPrice, Type.Null()])),
    /** The farm's position (typed, or the phone's); null removes it. */
    Location: Type.Optional(Type.Union([GeoLocation, Type.Null()])),
    // The invoice details, as at sign-up (docs/product/billing.md): the next invoice is made out to them.
    Name: Type.Optional(Text(200)),
    Addr1: Type.Optional(Text(200)),
    Addr2: Type.Optional(Text(200)),
    PostalCode: Type.Optional(Text(20)),
    Town: Type.Optional(Text(100)),
    Country: Type.Optional(Country),
    /** Empty removes it; else its country's format (400 invalid_vat_number), checked like at sign-up. */
    Vatin: Type.Optional(Type.Union([Type.Literal(''), Type.String({ maxLength: 30 })])),
  },
  closed,
);
export type UpdateUserBody = Static<typeof UpdateUserBody>;

/**
 * PUT /users/{id}/password: the account holder's current password and the new one (the rules of sign-up). The
 * session that changes it stays signed in; every other session of the account is signed out.
 */
export const ChangePasswordBody = Type.Object(
  { CurrentPassword: Type.String({ minLength: 1, maxLength: PASSWORD_MAX_LENGTH }), Password },
  closed,
);
export type ChangePasswordBody = Static<typeof ChangePasswordBody>;

/**
 * DELETE /users/{id} (docs/product/states.md "Session"): the account holder deleting their own account
 * sends the current password; staff deleting someone else's send none (the body may be left out).
 */
export const DeleteUserBody = Type.Object({ Password: Type.Optional(Type.String({ maxLength: PASSWORD_MAX_LENGTH })) }, closed);
export type DeleteUserBody = Static<typeof DeleteUserBody>;

const SummaryDevice = Type.Object({ Product: Type.String(), Key: Type.String(), Name: Type.String() });
/**
 * GET /users/{id}/deletion-summary: what deleting the account takes with it, for the confirmation to list — the
 * devices it owns (unregistered with it), their plans still running (no refund, no renewal), the SMS balance, and the
 * people its devices are shared with (each with the devices they lose).
 */
export const DeletionSummary = Type.Object({
  Devices: Type.Array(SummaryDevice),
  Plans: Type.Array(
    Type.Object({ Key: Type.String(), Name: Type.String(), Trialing: Type.Boolean(), ExpiresAt: IsoTime, Renews: Type.Boolean() }),
  ),
  SmsBalance: Type.Integer({ minimum: 0 }),
  SharedWith: Type.Array(Type.Object({ Email: Type.String(), Devices: Type.Array(Type.String()) })),
});
export type DeletionSummary = Static<typeof DeletionSummary>;

export const SetEmailBody = Type.Object({ Email }, closed);
export type SetEmailBody = Static<typeof SetEmailBody>;

export const UserIdParams = Type.Object({ id: Id }, closed);

/** The fields GET /users searches by, as the server compares them (`field` is taken in any letter case). */
export const USER_SEARCH_FIELDS = ['email', 'id', 'customerid'] as const;
export type UserSearchFieldName = (typeof USER_SEARCH_FIELDS)[number];
/** `email` (prefix, any letter case), `id` or `customerId`, in any letter case (docs/product/api.md); else 400 naming `field`. */
export const UserSearchField = Type.String({ pattern: '^(?:[Ee][Mm][Aa][Ii][Ll]|[Ii][Dd]|[Cc][Uu][Ss][Tt][Oo][Mm][Ee][Rr][Ii][Dd])$' });
export const UserSearchQuery = Type.Object({ field: UserSearchField, target: Type.String({ minLength: 1, maxLength: 254 }) }, closed);
export type UserSearchQuery = Static<typeof UserSearchQuery>;
export const UserList = Type.Array(User);

export const MailboxMessage = Type.Object({ To: Type.String(), Subject: Type.String(), Text: Type.String(), SentAt: IsoTime });
export type MailboxMessage = Static<typeof MailboxMessage>;
export const MailboxQuery = Type.Object({ to: Type.Optional(Type.String({ maxLength: 254 })) }, closed);
/** An SMS in the built-in outbox (admin, GET /api/admin/sms-outbox?to={phone or e-mail}). */
export const SmsOutboxMessage = Type.Object({ To: Type.String(), Text: Type.String(), SentAt: IsoTime });
export type SmsOutboxMessage = Static<typeof SmsOutboxMessage>;

/** POST /users/{id}/device-tokens: a browser's Web Push subscription as JSON (see domain/push.ts). */
export const DeviceTokenBody = Type.Object({ Token: Type.String({ minLength: 1, maxLength: 4096 }) }, closed);
export type DeviceTokenBody = Static<typeof DeviceTokenBody>;
/** GET /push/vapid-public-key: the key a browser subscribes with (applicationServerKey), base64url. */
export const VapidPublicKey = Type.Object({ PublicKey: Type.String() });
export type VapidPublicKey = Static<typeof VapidPublicKey>;
