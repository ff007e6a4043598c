// Every environment variable the server reads, typed, with its default, in one place (docs/architecture/README.md#server).
// CONFIG_DOCS is what docs/configuration.md and .env.example are generated from (configFiles.ts); loadConfig is the
// only reader of process.env.
import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { parseVariantHosts, REGISTRATION_TRIAL_DAYS, type VariantHostRule } from '@paddock/shared/domain';
import { DEVICE_COMMAND_TIMEOUT_MS } from '@paddock/shared/contract';
import { REMOTE_NAMES, type RemoteName } from '@paddock/shared/federation';
import { describeStray, FILE_SUFFIX, readSecretFiles, strayVariables } from './environment';
import { productionPaymentProblem, stripeSettingsProblem, weakSecretProblem } from './secrets';

export interface ConfigDoc {
  name: string;
  default: string;
  meaning: string;
  /** A password, key or URL with credentials: may come from a file named by `<name>_FILE` (docs/operations/configure.md). */
  secret?: boolean;
}

/**
 * The longest a call waits before it answers (a plug's acknowledgement, docs/product/limits.md): the server's request
 * and idle time-outs (Node cuts a request still being answered at either) are derived from it and must stay above
 * it, and a load balancer's above them (docs/operations/configure.md#time-outs).
 */
export const LONGEST_WAIT_SECONDS = DEVICE_COMMAND_TIMEOUT_MS / 1000;
/** How far the request and idle time-outs stay above the longest wait: the 408 leaves well before the connection is cut. */
export const IDLE_MARGIN_SECONDS = 10;

