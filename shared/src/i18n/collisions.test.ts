// Words that mean different things must read differently in every language (docs/architecture/README.md#habits): German
// "Abmelden" once named both Sign out and Unregister, French "Enregistrer" both Save and Register. Each pair below is two
// texts a user meets on the same screens; the test fails when one language gives them the same words.
import { LOCALES, type Locale } from '../domain/account';
import { messageFiles, translationSets } from '../testing/messageFiles';

/** Every text of the app by id, per locale. */
function catalogue(): Record<Locale, Record<string, string>> {
  const all = Object.fromEntries(LOCALES.map((l) => [l, {}])) as Record<Locale, Record<string, string>>;
  for (const file of messageFiles()) {
    for (const set of translationSets(file)) {
      for (const locale of LOCALES) Object.assign(all[locale], set.catalogs[locale]);
    }
  }
  return all;
}

/** Pairs of texts that name different acts or things and meet on the same screens. */
const MUST_DIFFER: readonly (readonly [string, string, string])[] = [
  ['shell.layout.signOut', 'devices.settings.unregister', 'the navbar’s Sign out and a device page’s Unregister'],
  ['devices.settings.save', 'devices.register.submit', 'Save and Register (a device)'],
  ['devices.settings.save', 'devices.settings.unregister', 'Save and Unregister on a device page'],
  ['devices.settings.saved', 'devices.register.registered', 'saved settings and a registered device'],
  ['devices.settings.save', 'devices.dashboard.register', 'Save and “Register a device”'],
  ['devices.settings.save', 'devices.register.chooserTitle', 'Save and “Register a device”'],
  ['account.settings.save', 'devices.register.submit', 'Save and Register (a device)'],
  ['shell.layout.signIn', 'devices.register.submit', 'Sign in and Register (a device)'],
  ['shell.layout.signOut', 'account.settings.deleteButton', 'Sign out and Delete account'],
  ['devices.settings.unregister', 'devices.settings.invite', 'Unregister and Invite on a device page'],
  ['devices.settings.unregisterTitle', 'devices.settings.removeLabel', 'unregistering the device and removing a person'],
  ['devices.dashboard.power', 'devices.dashboard.consumption', 'the plug’s power switch and its consumption'],
  ['devices.logs.export', 'devices.settings.save', 'Export and Save'],
];

/** Texts compared without placeholders and punctuation, so "Retirer {name} ?" and "Retirer {email}" count as the same words. */
const words = (text: string) =>
  text
    .replace(/\{[^}]*\}/g, '')
    .replace(/[\s?.!:…]+/g, ' ')
    .trim()
    .toLowerCase();

/** The locales in which the texts `a` and `b` read the same. */
function collisions(all: Record<Locale, Record<string, string>>, a: string, b: string): Locale[] {
  return LOCALES.filter((locale) => {
    const [x, y] = [all[locale][a], all[locale][b]];
    return x !== undefined && y !== undefined && words(x) === words(y);
  });
}

const texts = catalogue();

test.each(MUST_DIFFER.map(([a, b, why]) => [why, a, b]))('%s read differently in every language', (_why, a, b) => {
  for (const locale of LOCALES) {
    expect(texts[locale][a]).toBeDefined();
    expect(texts[locale][b]).toBeDefined();
  }
  expect(collisions(texts, a, b)).toEqual([]);
});

test('the check catches the old collisions: German Abmelden, French Enregistrer', () => {
  const old = {
    'en-GB': { signOut: 'Sign out', unregister: 'Unregister', save: 'Save', register: 'Register' },
    'de-DE': { signOut: 'Abmelden', unregister: 'Abmelden', save: 'Speichern', register: 'Registrieren' },
    'fr-FR': { signOut: 'Se déconnecter', unregister: 'Désenregistrer', save: 'Enregistrer', register: 'Enregistrer' },
    'sv-SE': { signOut: 'Logga ut', unregister: 'Avregistrera', save: 'Spara', register: 'Registrera' },
  };
  expect(collisions(old, 'signOut', 'unregister')).toEqual(['de-DE']);
  expect(collisions(old, 'save', 'register')).toEqual(['fr-FR']);
  expect(collisions({ ...old, 'fr-FR': { a: 'Retirer {name} ?', b: 'Retirer {email}' } }, 'a', 'b')).toEqual(['fr-FR']);
});
