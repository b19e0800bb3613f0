import path from 'node:path';

// apps/api: where one folder of apps/api/src may import another, from the import's resolved path
// (so `../../x/routes.ts` from a subfolder is caught as well as `../x/routes.ts`).
const API_SRC = path.join(import.meta.dirname, '../apps/api/src');
export const apiImportZones = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      belowModules: '{{from}} is below the modules: it may not import {{to}} (src/wiring.ts connects them).',
      throughIndex: 'Use the {{module}} module through its index.ts, not {{to}}.',
      providerThroughIndex: 'Use the {{capability}} provider through its index.ts, not {{to}}.',
    },
  },
  create(context) {
    const from = path.relative(API_SRC, context.filename).split(path.sep).join('/');
    if (from.startsWith('..')) return {};
    const [fromTop, fromModule] = from.split('/');
    const check = (node, specifier) => {
      if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
      const to = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
      const [top, name, ...rest] = to.split('/');
      if (top === 'modules' && ['lib', 'db', 'jobs', 'providers', 'plugins', 'events'].includes(fromTop))
        context.report({ node, messageId: 'belowModules', data: { from: fromTop, to } });
      else if (top === 'modules' && !(fromTop === 'modules' && fromModule === name) && rest.join('/') !== 'index.ts')
        context.report({ node, messageId: 'throughIndex', data: { module: name, to } });
      // A provider capability's files are its own; its index.ts chooses sandbox or live.
      else if (
        top === 'providers' &&
        rest.length > 0 &&
        !(fromTop === 'providers' && fromModule === name) &&
        fromTop !== 'providers' &&
        rest.join('/') !== 'index.ts'
      )
        context.report({ node, messageId: 'providerThroughIndex', data: { capability: name, to } });
    };
    const source = (node) => node.source && check(node, node.source.value);
    return {
      ImportDeclaration: source,
      ExportNamedDeclaration: source,
      ExportAllDeclaration: source,
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};
