import path from 'node:path';
import type { Rollup } from 'vite';

type Options = {
  /** Packages that change less often than our code, one chunk per group: `{ react: ['react', 'react-dom'] }`. */
  vendor: Record<string, string[]>;
  /** The signed-in frame's module (header, sidebar, notifications), loaded by every signed-in page. */
  frame: string;
  /** Pages a signed-out visitor sees without the frame (sign-in, link pages, the pay page). */
  framelessPages: RegExp;
  /** Where a signed-out visitor lands (the sign-in page). */
  landingPage: string;
  /** The pages signed-in people open most (Home, the main lists). */
  mainPages: string[];
};

type Groups = {
  entry: Set<string>;
  frame: Set<string>;
  frameless: Set<string>;
  landing: Set<string>;
  /** For each module, the main pages that load it. */
  mainPagesOf: Map<string, string[]>;
};

type AstNode = {
  type: string;
  declaration?: unknown;
  source?: { value?: unknown } | null;
  specifiers?: { type: string; imported?: { name?: string } }[];
};

const REEXPORTS = new Set(['ImportDeclaration', 'ExportAllDeclaration', 'ExportNamedDeclaration']);
const astOf = (info: Rollup.ModuleInfo) => (info.ast?.body ?? []) as AstNode[];

/**
 * A module that only re-exports others (@crewpay/core's index, an entity's index, a package's
 * index): nothing but imports and exports, no code of its own.
 */
const isBarrel = (info: Rollup.ModuleInfo) => astOf(info).every((node) => REEXPORTS.has(node.type) && !node.declaration);

/** Whether the import written `source` in `importer` may be the module `target`. */
function mayBe(importer: string, source: string, target: string): boolean {
  if (source.startsWith('.')) return path.resolve(path.dirname(importer), source) === target;
  if (source === '@crewpay/core') return target.endsWith('/packages/core/src/index.ts');
  const name = source.startsWith('@') ? source.split('/').slice(0, 2).join('/') : source.split('/')[0];
  return target.includes(`/node_modules/${name}/`);
}

/** The names `importer` imports from `barrel` ('*' for all of them). */
function namesImported(importer: Rollup.ModuleInfo, barrel: string): string[] {
  const names: string[] = [];
  for (const node of astOf(importer)) {
    const source = node.source?.value;
    if (typeof source !== 'string' || !mayBe(importer.id, source, barrel)) continue;
    if (node.type === 'ExportAllDeclaration') names.push('*');
    for (const specifier of node.specifiers ?? []) {
      if (specifier.type === 'ImportSpecifier' || specifier.type === 'ExportSpecifier') names.push(specifier.imported?.name ?? '*');
      else names.push(specifier.type === 'ImportDefaultSpecifier' ? 'default' : '*');
    }
  }
  return names;
}

/**
 * The module that defines the export `name` of `id`: `id` itself, or the module it re-exports
 * it from (through barrels and `export *`, as Rollup links it); undefined when not found.
 */
function definerOf(id: string, name: string, getModuleInfo: Rollup.GetModuleInfo, seen = new Set<string>()): string | undefined {
  const info = getModuleInfo(id);
  if (!info || seen.has(id)) return undefined;
  seen.add(id);
  const exports = info.exports ?? [];
  if (exports.includes(name) && !isBarrel(info)) return id;
  if (!exports.includes(name) && !exports.includes('*')) return undefined;
  for (const source of info.importedIds) {
    const definer = definerOf(source, name, getModuleInfo, seen);
    if (definer) return definer;
  }
  return undefined;
}

/**
 * What `id` imports statically: the modules that define the names it imports. Through a barrel
 * or an `export *`, that is not the module named in the import: a page that imports one call
 * of an entity, one hook of a package or one label of a core module does not load the rest
 * (Rollup does the same when it links the bindings), and the groups below must see what it sees.
 */