export const CONFIG_DOCS = [
  { name: 'PORT', default: '8080', meaning: 'HTTP port of the API, the shell and the remotes' },
  { name: 'HOST', default: '0.0.0.0', meaning: 'Interface to listen on' },
  {
    name: 'PUBLIC_URL',
    default: 'http://localhost:{PORT}',
    meaning:
      'The address people reach Paddock at (`https://paddock.example.com`, no path): every link Paddock sends (mails, SMS, the payment portal\'s way back) starts with it, never with a request\'s Host header; `{PORT}` is this server\'s port; required with `NODE_ENV=production`',
  },
  { name: 'DATA_DIR', default: './data', meaning: 'Embedded PGlite database directory (relative to the working directory); `memory://` keeps it in memory' },
  { name: 'DATABASE_URL', secret: true, default: '', meaning: 'PostgreSQL connection URL; when set, used instead of the embedded PGlite' },
  {
    name: 'DATABASE_DIRECT_URL',
    secret: true,
    default: '',
    meaning:
      "PostgreSQL itself when `DATABASE_URL` goes through a pooler in transaction mode (PgBouncer): the server's one LISTEN connection and the migrations (a session-level lock) use it, and the statement timeout becomes the role's default in the database (docs/architecture/scale-out.md#database-connections); unset: `DATABASE_URL` is PostgreSQL itself",
  },
  // 10 instances × (7 pooled + 1 listening) = 80 connections, + a migration connection each while they start behind
  // a pooler: within PostgreSQL's default max_connections 100 (97 after its 3 reserved for superusers) with room for
  // psql and monitoring (docs/architecture/scale-out.md#database-connections).
  { name: 'DATABASE_POOL_SIZE', default: '7', meaning: 'PostgreSQL connections per server instance (each also holds one listening connection)' },
  { name: 'DATABASE_POOL_WAIT_MS', default: '2000', meaning: 'How long a request waits for a free PostgreSQL connection before it is answered 503 with Retry-After (at most six waiting requests per connection; more are answered 503 at once)' },
  { name: 'DATABASE_STATEMENT_TIMEOUT_MS', default: '5000', meaning: "PostgreSQL statement timeout of the server's queries (migrations excepted): a stalled or locked database answers 503 with Retry-After instead of holding requests" },
  { name: 'SMTP_URL', secret: true, default: '', meaning: 'SMTP server URL (smtp:// or smtps://); when unset, mails go to the built-in mailbox (GET /api/admin/mailbox)' },
  {
    name: 'ADMIN_MAILBOX',
    default: 'on',
    meaning:
      'The built-in mailbox and SMS outbox the admin area shows (a development tool, docs/product/admin.md "Mailbox"): `off` answers their calls 404 (the admin pages say it is off); off by default when `NODE_ENV` is `production`. Codes in mails to other accounts than the admin\'s own are always masked',
  },
  { name: 'MAIL_FROM', default: 'Paddock <no-reply@paddock.local>', meaning: 'Sender of outgoing mails' },
  { name: 'ADMIN_EMAIL', default: 'admin@paddock.local', meaning: 'Address of the admin account a start creates while no admin exists (an existing account of that address is never made admin: the start then fails)' },
  {
    name: 'ADMIN_PASSWORD',
    secret: true,
    default: '',
    meaning: 'Initial password of that admin; when unset, the first start generates one and prints it once (required in production)',
  },
  { name: 'DEMO_EMAIL', default: 'demo@paddock.local', meaning: 'Verified demo user a start creates while the address is free (an existing account of that address is left as it is)' },
  { name: 'DEMO_PASSWORD', secret: true, default: '', meaning: 'Initial password of the demo user; when unset, generated and printed once when the demo user is created' },
  { name: 'SEED_DEMO', default: 'on', meaning: '`off` skips the demo user, its devices and the demo inventory; off by default when `NODE_ENV` is `production`' },
  {
    name: 'DEMO_DEVICE_SECRET',
    secret: true,
    default: '',
    meaning:
      'The demo inventory\'s device secrets derive from it (the simulator signs in with them); when unset, a random one is made on first start and kept in the database (required in production with `SEED_DEMO` on)',
  },
  {
    name: 'NODE_ENV',
    default: '',
    meaning: '`production`: no demo data unless asked for, and the server refuses to start while a secret above is missing, weak or published',
  },
  {
    name: 'PADDOCK_EMBEDDED',
    default: '',
    meaning:
      'With `NODE_ENV=production`, the embedded parts this installation chooses to run instead of a service (a one-box installation, docs/operations/configure.md): `database` (PGlite in `DATA_DIR` instead of `DATABASE_URL`), `broker` (instead of `MQTT_URL`), `mailbox` (instead of `SMTP_URL`), comma-separated; production refuses to start while a service is missing and not named here',
  },
  { name: 'TOKEN_TTL_HOURS', default: '24', meaning: 'Lifetime of a session token; GET /api/token issues a fresh one' },
  { name: 'RATE_LIMIT_WINDOW_MINUTES', default: '15', meaning: 'Window of every rate limit below' },
  { name: 'RATE_LIMIT_SIGN_IN', default: '10', meaning: 'Failed sign-ins per e-mail and client IP per window' },
  { name: 'RATE_LIMIT_SIGN_IN_IP', default: '50', meaning: 'Failed sign-ins per client IP per window' },
  {
    name: 'RATE_LIMIT_SIGN_IN_EMAIL_CEILING',
    default: '100',
    meaning: 'Failed sign-ins per e-mail from all client IPs together per window (high, so one attacker cannot lock the owner out)',
  },
  { name: 'RATE_LIMIT_SEND_CODE', default: '5', meaning: 'Code e-mails requested per e-mail per window' },
  { name: 'RATE_LIMIT_SEND_CODE_IP', default: '30', meaning: 'Code e-mails requested per client IP per window' },
  { name: 'RATE_LIMIT_VERIFY_EMAIL', default: '10', meaning: 'Wrong verification codes per e-mail and client IP per window' },
  { name: 'RATE_LIMIT_VERIFY_EMAIL_IP', default: '50', meaning: 'Wrong verification codes per client IP per window' },
  { name: 'RATE_LIMIT_PASSWORD', default: '10', meaning: 'Wrong password-reset codes per e-mail and client IP per window' },
  { name: 'RATE_LIMIT_PASSWORD_IP', default: '50', meaning: 'Wrong password-reset codes per client IP per window' },
  {
    name: 'RATE_LIMIT_CODE_EMAIL_CEILING',
    default: '20',
    meaning:
      'Wrong codes (verification and password reset together) per e-mail from all client IPs together per window, a guess counting once for each code it is checked against: high, so one attacker cannot lock the owner out, and low, as it bounds the guesses at the address’s 6-digit codes',
  },
  { name: 'RATE_LIMIT_CREATE_USER', default: '5', meaning: 'Sign-ups per e-mail per window' },
  { name: 'RATE_LIMIT_CREATE_USER_IP', default: '30', meaning: 'Sign-ups per client IP per window' },
  { name: 'RATE_LIMIT_REGISTER_DEVICE', default: '20', meaning: 'Failed device registrations per user per window' },
  { name: 'RATE_LIMIT_REGISTER_DEVICE_IP', default: '50', meaning: 'Failed device registrations per client IP per window' },
  {
    name: 'RATE_LIMIT_PURCHASE',
    default: '20',
    meaning: 'Purchases (SMS bundle, extra data) and payment portal links per signed-in user per window, replays of an Idempotency-Key included',
  },
  { name: 'RATE_LIMIT_PURCHASE_IP', default: '100', meaning: 'Purchases and payment portal links per client IP per window' },
  {
    name: 'RATE_LIMIT_TRANSFER_OFFER',
    default: '10',
    meaning: 'Transfer offers (each mails the address it names) per signed-in user per window, and from one user to one address',
  },
  { name: 'RATE_LIMIT_TRANSFER_OFFER_IP', default: '30', meaning: 'Transfer offers per client IP per window' },
  {
    name: 'TRUST_PROXY',
    default: 'off',
    meaning:
      'Proxies in front of the server whose X-Forwarded-For and X-Forwarded-Proto are believed: their number (`1` behind one load balancer) or their addresses and CIDRs, comma-separated (`10.0.0.0/8,loopback`); `off` believes none',
  },
  {
    name: 'REQUEST_TIMEOUT_SECONDS',
    default: String(LONGEST_WAIT_SECONDS + IDLE_MARGIN_SECONDS),
    meaning: `A request not received in full and answered within this time is cut with 408; must be above the ${LONGEST_WAIT_SECONDS} s a call waits for a device, so that call's own 408 is sent (docs/operations/configure.md#time-outs)`,
  },
  { name: 'HEADERS_TIMEOUT_SECONDS', default: '10', meaning: 'A request whose headers are not received within this time is cut (at most `REQUEST_TIMEOUT_SECONDS`)' },
  {
    name: 'IDLE_TIMEOUT_SECONDS',
    default: String(LONGEST_WAIT_SECONDS + IDLE_MARGIN_SECONDS),
    meaning: `A connection on which nothing is sent or received for this long is closed; must be above the ${LONGEST_WAIT_SECONDS} s a call waits for a device, so its 408 is sent (docs/operations/configure.md#time-outs)`,
  },
  { name: 'KEEP_ALIVE_TIMEOUT_SECONDS', default: '72', meaning: 'How long an idle keep-alive connection is kept open for a next request (above a load balancer\'s idle time-out)' },
  {
    name: 'SHUTDOWN_GRACE_SECONDS',
    default: '25',
    meaning:
      'On SIGTERM or SIGINT the server answers readiness with 503 at once, takes no new work and finishes what it holds within this time, then exits 0 (1, naming what was still running, when the time is up); keep it below the time your supervisor waits before SIGKILL (30 s for Docker and Kubernetes) (docs/operations/deploy.md)',
  },
  { name: 'WEB_ROOT', default: '(the repository)', meaning: 'Folder holding shell/dist and mfe-<name>/dist' },
  { name: 'REMOTE_ACCOUNT_URL', default: '/remotes/account/mf-manifest.json', meaning: 'mf-manifest.json of the account remote, may be on another origin' },
  { name: 'REMOTE_DEVICES_URL', default: '/remotes/devices/mf-manifest.json', meaning: 'mf-manifest.json of the devices remote' },
  { name: 'REMOTE_BILLING_URL', default: '/remotes/billing/mf-manifest.json', meaning: 'mf-manifest.json of the billing remote' },
  { name: 'REMOTE_ADMIN_URL', default: '/remotes/admin/mf-manifest.json', meaning: 'mf-manifest.json of the admin remote' },
  {
    name: 'REMOTES_FILE',
    default: '',
    meaning:
      'A JSON file `{ "devices": "https://cdn.example.com/devices/2.4.1/mf-manifest.json" }` whose entries replace `REMOTE_<NAME>_URL` in /remotes.json; read again when it changes, so a remote moves to a new version without a restart (docs/operations/upgrade.md#redeploying-a-remote-alone); each URL must be a path of this origin or on an origin of `REMOTE_ORIGINS` or `REMOTE_<NAME>_URL`, else the file is refused (logged) and the last good one stays',
  },
  {
    name: 'REMOTE_ORIGINS',
    default: '',
    meaning:
      'Origins remotes may be loaded from besides this one and those of `REMOTE_<NAME>_URL` (the Content-Security-Policy allows them, fixed at start): comma-separated `https://host[:port]`, for the versions `REMOTES_FILE` moves between',
  },
  {
    name: 'ASSET_ORIGIN',
    default: '',
    meaning:
      "Origin the shell's files come from when it is built with `PADDOCK_PUBLIC_PATH` on a CDN (`https://cdn.example.com`); the Content-Security-Policy allows its scripts, styles, fonts and images",
  },
  {
    name: 'VARIANT_HOSTS',
    default: 'partner.localhost=partner',
    meaning:
      'Which host gets which branded variant (docs/product/overview.md): `host=variant` entries, comma-separated, a host may start with `*.` (any host below it); variants `default` and `partner`; any other host is `default`; `off`: every host is `default`',
  },
  {
    name: 'PARTNER_ORIGINS',
    default: 'http://shop.localhost:{PORT}',
    meaning:
      'Origins of partner sites that embed the device dashboard (docs/product/embedding.md): the API answers cross-origin requests from these, on the embed\'s calls only, and a sign-in from them gets an embed-scoped token; comma-separated `scheme://host[:port]`, `{PORT}` is this server\'s port (the default admits the demo partner page at http://shop.localhost:8080/partner-demo/); `off`: none; none by default when `NODE_ENV` is `production`',
  },
  {
    name: 'API_DOCS',
    default: 'on',
    meaning: '`off`: `/api/docs` (the OpenAPI page and its JSON) answers 404; off by default when `NODE_ENV` is `production`',
  },
  { name: 'LOG_LEVEL', default: 'info', meaning: 'pino level: fatal, error, warn, info, debug, trace or silent' },
  {
    name: 'METRICS_TOKEN',
    secret: true,
    default: '',
    meaning:
      'Bearer token of `GET /metrics` on `PORT` (Prometheus text, docs/operations/monitor.md): a scrape without it or with another gets 401; unset: `/metrics` answers 404 there',
  },
  {
    name: 'METRICS_PORT',
    default: '',
    meaning: '`/metrics` alone on this port of `HOST`, without a token (keep it off the public network); unset: no such port',
  },
  {
    name: 'OTEL_EXPORTER_OTLP_ENDPOINT',
    default: '',
    meaning:
      'OpenTelemetry collector (`http://collector:4318`): traces of HTTP requests, database queries, ingest batches and MQTT publishes are exported over OTLP/HTTP to its `/v1/traces`; unset: tracing is not loaded at all. The SDK\'s other `OTEL_*` variables apply too (`OTEL_EXPORTER_OTLP_HEADERS`, `OTEL_TRACES_SAMPLER`, `OTEL_SDK_DISABLED`…, docs/operations/monitor.md#traces)',
  },
  { name: 'OTEL_SERVICE_NAME', default: 'paddock', meaning: 'The service name traces carry' },
  { name: 'MQTT_PORT', default: '1883', meaning: 'Port of the embedded MQTT broker that devices sign in to (docs/protocol.md)' },
  {
    name: 'MQTT_URL',
    secret: true,
    default: '',
    meaning:
      'External MQTT broker (e.g. `mqtt://paddock-server:<password>@broker:1883`, Mosquitto or EMQX with the ACL of docs/protocol.md); when set, no broker is embedded',
  },
  {
    name: 'AMQP_URL',
    secret: true,
    default: '',
    meaning:
      'With `MQTT_URL` on RabbitMQ (its MQTT plugin for devices): device uplinks are consumed from the durable quorum queue `paddock.uplinks` over AMQP at this URL (e.g. `amqp://paddock-server:<password>@broker:5672`), each acknowledged once stored, so a killed instance\'s unstored readings go to the others at once (docs/protocol.md); unset: uplinks come over MQTT shared subscriptions',
  },
  { name: 'MQTT_MAX_PACKET_KB', default: '64', meaning: 'Embedded broker: a client sending a bigger MQTT packet is disconnected' },
  { name: 'MQTT_CONNECT_TIMEOUT_SECONDS', default: '10', meaning: 'Embedded broker: a connection that has not signed in (CONNECT) within this time is closed' },
  {
    name: 'MQTT_SIGN_IN_FAILURES',
    default: '10',
    meaning: 'Embedded broker: failed sign-ins of one device key from one client IP per `RATE_LIMIT_WINDOW_MINUTES`; then that key may not sign in from there until the window is over',
  },
  {
    name: 'MQTT_SIGN_IN_FAILURES_IP',
    default: '500',
    meaning: 'Embedded broker: failed sign-ins from one client IP (all keys) per `RATE_LIMIT_WINDOW_MINUTES`; high, as many devices may share an address (carrier NAT, a TLS proxy)',
  },
  {
    name: 'BROKER_SECRET',
    secret: true,
    default: '',
    meaning:
      'External broker (RabbitMQ, EMQX): one secret shared by all instances. Each instance signs in to the broker as `paddock-server-<instance id>` with a password derived from it (instead of the credentials in `MQTT_URL`/`AMQP_URL`), and Paddock answers the broker\'s HTTP authentication of devices and instances at `/api/broker/<token>/…` (docs/architecture/scale-out.md); unset: those endpoints do not exist',
  },
  { name: 'SIMULATOR', default: 'on', meaning: '`off` disables the device simulator (it runs the demo inventory\'s devices; needs `SEED_DEMO` on)' },
  { name: 'SIMULATOR_INTERVAL_SECONDS', default: '10', meaning: 'Seconds between two readings of each simulated device' },
  {
    name: 'LEASE_TTL_SECONDS',
    default: '10',
    meaning:
      'Singleton work (the simulator; the embedded broker on PostgreSQL) is held by one server instance through a lease in the database, renewed every third of this; a killed holder\'s work moves to another instance within about this plus a third (docs/architecture/scale-out.md)',
  },
  {
    name: 'READINGS_RETENTION_DAYS',
    default: '400',
    meaning:
      'Raw readings are kept this many days, then dropped a whole day\'s partition at a time (docs/architecture/readings.md); later readings arriving older than this are not stored. 400 keeps a year of charts and exports at full detail with a month to spare; older windows draw from the hourly rollups, which are kept',
  },
  { name: 'OFFLINE_SWEEP_SECONDS', default: '30', meaning: 'How often devices silent for three reporting intervals are marked offline' },
  { name: 'NOTIFY_POLL_SECONDS', default: '5', meaning: 'How often the notification worker looks for alarm e-mails, SMS and push messages to send' },
  {
    name: 'REGISTRATION_TRIAL_DAYS',
    default: String(REGISTRATION_TRIAL_DAYS),
    meaning: 'Length of the trial every device registration starts with, in days; a fraction is allowed (`0.0005` is about 43 seconds, for tests)',
  },
  { name: 'RENEWAL_INTERVAL_SECONDS', default: '60', meaning: 'How often the renewal job charges and renews (or ends) the subscriptions whose expiry has passed' },
  { name: 'REPORT_INTERVAL_SECONDS', default: '300', meaning: 'How often the report job looks for weekly and monthly e-mail reports due (docs/product/reports.md); each is sent once whatever the number of instances' },
  { name: 'NOTIFY_QUIET_MINUTES', default: '15', meaning: 'A flapping alarm notifies at most once per this many minutes per device and alarm (its clear is always sent; a trigger held back is sent when the period is over if the alarm is still on)' },
  { name: 'OFFLINE_REMINDER_HOURS', default: '24', meaning: 'A device that stays offline is notified about again every this many hours' },
  {
    name: 'OFFLINE_NOTICE_DELAY_SECONDS',
    default: '120',
    meaning:
      'A device that goes offline is notified about once it has stayed offline this long: devices back within it, as after a restart of a server or broker, send no offline alarm (docs/operations/deploy.md); `0` notifies at once',
  },
  {
    name: 'VAPID_PUBLIC_KEY',
    default: '',
    meaning: 'Web Push VAPID public key (base64url, with `VAPID_PRIVATE_KEY`); when unset, a key pair is made on first start and kept in the database',
  },
  { name: 'VAPID_PRIVATE_KEY', secret: true, default: '', meaning: 'Web Push VAPID private key (base64url)' },
  { name: 'VAPID_SUBJECT', default: '', meaning: 'Contact the push services may reach about this server (`mailto:` or `https:`); default `mailto:` and the `ADMIN_EMAIL`' },
  {
    name: 'PUSH_SERVICE_HOSTS',
    default: 'fcm.googleapis.com,updates.push.services.mozilla.com,*.push.apple.com,*.notify.windows.com',
    meaning: 'Push services (host names, `*.` for any subdomain, optional `:port`) that browsers may register; the server sends to no other address',
  },
  {
    name: 'FCM_SERVICE_ACCOUNT',
    secret: true,
    default: '',
    meaning:
      'Push to the native app through Firebase Cloud Messaging (docs/product/native-app.md): path of the Firebase service-account key file (JSON with `project_id`, `client_email`, `private_key`, `token_uri`), or that JSON itself; when unset, the app\'s registrations are refused and browsers alone get push',
  },
  { name: 'FCM_API_URL', default: 'https://fcm.googleapis.com', meaning: 'Base of the FCM HTTP v1 API (`/v1/projects/{project}/messages:send` is added); `http:` only for a local stand-in (refused with `NODE_ENV=production`)' },
  { name: 'FCM_TOKEN_URL', default: '', meaning: 'OAuth2 token endpoint the FCM access token is asked from; default the service account\'s `token_uri` (a local stand-in in tests)' },
  {
    name: 'NATIVE_APP_ORIGINS',
    default: 'capacitor://localhost,https://localhost',
    meaning:
      'Origins of the native app\'s web view (Capacitor: `capacitor://localhost` on iOS, `https://localhost` on Android), admitted by the API\'s CORS on every call (the app is the full app); `off`: none; none by default when `NODE_ENV` is `production` (set the app\'s origins there)',
  },
  {
    name: 'WEBHOOK_PRIVATE_TARGETS',
    default: 'off',
    meaning:
      '`on`: webhooks (docs/product/webhooks.md) may target `http:` URLs and private or loopback addresses, for a local receiver in tests; refused with `NODE_ENV=production`',
  },
  {
    name: 'PAYMENT_PROVIDER',
    default: 'builtin',
    meaning: '`builtin` takes no real money (test cards, invoices and portal served by Paddock); `stripe` charges through Stripe with the keys below (docs/operations/stripe.md); with `NODE_ENV=production` the server refuses `builtin` unless `PAYMENT_TEST_MODE` is on',
  },
  {
    name: 'PAYMENT_TEST_MODE',
    default: 'off',
    meaning:
      '`on`: a demo or test installation that takes no real money: admits the built-in provider and Stripe test keys (`sk_test_…`, `rk_test_…`) with `NODE_ENV=production`',
  },
  { name: 'STRIPE_SECRET_KEY', secret: true, default: '', meaning: 'Stripe secret or restricted API key (`sk_…`, `rk_…`); required with `PAYMENT_PROVIDER=stripe`' },
  {
    name: 'STRIPE_WEBHOOK_SECRET',
    secret: true,
    default: '',
    meaning: 'Signing secret (`whsec_…`) of the Stripe webhook endpoint `/api/stripe/webhook`; required with `PAYMENT_PROVIDER=stripe`',
  },
  { name: 'STRIPE_API_HOST', default: 'api.stripe.com', meaning: 'Host of the Stripe API (the tests point it at a local stand-in)' },
  { name: 'STRIPE_API_PORT', default: '443', meaning: 'Port of the Stripe API' },
  { name: 'STRIPE_API_PROTOCOL', default: 'https', meaning: '`https`, or `http` for a local stand-in (refused with `NODE_ENV=production`)' },
  {
    name: 'STRIPE_DASHBOARD_URL',
    default: '',
    meaning: 'Base of the Stripe Dashboard links in logs; default `https://dashboard.stripe.com/test` for a test-mode key, else `https://dashboard.stripe.com`',
  },
] as const satisfies readonly ConfigDoc[];

