// The import graph of a source tree against its layer table, for both apps (npm run check):
// fails on an import that runs up a layer, one unit reaching into another past its public files,
// an unresolved relative import, a file no layer claims, a cycle between units and a cycle
// between files. Type-only imports, `export ... from` and dynamic `import()` count like any
// import: they tie the code together all the same.
//
//   node scripts/check-import-graph.mjs apps/api/import-layers.json apps/web/import-layers.json
//
// A layer table (JSON, paths relative to the table's folder):
//   { "root": "src",
//     "layers": [                          top first: a layer may import its own and lower ones
//       { "name": "app", "include": ["app/", "main.tsx"] },
//       { "name": "features", "include": ["features/"], "unit": "features/*", "shareWithinLayer": false },
//       { "name": "entities", "include": ["entities/"], "unit": "entities/*", "public": ["index.ts"] },
//       { "name": "shared", "include": ["components/", "lib/"] } ] }
// "include" holds folders (ending in /) and files under root. "unit" cuts a layer into units
// (each * is one path segment); without it the whole layer is one unit. With "fileUnits": true a
// file where the unit pattern ends (providers/contract.ts beside providers/banking/) is a unit of
// its own. A unit with "public" files is entered from outside only through them;
// "shareWithinLayer": false forbids one unit of the layer from importing another at all.
// "exclude" (optional) lists file name endings that are not checked as importers (".test.ts"):
// they are still checked as targets.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';

const SOURCE = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;
const CANDIDATES = ['', '.ts', '.tsx', '.mts', '.js', '.jsx', '.mjs', '/index.ts', '/index.tsx', '/index.js'];

/** Reads a layer table; its root and includes become paths the checks can compare. */
export function loadLayerTable(tablePath) {
  const table = JSON.parse(fs.readFileSync(tablePath, 'utf8'));
  return { ...table, root: path.resolve(path.dirname(tablePath), table.root) };
}

const toPosix = (file) => file.split(path.sep).join('/');

