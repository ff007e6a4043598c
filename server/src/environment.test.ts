// docs/operations/configure.md: production refuses a half configuration, typos of Paddock's variables are reported,
// and every secret may come from a file (`NAME_FILE`).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CONFIG_DOCS, loadConfig, strayVariableWarnings } from './config';
import { typoDistance } from './environment';

const STRONG = 'Kq7-vT2m-Xw9p-Lr4z';
/** A production start that names its address and takes no real money, but has said nothing about its services. */
const PRODUCTION = { NODE_ENV: 'production', PUBLIC_URL: 'https://paddock.example.com', PAYMENT_TEST_MODE: 'on' };
const SERVICES = { DATABASE_URL: 'postgres://paddock:pw@db/paddock', MQTT_URL: 'mqtt://paddock:pw@broker:1883', SMTP_URL: 'smtp://paddock:pw@mail:587' };

describe('NODE_ENV=production without its services', () => {
  it('refuses to start, naming every missing variable and the opt-in of each embedded part', () => {
    let message = '';
    try {
      loadConfig(PRODUCTION, '/srv');
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/^NODE_ENV=production refuses a half configuration/);
    expect(message).toContain('DATABASE_URL is not set');
    expect(message).toContain('PADDOCK_EMBEDDED=database');
    expect(message).toContain('MQTT_URL is not set');
    expect(message).toContain('SMTP_URL is not set');
    expect(message).toContain('PADDOCK_EMBEDDED=database,broker,mailbox');
  });

  it('names only what is still missing', () => {
    const refused = () => loadConfig({ ...PRODUCTION, DATABASE_URL: SERVICES.DATABASE_URL, PADDOCK_EMBEDDED: 'mailbox' }, '/srv');
    expect(refused).toThrow(/MQTT_URL is not set/);
    expect(refused).not.toThrow(/DATABASE_URL is not set|SMTP_URL is not set/);
  });

  it('starts with the three services, or with the embedded parts opted into by name', () => {
    expect(loadConfig({ ...PRODUCTION, ...SERVICES }, '/srv')).toMatchObject({ production: true, databaseUrl: SERVICES.DATABASE_URL });
    expect(loadConfig({ ...PRODUCTION, PADDOCK_EMBEDDED: ' Database, broker ,mailbox' }, '/srv')).toMatchObject({ databaseUrl: null, mqttUrl: null, smtpUrl: null });
    expect(loadConfig({ ...PRODUCTION, DATABASE_URL: SERVICES.DATABASE_URL, PADDOCK_EMBEDDED: 'broker,mailbox' }, '/srv').databaseUrl).toBe(SERVICES.DATABASE_URL);
  });

  it('refuses an embedded part it does not know, naming the variable', () => {
    expect(() => loadConfig({ ...PRODUCTION, PADDOCK_EMBEDDED: 'database,broker,mail' }, '/srv')).toThrow(/^PADDOCK_EMBEDDED takes database, broker, mailbox .*"mail"/);
  });

  it('is not asked outside production: the embedded parts are the development default', () => {
    expect(loadConfig({}, '/srv')).toMatchObject({ databaseUrl: null, mqttUrl: null, smtpUrl: null });
  });
});

describe('variables that look like Paddock’s', () => {
  it('counts a swap of two neighbours as one typo', () => {
    expect(typoDistance('SMTP_URL', 'SMTP_ULR')).toBe(1);
    expect(typoDistance('DATABASE_URL', 'DATABSE_URL')).toBe(1);
    expect(typoDistance('HOST', 'HOME')).toBe(2);
  });

  it('warns about near-misses and unknown PADDOCK_ variables in every mode', () => {
    const warnings = strayVariableWarnings({
      DATABSE_URL: 'postgres://db/paddock',
      SMTP_ULR: 'smtp://mail',
      database_url: 'postgres://db/paddock',
      PROT: '8080',
      PADDOCK_COLOUR: 'green',
    });
    expect(warnings).toEqual([
      'DATABSE_URL is not a Paddock variable: did you mean DATABASE_URL? (it is ignored)',
      'SMTP_ULR is not a Paddock variable: did you mean SMTP_URL? (it is ignored)',
      'database_url is not a Paddock variable: did you mean DATABASE_URL? (it is ignored)',
      'PROT is not a Paddock variable: did you mean PORT? (it is ignored)',
      'PADDOCK_COLOUR is not a Paddock variable (it is ignored)',
    ]);
  });

  it('leaves the system’s, the tooling’s and its own variables alone', () => {
    const env = { HOME: '/home/u', PATH: '/bin', HOSTNAME: 'farm', PWD: '/srv', TERM: 'xterm', PADDOCK_TEST_DB: 'postgres', TEST_DATABASE_URL: 'x', npm_config_loglevel: 'warn' };
    const own = Object.fromEntries(CONFIG_DOCS.map((doc) => [doc.name, 'x']));
    expect(strayVariableWarnings({ ...env, ...own, DATABASE_URL_FILE: '/run/secrets/db' })).toEqual([]);
  });

  it('outside production a typo is a warning only; in production a typo of a required variable refuses the start, naming both', () => {
    expect(() => loadConfig({ DATABSE_URL: 'postgres://db/paddock' }, '/srv')).not.toThrow();
    const typo = () => loadConfig({ ...PRODUCTION, ...SERVICES, SMTP_ULR: 'smtp://mail' }, '/srv');
    expect(typo).toThrow(/SMTP_ULR is set: a typo of SMTP_URL\?/);
    // The typo is what left DATABASE_URL unset: both are named in the one message.
    const missing = () => loadConfig({ ...PRODUCTION, MQTT_URL: SERVICES.MQTT_URL, SMTP_URL: SERVICES.SMTP_URL, DATABSE_URL: 'postgres://db/paddock' }, '/srv');
    expect(missing).toThrow(/DATABASE_URL is not set[^]*DATABSE_URL is set: a typo of DATABASE_URL\?/);
    // A typo of a variable production does not require is only warned about.
    expect(() => loadConfig({ ...PRODUCTION, ...SERVICES, RATE_LIMIT_SIGN_IM: '3' }, '/srv')).not.toThrow();
  });
});