type VarName = (typeof CONFIG_DOCS)[number]['name'];
type Env = Readonly<Record<string, string | undefined>>;

export const RATE_LIMITED_ACTIONS = ['signIn', 'sendCode', 'verifyEmail', 'password', 'createUser', 'registerDevice', 'purchase', 'offerTransfer'] as const;
export type RateLimitedAction = (typeof RATE_LIMITED_ACTIONS)[number];
export interface RateLimit {
  /** Per e-mail (registerDevice, purchase: per user; signIn, verifyEmail, password: per e-mail and client IP). */
  perEmail: number;
  perIp: number;
  /** signIn, verifyEmail, password: per e-mail from every IP together; when missing, ten times perEmail. */
  perEmailCeiling?: number;
}

export interface Config {
  port: number;
  host: string;
  /** Absolute directory of the embedded database, or `memory://`. */
  dataDir: string;
  databaseUrl: string | null;
  /** DATABASE_DIRECT_URL: the session-level connection when databaseUrl is a pooler in transaction mode. */
  databaseDirectUrl: string | null;
  /** PostgreSQL only: connections, the wait for one, and the statement timeout (docs/architecture/README.md#a-stalled-database). */
  databasePool: { size: number; waitMs: number; statementTimeoutMs: number };
  smtpUrl: string | null;
  /** ADMIN_MAILBOX: admins may read the built-in mailbox and SMS outbox (admin/routes.ts). */
  adminMailbox: boolean;
  mailFrom: string;
  /** NODE_ENV=production: the secrets below must be set and strong (checked by loadConfig and the seed). */
  production: boolean;
  /** password null: the first start generates one and prints it once. */
  admin: { email: string; password: string | null };
  /** null when SEED_DEMO=off; password null: generated when the demo user is created. */
  demo: { email: string; password: string | null } | null;
  /** null: a random one kept in the database (loadDemoDeviceSecret). */
  demoDeviceSecret: string | null;
  tokenTtlHours: number;
  rateLimitWindowMinutes: number;
  rateLimits: Record<RateLimitedAction, RateLimit>;
  /** Fastify's trustProxy: false, a hop count, or proxy addresses/CIDRs. Never true: any client could forge its IP. */
  trustProxy: false | number | string[];
  /** Seconds: whole request, its headers, socket inactivity, idle keep-alive. */
  timeouts: { request: number; headers: number; idle: number; keepAlive: number };
  webRoot: string;
  /** Manifest URL per remote, as served in /remotes.json. */
  remoteUrls: Record<RemoteName, string>;
  /** REMOTES_FILE (absolute) or null: remote URLs that replace remoteUrls, read again when the file changes (http/remotes.ts). */
  remotesFile: string | null;
  /** REMOTE_ORIGINS: further origins the CSP allows remotes from. */
  remoteOrigins: string[];
  /** ASSET_ORIGIN: the CDN origin of the shell's files, or null (this origin). */
  assetOrigin: string | null;
  /** VARIANT_HOSTS: host patterns and the branded variant each gets (first match wins; others are default). */
  variantHosts: VariantHostRule[];
  /** PUBLIC_URL: the origin every link Paddock sends starts with (no trailing slash). */
  publicUrl: string;
  /** PARTNER_ORIGINS: the origins whose pages may call the API cross-origin (docs/product/embedding.md). */
  partnerOrigins: string[];
  logLevel: string;
  /** METRICS_TOKEN: the bearer token of /metrics on PORT; null: /metrics is 404 there (observability/http.ts). */
  metricsToken: string | null;
  /** METRICS_PORT: /metrics alone on its own port, without a token; null: none. */
  metricsPort: number | null;
  /** Port of the embedded broker; 0 picks a free one (tests). */
  mqttPort: number;
  /**
   * MQTT_PORT was left at its default: when another broker already holds 1883 (a system Mosquitto, say), the
   * embedded one takes a free port instead of failing `npm start`. A port set on purpose is never swapped.
   */
  mqttPortIsDefault: boolean;
  mqttUrl: string | null;
  /** AMQP_URL: device uplinks from the RabbitMQ quorum queue (mqtt/uplinkQueue.ts); only with mqttUrl. */
  amqpUrl: string | null;
  /** Limits of the embedded broker. */
  mqttLimits: { maxPacketBytes: number; connectTimeoutSeconds: number; signInFailuresPerKey: number; signInFailuresPerIp: number };
  /** BROKER_SECRET: the instances' broker identities and the broker-auth endpoints' key (mqtt/identity.ts); null: neither. */
  brokerSecret: string | null;
  simulator: boolean;
  simulatorIntervalSeconds: number;
  /** LEASE_TTL_SECONDS in ms: how long a lease on singleton work lasts unrenewed (jobs/lease.ts). */
  leaseTtlMs: number;
  /** READINGS_RETENTION_DAYS: raw readings older than this are retired (readings/partitions.ts); fractions allowed. */
  readingsRetentionDays: number;
  offlineSweepSeconds: number;
  notifyPollSeconds: number;
  renewalIntervalSeconds: number;
  /** How often the report job runs (reports/schedule.ts). */
  reportIntervalSeconds: number;
  /** Days of the trial a registration starts (docs/product/devices.md); fractions allowed. */
  registrationTrialDays: number;
  notifyQuietMinutes: number;
  offlineReminderHours: number;
  offlineNoticeDelaySeconds: number;
  shutdownGraceSeconds: number;
  /** VAPID keys from the environment; null: kept in the database (made on first start). */
  vapidKeys: { publicKey: string; privateKey: string } | null;
  /** `mailto:` or `https:` contact sent to the push services with every message. */
  vapidSubject: string;
  /** Host patterns of the push services the server sends to (nothing else: a Token cannot aim it elsewhere). */
  pushServiceHosts: string[];
  /** FCM_SERVICE_ACCOUNT and its URLs: push to the native app (notify/fcm.ts); null: the app cannot register for push. */
  fcm: FcmSettings | null;
  /** NATIVE_APP_ORIGINS: the native app's web view origins, admitted by CORS (http/cors.ts). */
  nativeAppOrigins: string[];
  /** Who takes the money (PAYMENT_PROVIDER): the built-in provider, or Stripe with its settings. */
  payments: { provider: 'builtin' } | { provider: 'stripe'; stripe: StripeSettings };
  /** WEBHOOK_PRIVATE_TARGETS: tests only, webhooks may reach http: and this machine (never in production). */
  webhookPrivateTargets: boolean;
  /** PAYMENT_TEST_MODE: a demo or test installation (no real money); production then admits builtin and Stripe test keys. */
  paymentTestMode: boolean;
  /** API_DOCS: whether /api/docs serves the OpenAPI page and JSON (the document is built either way). */
  apiDocs: boolean;
  /** The clock every expiry and window is measured with; tests replace it. */
  now: () => Date;
}