/** The file a relative specifier names: null for a package, undefined when nothing on disk answers. */
export function resolveSpecifier(fromFile, specifier) {
  if (!specifier.startsWith('.')) return null;
  const bare = path.resolve(path.dirname(fromFile), specifier.replace(/[?#].*$/, ''));
  // TypeScript lets `./x.js` name `./x.ts`.
  const stems = [bare, bare.replace(/\.(m|c)?js$/, '')];
  for (const stem of stems) {
    for (const suffix of CANDIDATES) {
      const candidate = stem + suffix;
      if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
    }
  }
  return undefined;
}

/** Every import of a file: static, type-only, re-export and dynamic, with its line. */
export function readImports(file) {
  const text = fs.readFileSync(file, 'utf8');
  const { importedFiles } = ts.preProcessFile(text, true, true);
  return importedFiles.map(({ fileName, pos }) => ({ specifier: fileName, line: text.slice(0, pos).split('\n').length }));
}

/** Where a file sits: its layer (index in the table, top first; null in none) and unit, or outside the root. */
export function locate(table, file) {
  const relative = toPosix(path.relative(table.root, file));
  if (relative.startsWith('..')) return { outside: true, relative };
  const index = table.layers.findIndex((layer) =>
    layer.include.some((entry) => (entry.endsWith('/') ? relative.startsWith(entry) : relative === entry)),
  );
  if (index === -1) return { relative, layer: null };
  const layer = table.layers[index];
  let unit = layer.name;
  if (layer.unit) {
    const pattern = layer.unit.split('/');
    const segments = relative.split('/');
    const fits = pattern.every((part, i) => part === '*' || part === segments[i]);
    if (fits && segments.length > pattern.length) unit = segments.slice(0, pattern.length).join('/');
    // A file of its own beside the units: no public files to go through.
    else if (fits && layer.fileUnits && segments.length === pattern.length) return { relative, layer: index, unit: relative, inUnit: null };
  }
  return { relative, layer: index, unit, inUnit: toPosix(path.relative(path.join(table.root, unit), file)) };
}

/** Why an import between two located files (each in a layer) breaks the table, or null when it may stand. */
export function edgeProblem(table, from, to) {
  if (to.outside || from.outside) return null;
  const fromLayer = table.layers[from.layer];
  const toLayer = table.layers[to.layer];
  if (to.layer < from.layer) return `${fromLayer.name} may not import ${toLayer.name} (a higher layer): ${to.relative}`;
  if (from.unit === to.unit) return null;
  if (to.layer === from.layer && toLayer.shareWithinLayer === false) return `${from.unit} may not import ${to.unit}: ${to.relative}`;
  if (toLayer.public && to.inUnit !== null && !toLayer.public.includes(to.inUnit))
    return `use ${to.unit} through ${toLayer.public.join(' or ')}, not ${to.relative}`;
  return null;
}

function listSources(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : listSources(full);
    return SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

/**
 * The cycles of a directed graph (Map of node -> Set of nodes): one per strongly connected group
 * of nodes (Tarjan's algorithm, linear in the edges), shown as one loop through its first node.
 */
export function findCycles(edges) {
  const nodes = [...new Set([...edges.keys(), ...[...edges.values()].flatMap((targets) => [...targets])])].sort();
  const order = new Map();
  const low = new Map();
  const stack = [];
  const groups = [];
  const connect = (node) => {
    order.set(node, order.size);
    low.set(node, order.get(node));
    stack.push(node);
    for (const next of edges.get(node) ?? []) {
      if (!order.has(next)) {
        connect(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (stack.includes(next)) low.set(node, Math.min(low.get(node), order.get(next)));
    }
    if (low.get(node) !== order.get(node)) return;
    const group = [];
    let member;
    do {
      member = stack.pop();
      group.push(member);
    } while (member !== node);
    if (group.length > 1) groups.push(group.sort());
  };
  for (const node of nodes) if (!order.has(node)) connect(node);
  return groups.map((group) => loopThrough(edges, group));
}

/** The shortest path from a group's first node back to itself, staying inside the group. */
function loopThrough(edges, group) {
  const start = group[0];
  const cameFrom = new Map();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift();
    for (const next of [...(edges.get(node) ?? [])].sort()) {
      if (!group.includes(next) || cameFrom.has(next)) continue;
      cameFrom.set(next, node);
      if (next === start) {
        const loop = [node];
        while (loop[0] !== start) loop.unshift(cameFrom.get(loop[0]));
        return [...loop, start];
      }
      queue.push(next);
    }
  }
  return [...group, start];
}

/** Every problem of a tree against its table, as readable lines (none when it holds). */
export function checkImportGraph(table) {
  return inspectImportGraph(table).problems;
}

const addEdge = (edges, from, to) => {
  if (!edges.has(from)) edges.set(from, new Set());
  edges.get(from).add(to);
};

/** The problems of a tree against its table, and what was read: files, units, imports. */
export function inspectImportGraph(table) {
  const problems = [];
  const unitEdges = new Map();
  const fileEdges = new Map();
  const units = new Set();
  let files = 0;
  let imports = 0;
  const isExcluded = (file) => (table.exclude ?? []).some((suffix) => file.endsWith(suffix));
  for (const file of listSources(table.root).filter((source) => !isExcluded(source))) {
    const from = locate(table, file);
    files += 1;
    if (from.layer === null) problems.push(`${from.relative}: in no layer of the table`);
    else units.add(from.unit);
    for (const { specifier, line } of readImports(file)) {
      const target = resolveSpecifier(file, specifier);
      if (target === null) continue;
      const where = `${from.relative}:${line}`;
      if (target === undefined) {
        problems.push(`${where}: cannot resolve '${specifier}'`);
        continue;
      }
      const to = locate(table, target);
      imports += 1;
      if (!to.outside && !isExcluded(target)) addEdge(fileEdges, from.relative, to.relative);
      // A file in no layer is reported once, as itself, not at every import of it.
      const problem = from.layer === null || to.layer === null ? null : edgeProblem(table, from, to);
      if (problem) problems.push(`${where}: ${problem}`);
      if (!to.outside && to.layer !== null && from.layer !== null && from.unit !== to.unit) addEdge(unitEdges, from.unit, to.unit);
    }
  }
  for (const cycle of findCycles(unitEdges)) problems.push(`import cycle: ${cycle.join(' -> ')}`);
  // Files in a circle inside one unit (a circle across units is the units' cycle above): the
  // module evaluated first sees the other half-built, and neither can be read on its own.
  const unitOf = (relative) => locate(table, path.join(table.root, relative)).unit;
  for (const cycle of findCycles(fileEdges)) if (new Set(cycle.map(unitOf)).size === 1) problems.push(`file cycle: ${cycle.join(' -> ')}`);
  return { problems, files, units: units.size, imports };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const tables = process.argv.slice(2);
  if (tables.length === 0) {
    console.error('usage: node scripts/check-import-graph.mjs <layer table.json>...');
    process.exit(2);
  }
  let failed = false;
  for (const tablePath of tables) {
    const table = loadLayerTable(tablePath);
    const { problems, files, units, imports } = inspectImportGraph(table);
    const label = toPosix(path.relative(process.cwd(), table.root)) || '.';
    const read = `${files} files, ${units} units, ${imports} imports`;
    if (problems.length === 0) {
      console.log(`${label}: ${read}; imports follow ${table.layers.map((layer) => layer.name).join(' -> ')}; no cycles.`);
      continue;
    }
    failed = true;
    console.error(`${label}: ${problems.length} import problem(s):`);
    for (const problem of problems) console.error(`  ${problem}`);
  }
  process.exit(failed ? 1 : 0);
}
