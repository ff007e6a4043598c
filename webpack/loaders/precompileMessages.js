// Webpack loader: the texts of every `defineTranslations(prefix, { key: { 'en-GB': '…', … } })` call are compiled to
// ICU message ASTs at build time, so the browser needs no ICU parser: the builds alias
// @formatjs/icu-messageformat-parser to its no-parser entry, about 8 KB gzip less before every page
// (docs/architecture/README.md#budgets). A text that is not a plain string literal fails the build, since the
// browser could not format it.
'use strict';

const ts = require('typescript');
const { parse } = require('@formatjs/icu-messageformat-parser');

/** `[start, end, replacement]` for every text of every defineTranslations call in `source`. */
function textEdits(source, fileName) {
  const kind = fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, kind);
  const edits = [];
  const fail = (node, what) => {
    const { line } = file.getLineAndCharacterOfPosition(node.getStart(file));
    throw new Error(`${fileName}:${line + 1}: defineTranslations needs ${what}, to compile its texts at build time`);
  };
  const visit = (node) => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'defineTranslations') {
      const definitions = node.arguments[1];
      if (!definitions || !ts.isObjectLiteralExpression(definitions)) fail(node, 'an object literal of texts');
      for (const entry of definitions.properties) {
        if (!ts.isPropertyAssignment(entry) || !ts.isObjectLiteralExpression(entry.initializer)) fail(entry, 'each text as an object literal of locales');
        for (const translation of entry.initializer.properties) {
          const text = ts.isPropertyAssignment(translation) ? translation.initializer : undefined;
          if (!text || !(ts.isStringLiteral(text) || ts.isNoSubstitutionTemplateLiteral(text))) fail(translation, 'each translation as a string literal');
          let ast;
          try {
            ast = parse(text.text);
          } catch (error) {
            fail(text, `a valid ICU message (${error.message})`);
          }
          edits.push([text.getStart(file), text.getEnd(), JSON.stringify(ast)]);
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return edits;
}

module.exports = function precompileMessages(source) {
  if (!source.includes('defineTranslations(')) return source;
  let output = source;
  for (const [start, end, replacement] of textEdits(source, this.resourcePath).reverse()) {
    output = output.slice(0, start) + replacement + output.slice(end);
  }
  return output;
};

module.exports.textEdits = textEdits;
