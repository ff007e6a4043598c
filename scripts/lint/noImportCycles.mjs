// `paddock/no-import-cycles`: fails on an import that leads, through the repository's own files, back to the file
// that imports it. Unlike import-x/no-cycle it follows type-only imports too: a cycle of types is still two modules
// that cannot be understood, moved or split one without the other (the contract ↔ domain cycle was one).
// A barrel (an index file made only of `export … from` lines) is followed, as bundlers do, to the file that defines
// each name imported through it: a feature's public entry (server/src/<feature>/index.ts) then adds no cycle of its
// own, while a cycle between the files behind two entries is still found.
// Each file's imports are read once per lint run (TypeScript's pre-processor; a full parse only for files that import
// a barrel), so the whole repository costs about as much as one extra pass over its files.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

const SOURCE = /\.(ts|tsx|js|mjs|cjs)$/;
const INDEX = /^index\.(ts|tsx|js|mjs)$/;
/** Stands for "the whole module": a namespace or side-effect import, `export *`, a dynamic import. */
const WHOLE = '*';

/** The module specifier of an import or re-export statement, if it has one. */
const specifierOf = (statement) =>
  (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) &&
  statement.moduleSpecifier &&
  ts.isStringLiteral(statement.moduleSpecifier)
    ? statement.moduleSpecifier.text
    : undefined;

/** The names an import or re-export statement takes from its module (WHOLE for all of them). */
function namesOf(statement) {
  if (ts.isImportDeclaration(statement)) {
    const clause = statement.importClause;
    if (!clause) return [WHOLE];
    const names = clause.name ? ['default'] : [];
    const bindings = clause.namedBindings;
    if (bindings && ts.isNamespaceImport(bindings)) return [WHOLE];
    if (bindings) names.push(...bindings.elements.map((element) => (element.propertyName ?? element.name).text));
    return names;
  }
  const clause = statement.exportClause;
  if (!clause || ts.isNamespaceExport(clause)) return [WHOLE];
  return clause.elements.map((element) => (element.propertyName ?? element.name).text);
}

/** The same for ESLint's tree of the linted file. */
function estreeNamesOf(node) {
  const nameOf = (identifier) => (identifier.type === 'Identifier' ? identifier.name : String(identifier.value));
  if (node.type === 'ExportAllDeclaration') return [WHOLE];
  if (node.type === 'ExportNamedDeclaration') return node.specifiers.map((specifier) => nameOf(specifier.local));
  if (node.specifiers.length === 0) return [WHOLE];
  return node.specifiers.map((specifier) =>
    specifier.type === 'ImportSpecifier' ? nameOf(specifier.imported) : specifier.type === 'ImportDefaultSpecifier' ? 'default' : WHOLE,
  );
}