describe('secrets from files (NAME_FILE)', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'paddock-secrets-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const secretFile = (name: string, content: string) => {
    const file = path.join(dir, name);
    writeFileSync(file, content);
    return file;
  };

  it('marks the passwords, keys and URLs with credentials as secrets', () => {
    const secrets = CONFIG_DOCS.filter((doc) => 'secret' in doc && doc.secret).map((doc) => doc.name);
    expect(secrets).toEqual(expect.arrayContaining(['DATABASE_URL', 'SMTP_URL', 'ADMIN_PASSWORD', 'BROKER_SECRET', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'VAPID_PRIVATE_KEY', 'FCM_SERVICE_ACCOUNT']));
    expect(secrets).not.toContain('PORT');
  });

  it('reads the value from the file, without one trailing newline, a relative path from the working directory', () => {
    secretFile('admin', `${STRONG}\n`);
    const config = loadConfig({ ...PRODUCTION, ...SERVICES, ADMIN_PASSWORD_FILE: 'admin', DATABASE_URL: '', DATABASE_URL_FILE: secretFile('db', `${SERVICES.DATABASE_URL}\r\n`) }, dir);
    expect(config.admin.password).toBe(STRONG);
    expect(config.databaseUrl).toBe(SERVICES.DATABASE_URL);
  });

  it('counts a service from a file as set in production, and checks a secret from a file like any other', () => {
    expect(loadConfig({ ...PRODUCTION, PADDOCK_EMBEDDED: 'broker,mailbox', DATABASE_URL_FILE: secretFile('db', SERVICES.DATABASE_URL) }, dir).databaseUrl).toBe(SERVICES.DATABASE_URL);
    expect(() => loadConfig({ ...PRODUCTION, ...SERVICES, ADMIN_PASSWORD_FILE: secretFile('weak', 'paddock-admin-2026\n') }, dir)).toThrow(/^ADMIN_PASSWORD is a published default/);
  });

  it('refuses both a variable and its file, naming both', () => {
    const both = () => loadConfig({ ADMIN_PASSWORD: STRONG, ADMIN_PASSWORD_FILE: secretFile('admin', STRONG) }, dir);
    expect(both).toThrow('ADMIN_PASSWORD and ADMIN_PASSWORD_FILE are both set');
  });

  it('refuses a file it cannot read, naming the variable and the path but never the content', () => {
    const missing = path.join(dir, 'missing');
    expect(() => loadConfig({ STRIPE_SECRET_KEY_FILE: missing }, dir)).toThrow(`STRIPE_SECRET_KEY_FILE: cannot read ${missing} (ENOENT)`);
    // A directory cannot be read as a file (and unlike a chmod, this holds for root too).
    let message = '';
    try {
      loadConfig({ STRIPE_SECRET_KEY_FILE: dir, STRIPE_SECRET_KEY: '' }, dir);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toBe(`STRIPE_SECRET_KEY_FILE: cannot read ${dir} (EISDIR)`);
  });

  it('takes no file for a variable that is not a secret: it is reported as not Paddock’s', () => {
    expect(loadConfig({ PORT_FILE: secretFile('port', '9000') }, dir).port).toBe(8080);
    expect(strayVariableWarnings({ PORT_FILE: 'x' })).toEqual(['PORT_FILE is not a Paddock variable: PORT is no secret, so it is not read from a file (it is ignored)']);
  });
});
