import type { Plugin } from 'vite';

const ENTITY_INDEX = /\/src\/entities\/[^/]+\/index\.ts$/;

/**
 * An entity's index.ts only re-exports its pieces. Rollup runs every module a page reaches that
 * may have side effects, so without this a page that imports one call of the contracts entity
 * would also load its block editor and pdf.js. Declared free of side effects, an index brings in
 * only the pieces a page uses, as importing each file directly did.
 */
export function pureEntityIndexes(): Plugin {
  return {
    name: 'crewpay-pure-entity-indexes',
    apply: 'build',
    transform(code, id) {
      return ENTITY_INDEX.test(id) ? { code, map: null, moduleSideEffects: false } : null;
    },
  };
}