/** How the server reaches FCM (notify/fcm.ts): the service account it signs in as and the two URLs (local stand-ins in tests). */
export interface FcmSettings {
  projectId: string;
  clientEmail: string;
  /** PEM of the service account's RSA key: never logged. */
  privateKey: string;
  tokenUrl: string;
  apiUrl: string;
}

/** How the server reaches Stripe (billing/stripe/): keys, API address (a local stand-in in tests), Dashboard base. */
export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  api: { host: string; port: number; protocol: 'http' | 'https' };
  /** Test and live mode have different Dashboard addresses. */
  dashboardUrl: string;
}

const REMOTE_URL_VARS: Record<RemoteName, VarName> = {
  account: 'REMOTE_ACCOUNT_URL',
  devices: 'REMOTE_DEVICES_URL',
  billing: 'REMOTE_BILLING_URL',
  admin: 'REMOTE_ADMIN_URL',
};
const SECRET_NAMES: readonly string[] = CONFIG_DOCS.filter((doc: ConfigDoc) => doc.secret).map((doc) => doc.name);
/** Every variable the server reads, the secrets' `_FILE` forms included. */
export const KNOWN_VARIABLES: readonly string[] = [...CONFIG_DOCS.map((doc) => doc.name), ...SECRET_NAMES.map((name) => `${name}${FILE_SUFFIX}`)];
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
/** The repository root: server/src/../.. */
const REPO_ROOT = path.resolve(__dirname, '..', '..');

