// The layers of apps/api/src, checked from the code's own imports (docs/architecture.md, "Layers").
//
// Every source file belongs to a room (a module, a provider capability, a top-level folder or
// root file) and every room to a layer. An import may stay in its layer or go down, never up,
// and rooms must not import each other in a circle. Every import counts: `import type`,
// `export ... from`, `import()`; tests (*.test.ts) may reach anything and are left out.
//
// Usage: node scripts/check-api-layers.mjs [src folder, apps/api/src by default]
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/**
 * Lowest first. A file is placed by the first prefix (of its path under src/) it starts with;
 * a file no prefix places fails the check, so a new folder has to be given its layer here.
 */
export const LAYERS = [
  // What everything stands on: helpers that know no feature, the database, the job queue, the config.
  { name: 'base', prefixes: ['lib/', 'db/', 'jobs/', 'config.ts', 'deps.ts', 'paths.ts', 'start-errors.ts'] },
  // Outside services: the contract every capability follows, sandbox and live adapters, vendor clients.
  { name: 'providers', prefixes: ['providers/'] },
  // What modules share to speak HTTP and to react to each other: Fastify plugins, the event dispatcher.
  { name: 'kernel', prefixes: ['plugins/', 'events/'] },
  // The features; one reaches another only through its index.ts (ESLint), never in a circle.
  { name: 'modules', prefixes: ['modules/'] },
  // Puts it all together: the one wiring, the app, the processes, the scripts.
  { name: 'composition', prefixes: ['wiring.ts', 'app.ts', 'main.ts', 'server.ts', 'worker.ts', 'scripts/'] },
];

const SOURCE = /\.(ts|mts|mjs|js)$/;
const isTest = (file) => /\.test\.[mc]?[jt]s$/.test(file);

/**
 * modules/payments/events.ts -> modules/payments; providers/banking/x.ts -> providers/banking, but
 * providers/contract.ts -> itself (the files beside the capabilities are rooms of their own);
 * lib/ids.ts -> lib; app.ts -> app.ts.
 */
export function roomOf(relative) {
  const parts = relative.split('/');
  if (parts[0] === 'modules' || parts[0] === 'providers') return parts.length > 2 ? `${parts[0]}/${parts[1]}` : relative;
  return parts.length > 1 ? parts[0] : relative;
}

export function layerOf(relative) {
  const index = LAYERS.findIndex((layer) => layer.prefixes.some((prefix) => relative === prefix || relative.startsWith(prefix)));
  return index === -1 ? undefined : index;
}

function listSources(dir, root = dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return listSources(full, root);
    return SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts') && !isTest(entry.name) ? [path.relative(root, full)] : [];
  });
}

/** Every relative import of every non-test source file under `srcDir`: { from, to, line } with paths relative to srcDir. */
export function importGraph(srcDir) {
  const files = listSources(srcDir).map((file) => file.split(path.sep).join('/'));
  const known = new Set(files);
  const edges = [];
  for (const from of files) {
    const text = fs.readFileSync(path.join(srcDir, from), 'utf8');
    // preProcessFile sees import, import type, export ... from, import() and require().
    const { importedFiles } = ts.preProcessFile(text, true, true);
    for (const imported of importedFiles) {
      if (!imported.fileName.startsWith('.')) continue;
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(from), imported.fileName));
      // A test helper outside src (apps/api/test) is not part of the layers.
      if (target.startsWith('../')) continue;
      const to = known.has(target) ? target : [`${target}.ts`, `${target}/index.ts`].find((candidate) => known.has(candidate));
      if (!to) continue;
      const line = text.slice(0, imported.pos).split('\n').length;
      edges.push({ from, to, line });
    }
  }
  return { files, edges };
}

/** Strongly connected groups of rooms of more than one room (Tarjan). */
function roomCycles(edges) {
  const next = new Map();
  for (const { from, to } of edges) {
    const a = roomOf(from);
    const b = roomOf(to);
    if (a === b) continue;
    if (!next.has(a)) next.set(a, new Set());
    next.get(a).add(b);
  }
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const groups = [];
  let counter = 0;
  const visit = (room) => {
    index.set(room, counter);
    low.set(room, counter++);
    stack.push(room);
    onStack.add(room);
    for (const other of next.get(room) ?? []) {
      if (!index.has(other)) {
        visit(other);
        low.set(room, Math.min(low.get(room), low.get(other)));
      } else if (onStack.has(other)) low.set(room, Math.min(low.get(room), index.get(other)));
    }
    if (low.get(room) === index.get(room)) {
      const group = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        group.push(member);
      } while (member !== room);
      if (group.length > 1) groups.push(group.sort());
    }
  };
  for (const room of next.keys()) if (!index.has(room)) visit(room);
  return groups.map((group) => ({
    rooms: group,
    // The imports that tie the group, so the report says where to cut.
    imports: edges.filter(
      (edge) => roomOf(edge.from) !== roomOf(edge.to) && group.includes(roomOf(edge.from)) && group.includes(roomOf(edge.to)),
    ),
  }));
}

/** What is wrong with the graph: files with no layer, imports running up, cycles between rooms. */
export function checkLayers(graph) {
  const unplaced = graph.files.filter((file) => layerOf(file) === undefined);
  const upward = graph.edges.filter((edge) => {
    const from = layerOf(edge.from);
    const to = layerOf(edge.to);
    return from !== undefined && to !== undefined && to > from;
  });
  return { unplaced, upward, cycles: roomCycles(graph.edges) };
}

export function describeProblems({ unplaced, upward, cycles }) {
  const lines = [];
  for (const file of unplaced) lines.push(`no layer for ${file} (add its folder to LAYERS in scripts/check-api-layers.mjs)`);
  for (const edge of upward)
    lines.push(
      `upward import: ${edge.from}:${edge.line} (${LAYERS[layerOf(edge.from)].name}) -> ${edge.to} (${LAYERS[layerOf(edge.to)].name})`,
    );
  for (const cycle of cycles) {
    lines.push(`cycle between ${cycle.rooms.join(', ')}:`);
    for (const edge of cycle.imports) lines.push(`  ${edge.from}:${edge.line} -> ${edge.to}`);
  }
  return lines;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const srcDir = path.resolve(process.argv[2] ?? 'apps/api/src');
  const graph = importGraph(srcDir);
  const problems = checkLayers(graph);
  const lines = describeProblems(problems);
  const rooms = new Set(graph.files.map(roomOf));
  const summary = `${graph.files.length} files, ${rooms.size} rooms, ${graph.edges.length} imports on ${LAYERS.length} layers (${LAYERS.map((layer) => layer.name).join(' < ')}): ${problems.upward.length} upward, ${problems.cycles.length} cycles, ${problems.unplaced.length} unplaced`;
  if (lines.length > 0) {
    console.error(lines.join('\n'));
    console.error(summary);
    process.exit(1);
  }
  console.log(summary);
}
