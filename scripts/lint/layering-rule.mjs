// An ESLint rule for the layering table of eslint.config.mjs (VS Code's `code-layering` is the
// model): a file belongs to the layer whose key is the longest prefix of its path (a folder, or
// a file without its extension); each relative import is resolved to a repo path and must land
// in the file's own layer, in one the table allows, or outside the source trees (package.json).
// Production files (not tests) must not import test support, scripts or e2e code at all.
// A key for a folder that does not exist yet matches nothing and costs nothing.
// `pending` names edges the table no longer has that some files still take while they are
// rewritten: each entry allows `from` -> `to` for the listed files (or folders) only, so no new
// file can take the edge, and the entry goes when its list is empty.
import path from 'node:path';

/** Repo-relative POSIX path of an absolute file name, or null outside `root`. */
function repoPath(root, file) {
  const rel = path.relative(root, file);
  return rel.startsWith('..') || path.isAbsolute(rel) ? null : rel.split(path.sep).join('/');
}

/** The longest table key that `file` (repo path) sits in: `key/...` or `key.<ext>`. */
function layerOf(keys, file) {
  let best = null;
  for (const key of keys) {
    const inside = file.startsWith(`${key}/`) || file.replace(/\.[cm]?[jt]sx?$/, '') === key;
    if (inside && (best === null || key.length > best.length)) best = key;
  }
  return best;
}

const isTestFile = (file) => /\.test\.tsx?$/.test(file) || file.startsWith('test/') || file.startsWith('e2e/');

export const layeringRule = {
  meta: {
    type: 'problem',
    docs: { description: 'Imports follow the layering table: each layer imports only the layers it lists.' },
    schema: [
      {
        type: 'object',
        properties: {
          root: { type: 'string' },
          layers: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
          sourceRoots: { type: 'array', items: { type: 'string' } },
          notFromProduction: { type: 'array', items: { type: 'string' } },
          pending: {
            type: 'array',
            items: {
              type: 'object',
              properties: { from: { type: 'string' }, to: { type: 'string' }, files: { type: 'array', items: { type: 'string' } }, why: { type: 'string' } },
              required: ['from', 'to', 'files'],
              additionalProperties: false,
            },
          },
        },
        additionalProperties: false,
      },
    ],
    messages: {
      layer: "{{from}} may not import {{to}} ('{{specifier}}'); it may import {{allowed}}.",
      unlayered: "{{from}} may not import '{{specifier}}': {{target}} is in no layer of the table.",
      testSupport: "Production code never imports {{to}} ('{{specifier}}'): test support and tools stay out of the app.",
    },
  },
  create(context) {
    const { root, layers, sourceRoots, notFromProduction = [], pending = [] } = context.options[0];
    const keys = Object.keys(layers);
    const file = repoPath(root, context.filename);
    if (file === null || isTestFile(file)) return {};
    const from = layerOf(keys, file);
    const inSources = (target) => sourceRoots.some((dir) => target.startsWith(`${dir}/`));
    const listed = (entry) => entry.files.some((name) => file.startsWith(`${name}/`) || file.replace(/\.[cm]?[jt]sx?$/, '') === name);
    const stillPending = (to) => pending.some((entry) => entry.from === from && entry.to === to && listed(entry));

    const check = (node, specifier) => {
      if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
      const banned = notFromProduction.find((dir) => target === dir || target.startsWith(`${dir}/`));
      if (banned) return context.report({ node, messageId: 'testSupport', data: { to: `${banned}/`, specifier } });
      if (from === null || !inSources(target)) return;
      const to = layerOf(keys, target);
      if (to === from) return;
      const allowed = layers[from];
      if (to === null) return context.report({ node, messageId: 'unlayered', data: { from, specifier, target } });
      if (!allowed.includes(to) && !stillPending(to)) context.report({ node, messageId: 'layer', data: { from, to, specifier, allowed: allowed.join(', ') || 'nothing else' } });
    };

    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};