function importsOf(id: string, getModuleInfo: Rollup.GetModuleInfo): string[] {
  const info = getModuleInfo(id);
  if (!info) return [];
  return info.importedIds.flatMap((target) => {
    const names = namesImported(info, target);
    if (names.length === 0 || names.includes('*')) return [target];
    return names.map((name) => definerOf(target, name, getModuleInfo) ?? target);
  });
}

/** Every module `roots` import statically, directly or not (what loads with them). */
function staticClosure(roots: string[], getModuleInfo: Rollup.GetModuleInfo): Set<string> {
  const seen = new Set<string>();
  const pending = [...roots];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    pending.push(...importsOf(id, getModuleInfo));
  }
  return seen;
}

/** '/src/features/payments/pages/payments-page.tsx' -> 'payments-page'. */
const pageChunkName = (page: string) => path.basename(page, path.extname(page));

function findGroups(options: Options, meta: Rollup.ManualChunkMeta): Groups {
  const ids = [...meta.getModuleIds()];
  const closureOf = (roots: string[]) => staticClosure(roots, meta.getModuleInfo);
  const entry = closureOf(ids.filter((id) => meta.getModuleInfo(id)?.isEntry));
  const frameless = closureOf(ids.filter((id) => options.framelessPages.test(id)));
  const frame = closureOf(ids.filter((id) => id.endsWith(options.frame)));
  const landing = closureOf(ids.filter((id) => id.endsWith(options.landingPage)));
  const mainPagesOf = new Map<string, string[]>();
  for (const page of options.mainPages) {
    for (const id of closureOf(ids.filter((candidate) => candidate.endsWith(page))))
      mainPagesOf.set(id, [...(mainPagesOf.get(id) ?? []), page]);
  }
  return { entry, frame, frameless, landing, mainPagesOf };
}

/** The group of a module that is neither a vendor's nor left to Rollup (undefined). */
function groupOf(id: string, groups: Groups): string | undefined {
  if (groups.entry.has(id)) return 'index';
  const mainPages = groups.mainPagesOf.get(id) ?? [];
  const isSignedInCommon = groups.frame.has(id) || mainPages.length >= 2;
  // Needed by the sign-in page too: there, it loads only what it uses.
  if (groups.landing.has(id)) return isSignedInCommon ? 'common' : undefined;
  if (groups.frameless.has(id)) return isSignedInCommon || mainPages.length === 1 ? 'shared' : undefined;
  if (groups.frame.has(id)) return 'app-shell';
  if (mainPages.length >= 2) return 'main-pages';
  return mainPages.length === 1 ? pageChunkName(mainPages[0]!) : undefined;
}

/**
 * Rollup's own split gives each set of pages that share modules a chunk of its own: with 45
 * lazy pages that was 43-58 requests for a signed-in page, most of them a few hundred bytes
 * of one MUI component or one API call, each waiting its turn on the browser's six
 * connections. Merging the small chunks by size (experimentalMinChunkSize) made pages load
 * code they never run (/payments loaded the payment detail page). Instead, what loads together
 * goes together:
 * - the vendor groups (React and the router: cached across releases);
 * - the entry and everything it imports ('index');
 * - what the sign-in page shares with the frame or the main pages ('common');
 * - what the other frameless pages (sign-up, links, the pay page) share with them ('shared');
 * - the rest of the signed-in frame ('app-shell'), every signed-in page loads it;
 * - what two or more main pages share ('main-pages'), then each main page with what only it
 *   of the main pages needs.
 * So a main page is the entry, React and a handful of chunks. Everything else is Rollup's.
 * `onlyExplicitManualChunks` must be on: otherwise Rollup adds a group's unassigned
 * dependencies to it, and the entry would import the frame.
 */
export function chunkGroups(options: Options): Rollup.GetManualChunk {
  let groups: Groups | undefined;
  return (id, meta) => {
    for (const [chunk, packages] of Object.entries(options.vendor)) {
      if (packages.some((name) => id.includes(`/node_modules/${name}/`))) return chunk;
    }
    groups ??= findGroups(options, meta);
    return groupOf(id, groups);
  };
}