function reader(given: Env, cwd: string) {
  // Every secret may come from a file (docs/operations/configure.md#secrets-in-files).
  const env = readSecretFiles(given, SECRET_NAMES, cwd);
  const raw = (name: VarName): string => {
    const value = env[name]?.trim();
    if (value) return value;
    return CONFIG_DOCS.find((doc) => doc.name === name)?.default ?? '';
  };
  return {
    text: raw,
    optional: (name: VarName): string | null => env[name]?.trim() || null,
    int(name: VarName, min = 1): number {
      const value = raw(name);
      const n = Number(value);
      if (!/^\d+$/.test(value) || n < min) throw new Error(`${name} must be a whole number of at least ${min}, got "${value}"`);
      return n;
    },
    /** A number above zero, fractions allowed (a trial of seconds for a test). */
    positive(name: VarName): number {
      const value = raw(name);
      const n = Number(value);
      if (!/^\d+(\.\d+)?$/.test(value) || !(n > 0)) throw new Error(`${name} must be a number above 0, got "${value}"`);
      return n;
    },
    flag(name: VarName): boolean {
      const value = raw(name).toLowerCase();
      if (['on', 'true', '1', 'yes'].includes(value)) return true;
      if (['off', 'false', '0', 'no'].includes(value)) return false;
      throw new Error(`${name} must be on or off, got "${value}"`);
    },
    oneOf(name: VarName, allowed: readonly string[]): string {
      const value = raw(name);
      if (!allowed.includes(value)) throw new Error(`${name} must be one of ${allowed.join(', ')}, got "${value}"`);
      return value;
    },
  };
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;

function vapidKeys(publicKey: string | null, privateKey: string | null): Config['vapidKeys'] {
  if (!publicKey && !privateKey) return null;
  if (!publicKey || !privateKey) throw new Error('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together');
  // An uncompressed P-256 point is 65 bytes (87 characters), its private key 32 (43).
  if (!BASE64URL.test(publicKey) || publicKey.length !== 87) throw new Error('VAPID_PUBLIC_KEY must be a base64url P-256 public key (87 characters)');
  if (!BASE64URL.test(privateKey) || privateKey.length !== 43) throw new Error('VAPID_PRIVATE_KEY must be a base64url P-256 private key (43 characters)');
  return { publicKey, privateKey };
}

function vapidSubject(subject: string): string {
  if (!/^(mailto:\S+@\S+|https:\/\/\S+)$/.test(subject)) throw new Error(`VAPID_SUBJECT must be a mailto: or https: URL, got "${subject}"`);
  return subject;
}

// proxy-addr's names for address ranges.
const PROXY_RANGES = ['loopback', 'linklocal', 'uniquelocal'];

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGES.includes(entry)) return true;
  const [address, prefix, extra] = entry.split('/');
  const version = isIP(address);
  if (!version || extra !== undefined) return false;
  if (prefix === undefined) return true;
  // A prefix length, or an IPv4 netmask as proxy-addr also takes.
  return /^\d{1,3}$/.test(prefix) ? Number(prefix) <= (version === 4 ? 32 : 128) : version === 4 && isIP(prefix) === 4;
}

/**
 * `off`, a hop count, or addresses. A bare `on` is refused: believing every X-Forwarded-For lets any client pick
 * its own IP and so reset every per-IP limit.
 */
function trustProxy(value: string): Config['trustProxy'] {
  const lower = value.toLowerCase();
  if (['off', 'false', 'no', '0'].includes(lower)) return false;
  if (['on', 'true', 'yes'].includes(lower)) {
    throw new Error(
      `TRUST_PROXY no longer takes "${value}" (it let any client forge X-Forwarded-For): set the number of proxies in front of the server (1 behind one load balancer) or their addresses, e.g. 10.0.0.0/8`,
    );
  }
  if (/^\d+$/.test(value)) return Number(value);
  const entries = value.split(',').map((entry) => entry.trim()).filter(Boolean);
  const bad = entries.find((entry) => !isProxyAddress(entry));
  if (bad !== undefined || !entries.length) {
    throw new Error(`TRUST_PROXY must be off, a number of proxies, or proxy addresses/CIDRs separated by commas, got "${bad ?? value}"`);
  }
  return entries;
}

