// ESLint's view of scripts/check-import-graph.mjs: the same layer table and the same verdict on
// each import, shown at the import line while editing. Cycles and files in no layer need the
// whole tree: `npm run check` finds those.
import { edgeProblem, loadLayerTable, locate, resolveSpecifier } from './check-import-graph.mjs';

const tables = new Map();

function tableAt(tablePath) {
  if (!tables.has(tablePath)) tables.set(tablePath, loadLayerTable(tablePath));
  return tables.get(tablePath);
}

export const importLayersRule = {
  meta: {
    type: 'problem',
    docs: { description: 'Imports follow the layer table: none runs up a layer or past a unit’s public files.' },
    schema: [{ type: 'object', properties: { table: { type: 'string' } }, required: ['table'], additionalProperties: false }],
    messages: { layer: '{{problem}}' },
  },
  create(context) {
    const table = tableAt(context.options[0].table);
    const from = locate(table, context.filename);
    if (from.outside || from.layer === null) return {};
    const check = (node) => {
      const source = node.source;
      if (source?.type !== 'Literal' || typeof source.value !== 'string') return;
      // Packages (null) are no layer's business; an unresolved path is TypeScript's to report.
      const target = resolveSpecifier(context.filename, source.value);
      if (!target) return;
      const to = locate(table, target);
      const problem = to.layer === null ? null : edgeProblem(table, from, to);
      if (problem) context.report({ node: source, messageId: 'layer', data: { problem } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};
