// `paddock/no-import-cycles`: fails on an import that leads, through the repository's own files, back to the file
// that imports it. Unlike import-x/no-cycle it follows type-only imports too: a cycle of types is still two modules
// that cannot be understood, moved or split one without the other (the contract ↔ domain cycle was one).
// Each file's imports are read once per lint run (TypeScript's pre-processor, no full parse), so the whole
// repository costs about as much as one extra pass over its files.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

const SOURCE = /\.(ts|tsx|js|mjs|cjs)$/;

/** @param {{ root: string }} options */
export function noImportCyclesPlugin({ root }) {
  const resolver = createTypeScriptImportResolver();
  /** file → { mtime, imports: resolved files of the repository } */
  const cache = new Map();

  const resolve = (request, fromFile) => {
    const { found, path: resolved } = resolver.resolve(request, fromFile);
    if (!found || !resolved) return undefined;
    // Real paths: a workspace package (@paddock/shared) is reached through a link in node_modules.
    const file = fs.realpathSync(resolved);
    return SOURCE.test(file) && !file.includes(`${path.sep}node_modules${path.sep}`) ? file : undefined;
  };

  const importsOf = (file) => {
    if (!fs.existsSync(file)) return []; // deleted since it was read (an editor's long-running ESLint)
    const mtime = fs.statSync(file).mtimeMs;
    const cached = cache.get(file);
    if (cached && cached.mtime === mtime) return cached.imports;
    const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, false);
    const imports = [...new Set(importedFiles.map(({ fileName }) => resolve(fileName, file)).filter(Boolean))];
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
        if (!imported || imported === self) return;
        const chain = pathBack(imported, self);
        if (!chain) return;
        const names = [self, ...chain, self].map((file) => path.relative(root, file));
        context.report({ node, messageId: 'cycle', data: { chain: names.join(' → ') } });
      };
      return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
    },
  };

  return { rules: { 'no-import-cycles': rule } };
}