function variantHosts(value: string): VariantHostRule[] {
  if (value.toLowerCase() === 'off') return [];
  try {
    return parseVariantHosts(value);
  } catch (error) {
    throw new Error(`VARIANT_HOSTS: ${(error as Error).message}`);
  }
}

/** PUBLIC_URL: an http(s) origin (`{PORT}` replaced); production must name its own, and https. */
export function publicUrl(value: string | null, port: number, production: boolean): string {
  if (value === null && production) throw new Error('PUBLIC_URL must be set with NODE_ENV=production (the https address people reach Paddock at; every link Paddock sends starts with it)');
  const entry = (value ?? 'http://localhost:{PORT}').trim().replace(/\{PORT\}/g, String(port)).replace(/\/+$/, '');
  const url = URL.canParse(entry) ? new URL(entry) : null;
  if (!url || !['http:', 'https:'].includes(url.protocol) || url.origin !== entry.toLowerCase()) {
    throw new Error(`PUBLIC_URL: "${entry}" is not an origin like https://paddock.example.com`);
  }
  if (production && url.protocol !== 'https:') throw new Error('PUBLIC_URL must be an https address with NODE_ENV=production');
  return url.origin;
}

/** REMOTE_ORIGINS, ASSET_ORIGIN: http(s) origins, comma-separated, nothing more (no path, no wildcard). */
export function originList(name: VarName, value: string, { single = false } = {}): string[] {
  if (single && value.includes(',')) throw new Error(`${name} must be one origin like https://cdn.example.com, got "${value}"`);
  return value
    .split(',')
    .map((entry) => entry.trim().replace(/\/$/, ''))
    .filter(Boolean)
    .map((entry) => exactOrigin(name, entry, 'https://cdn.example.com'));
}

/**
 * `entry` itself when it is an http(s) origin and nothing more, else an error naming the variable. No wildcards:
 * each origin is named (a `*` would be a valid host character to the URL parser).
 */
function exactOrigin(name: string, entry: string, example: string): string {
  let origin: string | null = null;
  try {
    const url = new URL(entry);
    if (url.protocol === 'http:' || url.protocol === 'https:') origin = url.origin;
  } catch {
    // not a URL: refused below
  }
  if (origin !== entry.toLowerCase() || entry.includes('*')) throw new Error(`${name}: "${entry}" is not an origin like ${example}`);
  return origin;
}

/** PARTNER_ORIGINS: exact origins (`{PORT}` replaced), each checked to be an http(s) origin and nothing more. */
export function partnerOrigins(value: string, port: number): string[] {
  if (value.toLowerCase() === 'off') return [];
  return value
    .split(',')
    .map((entry) => entry.trim().replace(/\{PORT\}/g, String(port)).replace(/\/$/, ''))
    .filter(Boolean)
    .map((entry) => exactOrigin('PARTNER_ORIGINS', entry, 'https://shop.example.com'));
}

function timeouts(request: number, headers: number, idle: number, keepAlive: number): Config['timeouts'] {
  if (headers > request) throw new Error(`HEADERS_TIMEOUT_SECONDS (${headers}) must not exceed REQUEST_TIMEOUT_SECONDS (${request})`);
  // An idle connection closed while the server waits for a device loses the documented 408, and the client's
  // retry switches the plug again (issue 30; docs/operations/configure.md#time-outs).
  const cut = { REQUEST_TIMEOUT_SECONDS: request, IDLE_TIMEOUT_SECONDS: idle };
  for (const [name, seconds] of Object.entries(cut)) {
    if (seconds <= LONGEST_WAIT_SECONDS) {
      throw new Error(`${name} (${seconds}) must be above the ${LONGEST_WAIT_SECONDS} s a call waits for a device's acknowledgement`);
    }
  }
  return { request, headers, idle, keepAlive };
}

/** WEBHOOK_PRIVATE_TARGETS: a test installation's stand-in receiver; production never sends inside its network. */
function webhookPrivateTargets(on: boolean, production: boolean): boolean {
  if (on && production) throw new Error('WEBHOOK_PRIVATE_TARGETS cannot be on with NODE_ENV=production');
  return on;
}

/** PAYMENT_PROVIDER and, for Stripe, its settings; both keys are required, and production refuses test stand-ins. */
/** FCM_SERVICE_ACCOUNT (a file, or the JSON itself) with FCM_API_URL and FCM_TOKEN_URL; the start fails naming what is wrong. */
export function fcmSettings(read: ReturnType<typeof reader>, production: boolean, cwd: string): FcmSettings | null {
  const value = read.optional('FCM_SERVICE_ACCOUNT');
  if (!value) return null;
  let account: Record<string, unknown>;
  try {
    account = JSON.parse(value.startsWith('{') ? value : readFileSync(path.resolve(cwd, value), 'utf8')) as Record<string, unknown>;
  } catch (error) {
    // The message of a JSON error may quote the key: name the variable only.
    throw new Error(`FCM_SERVICE_ACCOUNT must be a Firebase service-account key file or its JSON (${(error as NodeJS.ErrnoException).code ?? 'not JSON'})`);
  }
  const field = (name: string) => {
    const text = account[name];
    if (typeof text !== 'string' || !text.trim()) throw new Error(`FCM_SERVICE_ACCOUNT: the service account has no ${name}`);
    return text;
  };
  const url = (name: 'FCM_API_URL' | 'FCM_TOKEN_URL', text: string) => {
    let parsed: URL;
    try {
      parsed = new URL(text);
    } catch {
      throw new Error(`${name} must be a URL, got "${text}"`);
    }
    if (parsed.protocol !== 'https:' && (production || parsed.protocol !== 'http:')) throw new Error(`${name} must be an https URL${production ? ' with NODE_ENV=production' : ''}`);
    return parsed.href.replace(/\/+$/, '');
  };
  return {
    projectId: field('project_id'),
    clientEmail: field('client_email'),
    privateKey: field('private_key'),
    tokenUrl: url('FCM_TOKEN_URL', read.optional('FCM_TOKEN_URL') ?? field('token_uri')),
    apiUrl: url('FCM_API_URL', read.text('FCM_API_URL')),
  };
}

/** NATIVE_APP_ORIGINS: `scheme://host[:port]` each (capacitor:// is no URL origin to WHATWG, so written out by hand). */
export function nativeAppOrigins(value: string): string[] {
  if (value.toLowerCase() === 'off') return [];
  return value
    .split(',')
    .map((entry) => entry.trim().toLowerCase().replace(/\/$/, ''))
    .filter(Boolean)
    .map((entry) => {
      if (!/^[a-z][a-z0-9+.-]*:\/\/[a-z0-9.-]+(:\d{1,5})?$/.test(entry)) throw new Error(`NATIVE_APP_ORIGINS: "${entry}" is not an origin like capacitor://localhost`);
      return entry;
    });
}

