// @ts-check
/**
 * The one-way flow of imports inside src/ (docs/architecture.md):
 *
 *   shared ← platform ← features ← site / admin ← the composition root (server, cli)
 *
 * A layer is the folder a file sits in, so the rule needs no module resolution: it resolves each
 * relative import against the importing file and looks at which folder the target is in. The
 * project uses no path aliases, so every import of our own code is relative.
 */
import path from 'node:path';

/** @typedef {'shared' | 'platform' | 'features' | 'site' | 'admin' | 'root'} Layer */

/** @type {ReadonlyArray<readonly [string, Layer]>} folder under src/ → layer */
const folders = [
  ['shared', 'shared'],
  ['platform', 'platform'],
  ['features', 'features'],
  ['site', 'site'],
  ['app', 'admin'],
  ['server', 'root'],
  ['cli', 'root'],
];

/** @type {Record<Layer, readonly Layer[]>} what each layer may import */
export const allowedImports = {
  shared: ['shared'],
  platform: ['shared', 'platform'],
  features: ['shared', 'platform', 'features'],
  site: ['shared', 'platform', 'features', 'site'],
  admin: ['shared', 'platform', 'features', 'admin'],
  root: ['shared', 'platform', 'features', 'site', 'admin', 'root'],
};

/** @type {Record<Layer, string>} */
const layerFolders = {
  shared: 'src/shared',
  platform: 'src/platform',
  features: 'src/features',
  site: 'src/site',
  admin: 'src/app',
  root: 'src/server or src/cli',
};

/**
 * @param {string} file an absolute path
 * @param {string} root the project's root folder
 * @returns {Layer | undefined}
 */
export function layerOf(file, root) {
  const parts = path.relative(root, file).split(path.sep);
  if (parts[0] !== 'src' || parts.length < 3) return undefined;
  return folders.find(([folder]) => folder === parts[1])?.[1];
}

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Imports inside src/ flow one way: shared ← platform ← features ← site/admin ← root.' },
    schema: [],
    messages: {
      upward:
        '{{from}} ({{fromFolder}}) must not import {{to}} ({{toFolder}}): imports flow shared ← platform ← features ← site / admin ← server, cli.',
    },
  },
  create(context) {
    const root = context.cwd;
    const from = layerOf(context.filename, root);
    if (!from) return {};
    /** @param {import('estree').Node | null | undefined} source */
    const check = (source) => {
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      const specifier = source.value;
      if (!specifier.startsWith('.')) return;
      const to = layerOf(path.resolve(path.dirname(context.filename), specifier), root);
      if (!to || allowedImports[from].includes(to)) return;
      context.report({
        node: source,
        messageId: 'upward',
        data: { from, to, fromFolder: layerFolders[from], toFolder: layerFolders[to] },
      });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

export default { rules: { 'import-direction': rule } };
