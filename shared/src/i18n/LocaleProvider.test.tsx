// Languages loaded when first shown (docs/architecture/README.md#budgets): a production build keeps only en-GB in
// each module and hands defineTranslations a loader per other language (webpack/loaders/precompileMessages.js);
// the providers show a language once its texts are in, keep the one shown while another loads, and fall back to
// en-GB when a language cannot be loaded.
import { act, render, screen } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import type { ReactNode } from 'react';
import type { Locale } from '../domain/account';
import { localeAtom } from '../session/store';
import { catalogsReady, defineTranslations, loadCatalogs, type LocaleTexts, type Translated } from './define';
import { LocaleProvider, Translations, useT } from './LocaleProvider';

const GREETING: Translated = { 'en-GB': 'Good morning', 'de-DE': 'Guten Morgen', 'fr-FR': 'Bonjour', 'sv-SE': 'God morgon' };

/** A load the test settles by hand. */
function deferred() {
  let resolve!: (texts: LocaleTexts) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<LocaleTexts>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** A set as a production build makes it: en-GB in the module, each other language behind a loader. */
function builtSet(prefix: string) {
  const loads = { 'de-DE': deferred(), 'fr-FR': deferred(), 'sv-SE': deferred() };
  const calls: Locale[] = [];
  const loader = (locale: keyof typeof loads) => () => {
    calls.push(locale);
    return loads[locale].promise;
  };
  const set = defineTranslations(prefix, { greeting: { 'en-GB': GREETING['en-GB'] } as Translated }, {
    'de-DE': loader('de-DE'),
    'fr-FR': loader('fr-FR'),
    'sv-SE': loader('sv-SE'),
  });
  const answer = (locale: keyof typeof loads) => loads[locale].resolve({ greeting: GREETING[locale] });
  return { set, loads, calls, answer };
}

describe('defineTranslations with languages to load', () => {
  test('has en-GB at once and each other language once loaded, each loaded once', async () => {
    const { set, calls, answer } = builtSet('t.load');
    expect(set.catalogs['en-GB']).toEqual({ 't.load.greeting': 'Good morning' });
    expect(catalogsReady([set], 'de-DE')).toBe(false);
    const first = loadCatalogs([set], 'de-DE');
    const second = loadCatalogs([set], 'de-DE');
    answer('de-DE');
    await Promise.all([first, second]);
    expect(calls).toEqual(['de-DE']);
    expect(set.catalogs['de-DE']).toEqual({ 't.load.greeting': 'Guten Morgen' });
    await loadCatalogs([set], 'de-DE');
    expect(calls).toEqual(['de-DE']);
  });

  test('a failed load rejects and is tried again next time', async () => {
    const first = deferred();
    let attempts = 0;
    const set = defineTranslations('t.retry', { greeting: { 'en-GB': 'Good morning' } as Translated }, {
      'sv-SE': () => (++attempts === 1 ? first.promise : Promise.resolve({ greeting: 'God morgon' })),
    });
    const failing = loadCatalogs([set], 'sv-SE');
    first.reject(new Error('offline'));
    await expect(failing).rejects.toThrow('offline');
    await loadCatalogs([set], 'sv-SE');
    expect(set.catalogs['sv-SE']).toEqual({ 't.retry.greeting': 'God morgon' });
  });

  test('without loaders (tests, the server) every language is in place', () => {
    const set = defineTranslations('t.all', { greeting: GREETING });
    expect(catalogsReady([set], 'fr-FR')).toBe(true);
    expect(set.catalogs['fr-FR']).toEqual({ 't.all.greeting': 'Bonjour' });
  });
});

describe('the providers', () => {
  let errors: jest.SpyInstance;
  beforeEach(() => {
    errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => errors.mockRestore());

  function Greeting({ set }: { set: ReturnType<typeof builtSet>['set'] }) {
    return <p>{useT()(set.messages.greeting)}</p>;
  }

  function renderIn(locale: Locale, children: ReactNode, translations: Parameters<typeof LocaleProvider>[0]['translations']) {
    const store = createStore();
    store.set(localeAtom, locale);
    const view = render(
      <Provider store={store}>
        <LocaleProvider translations={translations}>{children}</LocaleProvider>
      </Provider>,
    );
    return { store, view };
  }

  test('the app shows nothing until its language is in, then that language', async () => {
    const shell = builtSet('t.shell');
    renderIn('de-DE', <Greeting set={shell.set} />, [shell.set]);
    expect(screen.queryByText(/Morgen|morning/)).toBeNull();
    await act(async () => shell.answer('de-DE'));
    expect(screen.getByText('Guten Morgen')).toBeInTheDocument();
  });

  test('another language: the page keeps the one shown until the new one is in', async () => {
    const shell = builtSet('t.switch');
    const { store } = renderIn('en-GB', <Greeting set={shell.set} />, [shell.set]);
    expect(screen.getByText('Good morning')).toBeInTheDocument();
    act(() => store.set(localeAtom, 'fr-FR'));
    expect(screen.getByText('Good morning')).toBeInTheDocument();
    await act(async () => shell.answer('fr-FR'));
    expect(screen.getByText('Bonjour')).toBeInTheDocument();
  });

  test('a language that cannot be loaded shows in en-GB, and the failure is reported', async () => {
    const shell = builtSet('t.fail');
    renderIn('sv-SE', <Greeting set={shell.set} />, [shell.set]);
    await act(async () => shell.loads['sv-SE'].reject(new Error('ChunkLoadError')));
    expect(screen.getByText('Good morning')).toBeInTheDocument();
    expect(errors).toHaveBeenCalledWith('[paddock] could not load the sv-SE texts', expect.any(Error));
  });

  test('a section loads its own texts in the language the app shows', async () => {
    const shell = builtSet('t.outer');
    const section = builtSet('t.section');
    const sectionTexts = [section.set];
    renderIn(
      'de-DE',
      <>
        <Greeting set={shell.set} />
        <Translations translations={sectionTexts}>
          <Greeting set={section.set} />
        </Translations>
      </>,
      [shell.set],
    );
    await act(async () => shell.answer('de-DE'));
    expect(screen.getAllByText(/Morgen|morning/)).toHaveLength(1);
    expect(section.calls).toEqual(['de-DE']);
    await act(async () => section.answer('de-DE'));
    expect(screen.getAllByText('Guten Morgen')).toHaveLength(2);
  });
});