/** @param {{ root: string }} options */
export function noImportCyclesPlugin({ root }) {
  const resolver = createTypeScriptImportResolver();
  /** file → { mtime, imports: resolved files of the repository } */
  const cache = new Map();
  /** file → { mtime, barrel: { named: Map<exported name, { file, name }>, star: files } | undefined } */
  const barrels = new Map();

  const resolve = (request, fromFile) => {
    const { found, path: resolved } = resolver.resolve(request, fromFile);
    if (!found || !resolved) return undefined;
    // Real paths: a workspace package (@paddock/shared) is reached through a link in node_modules.
    const file = fs.realpathSync(resolved);
    return SOURCE.test(file) && !file.includes(`${path.sep}node_modules${path.sep}`) ? file : undefined;
  };

  /** What an index file re-exports and from where, if it is made only of `export … from` lines. */
  const barrelOf = (file) => {
    if (!file || !INDEX.test(path.basename(file)) || !fs.existsSync(file)) return undefined;
    const mtime = fs.statSync(file).mtimeMs;
    const cached = barrels.get(file);
    if (cached && cached.mtime === mtime) return cached.barrel;
    const { statements } = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
    let barrel = { named: new Map(), star: [] };
    for (const statement of statements) {
      const specifier = ts.isExportDeclaration(statement) ? specifierOf(statement) : undefined;
      const target = specifier && resolve(specifier, file);
      if (!specifier) {
        barrel = undefined; // code of its own: an ordinary module
        break;
      }
      if (!target) continue; // a package's
      const clause = statement.exportClause;
      if (!clause) barrel.star.push(target);
      else if (ts.isNamespaceExport(clause)) barrel.named.set(clause.name.text, { file: target, name: WHOLE });
      else {
        for (const element of clause.elements) {
          barrel.named.set(element.name.text, { file: target, name: (element.propertyName ?? element.name).text });
        }
      }
    }
    barrels.set(file, { mtime, barrel });
    return barrel;
  };

  /** The files an import of `name` from `file` depends on: through barrels, those that define it. */
  const definersOf = (file, name, seen = new Set()) => {
    const barrel = barrelOf(file);
    if (!barrel || name === WHOLE || seen.has(file)) return [file];
    seen.add(file);
    const named = barrel.named.get(name);
    if (named) return definersOf(named.file, named.name, seen);
    // Behind `export *` without reading what each module exports: every one of them (never misses a cycle).
    if (barrel.star.length > 0) return barrel.star.flatMap((star) => definersOf(star, name, seen));
    return [file];
  };
  const dependenciesOf = (file, names) => [...new Set(names.flatMap((name) => definersOf(file, name)))];

  const importsOf = (file) => {
    if (!fs.existsSync(file)) return []; // deleted since it was read (an editor's long-running ESLint)
    const mtime = fs.statSync(file).mtimeMs;
    const cached = cache.get(file);
    if (cached && cached.mtime === mtime) return cached.imports;
    const text = fs.readFileSync(file, 'utf8');
    const requests = ts.preProcessFile(text, true, false).importedFiles.map(({ fileName }) => fileName);
    const resolved = new Map(requests.map((request) => [request, resolve(request, file)]));
    /** request → names imported from it, for the requests that reach a barrel */
    const names = new Map();
    if ([...resolved.values()].some((target) => target && barrelOf(target))) {
      const statements = new Map();
      for (const statement of ts.createSourceFile(file, text, ts.ScriptTarget.Latest).statements) {
        const request = specifierOf(statement);
        if (!request || !barrelOf(resolved.get(request))) continue;
        names.set(request, [...(names.get(request) ?? []), ...namesOf(statement)]);
        statements.set(request, (statements.get(request) ?? 0) + 1);
      }
      // A request no statement accounts for (a dynamic import, `import('…').Type`) takes the whole barrel.
      for (const request of requests) {
        if (!barrelOf(resolved.get(request))) continue;
        if (statements.get(request)) statements.set(request, statements.get(request) - 1);
        else names.set(request, [...(names.get(request) ?? []), WHOLE]);
      }
    }
    const imports = [
      ...new Set(
        [...resolved].flatMap(([request, target]) =>
          !target ? [] : names.has(request) ? dependenciesOf(target, names.get(request)) : [target],
        ),
      ),
    ];
    cache.set(file, { mtime, imports });
    return imports;
  };

  /** The shortest chain of imports from `start` back to `target`, or undefined. */
  const pathBack = (start, target) => {
    const previous = new Map([[start, undefined]]);
    const queue = [start];
    while (queue.length > 0) {
      const file = queue.shift();
      for (const next of importsOf(file)) {
        if (next === target) {
          const chain = [file];
          for (let step = previous.get(file); step; step = previous.get(step)) chain.unshift(step);
          return chain;
        }
        if (!previous.has(next)) {
          previous.set(next, file);
          queue.push(next);
        }
      }
    }
    return undefined;
  };

  const rule = {
    meta: {
      type: 'problem',
      docs: { description: 'Forbid an import (type-only ones included) that leads back to the importing file' },
      messages: { cycle: 'Import cycle: {{chain}}' },
      schema: [],
    },
    create(context) {
      const filename = context.physicalFilename;
      if (!path.isAbsolute(filename) || !fs.existsSync(filename)) return {};
      const self = fs.realpathSync(filename);
      const check = (node) => {
        if (!node.source || typeof node.source.value !== 'string') return;
        const imported = resolve(node.source.value, self);
        if (!imported) return;
        for (const dependency of dependenciesOf(imported, estreeNamesOf(node))) {
          if (dependency === self) continue;
          const chain = pathBack(dependency, self);
          if (!chain) continue;
          const names = [self, ...chain, self].map((file) => path.relative(root, file));
          context.report({ node, messageId: 'cycle', data: { chain: names.join(' → ') } });
          return;
        }
      };
      return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
    },
  };

  return { rules: { 'no-import-cycles': rule } };
}