function payments(read: ReturnType<typeof reader>, production: boolean): Config['payments'] {
  const provider = read.oneOf('PAYMENT_PROVIDER', ['builtin', 'stripe']) as 'builtin' | 'stripe';
  const testMode = read.flag('PAYMENT_TEST_MODE');
  const secretKey = read.optional('STRIPE_SECRET_KEY');
  // Production takes real money unless it says it is a demo (docs/operations/configure.md#production).
  const refused = productionPaymentProblem({ provider, secretKey, production, testMode });
  if (refused) throw new Error(refused);
  if (provider === 'builtin') return { provider: 'builtin' };
  const webhookSecret = read.optional('STRIPE_WEBHOOK_SECRET');
  if (!secretKey || !webhookSecret) throw new Error('PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
  const problem = stripeSettingsProblem({ secretKey, webhookSecret, protocol: read.text('STRIPE_API_PROTOCOL'), production });
  if (problem) throw new Error(problem);
  return {
    provider: 'stripe',
    stripe: {
      secretKey,
      webhookSecret,
      api: { host: read.text('STRIPE_API_HOST'), port: read.int('STRIPE_API_PORT'), protocol: read.oneOf('STRIPE_API_PROTOCOL', ['https', 'http']) as 'http' | 'https' },
      dashboardUrl: (read.optional('STRIPE_DASHBOARD_URL') ?? `https://dashboard.stripe.com${/^[sr]k_test_/.test(secretKey) ? '/test' : ''}`).replace(/\/+$/, ''),
    },
  };
}

/** AMQP_URL takes the uplinks off the MQTT broker: only meaningful next to MQTT_URL (the same RabbitMQ). */
function amqpUrl(value: string | null, mqttUrl: string | null): string | null {
  if (value && !mqttUrl) throw new Error('AMQP_URL needs MQTT_URL: devices sign in to that broker (RabbitMQ with its MQTT plugin), and the uplinks are read from its queue');
  if (value && !/^amqps?:\/\//.test(value)) throw new Error('AMQP_URL must be an amqp:// or amqps:// URL');
  return value;
}

/** BROKER_SECRET signs every instance's broker password: in production it must be strong (secrets.ts). */
function brokerSecret(value: string | null, production: boolean): string | null {
  const problem = production && value ? weakSecretProblem(value) : null;
  if (problem) throw new Error(`BROKER_SECRET ${problem}: with NODE_ENV=production set a long random value`);
  return value;
}

/** The services production needs, the embedded part each stands in for, and the name that opts into it. */
const EMBEDDED_PARTS = [
  { variable: 'DATABASE_URL', part: 'database', what: 'PostgreSQL' },
  { variable: 'MQTT_URL', part: 'broker', what: 'an external MQTT broker' },
  { variable: 'SMTP_URL', part: 'mailbox', what: 'an SMTP server' },
] as const satisfies readonly { variable: VarName; part: string; what: string }[];
/** A near-miss of one of these is an error in production: the start would otherwise run on a default. */
const PRODUCTION_REQUIRED: readonly string[] = [...EMBEDDED_PARTS.map((entry) => entry.variable), 'PUBLIC_URL', 'PADDOCK_EMBEDDED', 'NODE_ENV'];

/**
 * docs/operations/configure.md#production: each instance of a half-configured production would quietly run its own
 * database, broker and mailbox. One message names every missing service and every typo of a required variable.
 */
function refuseHalfConfiguration(read: ReturnType<typeof reader>, env: Env): void {
  const names = EMBEDDED_PARTS.map((entry) => entry.part) as string[];
  const chosen = (read.optional('PADDOCK_EMBEDDED') ?? '').split(',').map((part) => part.trim().toLowerCase()).filter(Boolean);
  const unknown = chosen.filter((part) => !names.includes(part));
  if (unknown.length) throw new Error(`PADDOCK_EMBEDDED takes ${names.join(', ')} (comma-separated), got "${unknown.join(', ')}"`);
  const missing = EMBEDDED_PARTS.filter((entry) => !read.optional(entry.variable) && !chosen.includes(entry.part));
  const typos = strayVariables(env, KNOWN_VARIABLES).filter((stray) => stray.meant && PRODUCTION_REQUIRED.some((name) => stray.meant === name || stray.meant === `${name}${FILE_SUFFIX}`));
  if (!missing.length && !typos.length) return;
  const problems = [
    ...missing.map((entry) => `${entry.variable} is not set (${entry.what}; or PADDOCK_EMBEDDED=${entry.part} to run the embedded ${entry.part} on purpose)`),
    ...typos.map((stray) => `${stray.name} is set: a typo of ${stray.meant}? Paddock does not read it`),
  ];
  throw new Error(`NODE_ENV=production refuses a half configuration:\n  - ${problems.join('\n  - ')}\nA one-box installation names its embedded parts: PADDOCK_EMBEDDED=${names.join(',')} (docs/operations/configure.md)`);
}

/** METRICS_TOKEN guards what the metrics tell about the installation: in production it must be strong (secrets.ts). */
function metricsToken(value: string | null, production: boolean): string | null {
  const problem = production && value ? weakSecretProblem(value) : null;
  if (problem) throw new Error(`METRICS_TOKEN ${problem}: with NODE_ENV=production set a long random value`);
  return value;
}

/** DATABASE_DIRECT_URL means nothing without DATABASE_URL (PGlite has no pooler in front). */
function databaseDirectUrl(url: string | null, direct: string | null): string | null {
  if (direct && !url) throw new Error('DATABASE_DIRECT_URL is set without DATABASE_URL: set DATABASE_URL to the pooler (PgBouncer) and DATABASE_DIRECT_URL to PostgreSQL');
  return direct;
}

/** Reads the configuration from the environment; throws with the variable's name on a bad value. */
export function loadConfig(env: Env = process.env, cwd: string = process.cwd()): Config {
  const read = reader(env, cwd);
  const dataDir = read.text('DATA_DIR');
  const limit = (perEmail: VarName, perIp: VarName): RateLimit => ({ perEmail: read.int(perEmail), perIp: read.int(perIp) });
  const webRoot = read.optional('WEB_ROOT');
  const production = read.optional('NODE_ENV') === 'production';
  if (production) refuseHalfConfiguration(read, env);
  const seedDemo = read.optional('SEED_DEMO') === null ? !production : read.flag('SEED_DEMO');
  const secret = (name: 'ADMIN_PASSWORD' | 'DEMO_PASSWORD' | 'DEMO_DEVICE_SECRET'): string | null => {
    const value = read.optional(name);
    const problem = production && value ? weakSecretProblem(value) : null;
    if (problem) throw new Error(`${name} ${problem}: with NODE_ENV=production set a long random value`);
    return value;
  };
  const demoDeviceSecret = seedDemo ? secret('DEMO_DEVICE_SECRET') : read.optional('DEMO_DEVICE_SECRET');
  if (production && seedDemo && !demoDeviceSecret) {
    throw new Error('DEMO_DEVICE_SECRET must be set when SEED_DEMO is on with NODE_ENV=production (the demo devices sign in with secrets derived from it)');
  }
  return {
    production,
    port: read.int('PORT', 0),
    host: read.text('HOST'),
    dataDir: dataDir.startsWith('memory://') ? dataDir : path.resolve(cwd, dataDir),
    databaseUrl: read.optional('DATABASE_URL'),
    databaseDirectUrl: databaseDirectUrl(read.optional('DATABASE_URL'), read.optional('DATABASE_DIRECT_URL')),
    databasePool: {
      size: read.int('DATABASE_POOL_SIZE'),
      waitMs: read.int('DATABASE_POOL_WAIT_MS'),
      statementTimeoutMs: read.int('DATABASE_STATEMENT_TIMEOUT_MS'),
    },
    smtpUrl: read.optional('SMTP_URL'),
    adminMailbox: read.optional('ADMIN_MAILBOX') === null ? !production : read.flag('ADMIN_MAILBOX'),
    mailFrom: read.text('MAIL_FROM'),
    admin: { email: read.text('ADMIN_EMAIL').toLowerCase(), password: secret('ADMIN_PASSWORD') },
    demo: seedDemo ? { email: read.text('DEMO_EMAIL').toLowerCase(), password: secret('DEMO_PASSWORD') } : null,
    demoDeviceSecret,
    tokenTtlHours: read.int('TOKEN_TTL_HOURS'),
    rateLimitWindowMinutes: read.int('RATE_LIMIT_WINDOW_MINUTES'),
    rateLimits: {
      signIn: { ...limit('RATE_LIMIT_SIGN_IN', 'RATE_LIMIT_SIGN_IN_IP'), perEmailCeiling: read.int('RATE_LIMIT_SIGN_IN_EMAIL_CEILING') },
      sendCode: limit('RATE_LIMIT_SEND_CODE', 'RATE_LIMIT_SEND_CODE_IP'),
      verifyEmail: {
        ...limit('RATE_LIMIT_VERIFY_EMAIL', 'RATE_LIMIT_VERIFY_EMAIL_IP'),
        perEmailCeiling: read.int('RATE_LIMIT_CODE_EMAIL_CEILING'),
      },
      password: {
        ...limit('RATE_LIMIT_PASSWORD', 'RATE_LIMIT_PASSWORD_IP'),
        perEmailCeiling: read.int('RATE_LIMIT_CODE_EMAIL_CEILING'),
      },
      createUser: limit('RATE_LIMIT_CREATE_USER', 'RATE_LIMIT_CREATE_USER_IP'),
      registerDevice: limit('RATE_LIMIT_REGISTER_DEVICE', 'RATE_LIMIT_REGISTER_DEVICE_IP'),
      purchase: limit('RATE_LIMIT_PURCHASE', 'RATE_LIMIT_PURCHASE_IP'),
      offerTransfer: limit('RATE_LIMIT_TRANSFER_OFFER', 'RATE_LIMIT_TRANSFER_OFFER_IP'),
    },
    trustProxy: trustProxy(read.text('TRUST_PROXY')),
    timeouts: timeouts(read.int('REQUEST_TIMEOUT_SECONDS'), read.int('HEADERS_TIMEOUT_SECONDS'), read.int('IDLE_TIMEOUT_SECONDS'), read.int('KEEP_ALIVE_TIMEOUT_SECONDS')),
    webRoot: webRoot ? path.resolve(cwd, webRoot) : REPO_ROOT,
    remoteUrls: Object.fromEntries(REMOTE_NAMES.map((name) => [name, read.text(REMOTE_URL_VARS[name])])) as Record<RemoteName, string>,
    remotesFile: read.optional('REMOTES_FILE') === null ? null : path.resolve(cwd, read.text('REMOTES_FILE')),
    remoteOrigins: originList('REMOTE_ORIGINS', read.text('REMOTE_ORIGINS')),
    assetOrigin: originList('ASSET_ORIGIN', read.text('ASSET_ORIGIN'), { single: true })[0] ?? null,
    variantHosts: variantHosts(read.text('VARIANT_HOSTS')),
    publicUrl: publicUrl(read.optional('PUBLIC_URL'), read.int('PORT', 0), production),
    // The demo partner page and the Capacitor origins are for development: production admits only origins it names.
    partnerOrigins: partnerOrigins(read.optional('PARTNER_ORIGINS') ?? (production ? 'off' : read.text('PARTNER_ORIGINS')), read.int('PORT', 0)),
    logLevel: read.oneOf('LOG_LEVEL', LOG_LEVELS),
    metricsToken: metricsToken(read.optional('METRICS_TOKEN'), production),
    metricsPort: read.optional('METRICS_PORT') === null ? null : read.int('METRICS_PORT', 0),
    mqttPort: read.int('MQTT_PORT'),
    mqttPortIsDefault: read.optional('MQTT_PORT') === null,
    mqttUrl: read.optional('MQTT_URL'),
    amqpUrl: amqpUrl(read.optional('AMQP_URL'), read.optional('MQTT_URL')),
    mqttLimits: {
      maxPacketBytes: read.int('MQTT_MAX_PACKET_KB') * 1024,
      connectTimeoutSeconds: read.int('MQTT_CONNECT_TIMEOUT_SECONDS'),
      signInFailuresPerKey: read.int('MQTT_SIGN_IN_FAILURES'),
      signInFailuresPerIp: read.int('MQTT_SIGN_IN_FAILURES_IP'),
    },
    brokerSecret: brokerSecret(read.optional('BROKER_SECRET'), production),
    simulator: read.flag('SIMULATOR'),
    simulatorIntervalSeconds: read.int('SIMULATOR_INTERVAL_SECONDS'),
    leaseTtlMs: read.int('LEASE_TTL_SECONDS') * 1000,
    readingsRetentionDays: read.positive('READINGS_RETENTION_DAYS'),
    offlineSweepSeconds: read.int('OFFLINE_SWEEP_SECONDS'),
    notifyPollSeconds: read.int('NOTIFY_POLL_SECONDS'),
    renewalIntervalSeconds: read.int('RENEWAL_INTERVAL_SECONDS'),
    reportIntervalSeconds: read.int('REPORT_INTERVAL_SECONDS'),
    registrationTrialDays: read.positive('REGISTRATION_TRIAL_DAYS'),
    notifyQuietMinutes: read.int('NOTIFY_QUIET_MINUTES', 0),
    offlineReminderHours: read.int('OFFLINE_REMINDER_HOURS'),
    offlineNoticeDelaySeconds: read.int('OFFLINE_NOTICE_DELAY_SECONDS', 0),
    shutdownGraceSeconds: read.int('SHUTDOWN_GRACE_SECONDS'),
    vapidKeys: vapidKeys(read.optional('VAPID_PUBLIC_KEY'), read.optional('VAPID_PRIVATE_KEY')),
    vapidSubject: vapidSubject(read.optional('VAPID_SUBJECT') ?? `mailto:${read.text('ADMIN_EMAIL').toLowerCase()}`),
    pushServiceHosts: read
      .text('PUSH_SERVICE_HOSTS')
      .split(',')
      .map((host) => host.trim().toLowerCase())
      .filter(Boolean),
    fcm: fcmSettings(read, production, cwd),
    nativeAppOrigins: nativeAppOrigins(read.optional('NATIVE_APP_ORIGINS') ?? (production ? 'off' : read.text('NATIVE_APP_ORIGINS'))),
    payments: payments(read, production),
    paymentTestMode: read.flag('PAYMENT_TEST_MODE'),
    webhookPrivateTargets: webhookPrivateTargets(read.flag('WEBHOOK_PRIVATE_TARGETS'), production),
    apiDocs: read.optional('API_DOCS') === null ? !production : read.flag('API_DOCS'),
    now: () => new Date(),
  };
}

/** The start's warnings about set variables the server does not read but that look like its own (environment.ts). */
export function strayVariableWarnings(env: Env = process.env): string[] {
  return strayVariables(env, KNOWN_VARIABLES).map(describeStray);
}

/** The env table as markdown, for docs/configuration.md (configFiles.ts) and `main.ts env`. */
export function configDocsMarkdown(): string {
  const secretNote = (doc: ConfigDoc) => (doc.secret ? ` (secret: or from the file \`${doc.name}${FILE_SUFFIX}\` names)` : '');
  const rows = CONFIG_DOCS.map((doc: ConfigDoc) => `| \`${doc.name}\` | ${doc.default ? `\`${doc.default}\`` : '(unset)'} | ${doc.meaning}${secretNote(doc)} |`);
  return ['| Variable | Default | Meaning |', '|---|---|---|', ...rows].join('\n');
}
