// Webpack loader for the texts of every `defineTranslations(prefix, { key: { 'en-GB': '…', 'de-DE': '…', … } })` call
// (docs/architecture/README.md#budgets):
// - Compiled to ICU message ASTs at build time, so the browser needs no ICU parser: the builds alias
//   @formatjs/icu-messageformat-parser to its no-parser entry, about 8 KB gzip less before every page.
// - Each call is marked pure, so a set the app does not use is not bundled.
// - Only the en-GB texts (FALLBACK_LOCALE, every descriptor's defaultMessage) stay in the module. The other languages
//   come in one chunk per language and app (`texts-de-DE.….js`), loaded when that language is shown: the same module
//   requested as `messages.ts?paddock-locale=de-DE`, which this loader turns into just that language's texts. The
//   call gets them as its third argument, `{ 'de-DE': () => import(…) }` (shared/src/i18n/define.ts).
// A text that is not a plain string literal fails the build, since the browser could not format it.
'use strict';

const path = require('node:path');
const ts = require('typescript');
const { parse } = require('@formatjs/icu-messageformat-parser');

/** The language every module keeps (FALLBACK_LOCALE in shared/src/domain/account.ts). */
const BUILT_IN_LOCALE = 'en-GB';
/** The query that asks for one language's texts of a module. */
const LOCALE_QUERY = 'paddock-locale';

/**
 * Every defineTranslations call in `source`: where its definitions are, and each text compiled, by key and locale.
 * @returns {{ call: number, start: number, end: number, texts: { key: string, locale: string, start: number, end: number, ast: unknown }[] }[]}
 */
function translationCalls(source, fileName) {
  const kind = fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, kind);
  const calls = [];
  const fail = (node, what) => {
    const { line } = file.getLineAndCharacterOfPosition(node.getStart(file));
    throw new Error(`${fileName}:${line + 1}: defineTranslations needs ${what}, to compile its texts at build time`);
  };
  const nameOf = (property, what) => {
    if (!ts.isIdentifier(property.name) && !ts.isStringLiteral(property.name)) fail(property, what);
    return property.name.text;
  };
  const visit = (node) => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'defineTranslations') {
      const definitions = node.arguments[1];
      if (!definitions || !ts.isObjectLiteralExpression(definitions)) fail(node, 'an object literal of texts');
      if (node.arguments.length > 2) fail(node, 'no third argument (the build adds the other languages there)');
      const texts = [];
      for (const entry of definitions.properties) {
        if (!ts.isPropertyAssignment(entry) || !ts.isObjectLiteralExpression(entry.initializer)) fail(entry, 'each text as an object literal of locales');
        const key = nameOf(entry, 'each key as a plain name');
        for (const translation of entry.initializer.properties) {
          const text = ts.isPropertyAssignment(translation) ? translation.initializer : undefined;
          if (!text || !(ts.isStringLiteral(text) || ts.isNoSubstitutionTemplateLiteral(text))) fail(translation, 'each translation as a string literal');
          let ast;
          try {
            ast = parse(text.text);
          } catch (error) {
            fail(text, `a valid ICU message (${error.message})`);
          }
          texts.push({ key, locale: nameOf(translation, 'each locale as a plain name'), start: text.getStart(file), end: text.getEnd(), ast });
        }
      }
      calls.push({ call: node.getStart(file), start: definitions.getStart(file), end: definitions.getEnd(), texts });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return calls;
}

/** `[start, end, replacement]` for every text of every defineTranslations call in `source` (each text compiled in place). */
function textEdits(source, fileName) {
  return translationCalls(source, fileName).flatMap((call) => call.texts.map(({ start, end, ast }) => [start, end, JSON.stringify(ast)]));
}

/** `{ key: ast, … }` of `texts`. */
function objectOf(texts) {
  return `{${texts.map((text) => `${JSON.stringify(text.key)}: ${JSON.stringify(text.ast)}`).join(', ')}}`;
}

/** The module as the app bundles it: each call with its en-GB texts, and how to load each other language's. */
function withBuiltInLocale(source, calls, fileName) {
  const request = `./${path.basename(fileName)}`;
  let output = source;
  for (const [index, call] of [...calls.entries()].reverse()) {
    const keys = [...new Set(call.texts.map((text) => text.key))];
    const locales = [...new Set(call.texts.map((text) => text.locale))].filter((locale) => locale !== BUILT_IN_LOCALE);
    const definitions = `{${keys
      .map((key) => `${JSON.stringify(key)}: ${objectOf(call.texts.filter((text) => text.key === key && text.locale === BUILT_IN_LOCALE).map((text) => ({ ...text, key: BUILT_IN_LOCALE })))}`)
      .join(', ')}}`;
    const loaders = `{${locales
      .map((locale) => {
        const chunk = JSON.stringify(`texts-${locale}`);
        const module = JSON.stringify(`${request}?${LOCALE_QUERY}=${locale}`);
        return `${JSON.stringify(locale)}: () => import(/* webpackChunkName: ${chunk} */ ${module}).then((texts) => texts.default[${index}])`;
      })
      .join(', ')}}`;
    output = `${output.slice(0, call.start)}${definitions}, ${loaders}${output.slice(call.end)}`;
    // Pure: a set no code of the app uses is left out of its bundle.
    output = `${output.slice(0, call.call)}/*#__PURE__*/ ${output.slice(call.call)}`;
  }
  return output;
}

module.exports = function precompileMessages(source) {
  const locale = new URLSearchParams((this.resourceQuery || '').replace(/^\?/, '')).get(LOCALE_QUERY);
  if (locale) {
    // Just this language's texts, one object per call in the module's order.
    const calls = translationCalls(source, this.resourcePath);
    return `export default [${calls.map((call) => objectOf(call.texts.filter((text) => text.locale === locale))).join(', ')}];\n`;
  }
  if (!source.includes('defineTranslations(')) return source;
  return withBuiltInLocale(source, translationCalls(source, this.resourcePath), this.resourcePath);
};

module.exports.textEdits = textEdits;
module.exports.LOCALE_QUERY = LOCALE_QUERY;
