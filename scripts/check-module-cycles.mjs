// Fails when API modules import each other in a circle (module level: apps/api/src/modules/<name>).
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve('apps/api/src/modules');
const modules = fs.readdirSync(root).filter((name) => fs.statSync(path.join(root, name)).isDirectory());
const edges = new Map(modules.map((name) => [name, new Set()]));
for (const name of modules) {
  for (const file of fs.readdirSync(path.join(root, name))) {
    if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue;
    const source = fs.readFileSync(path.join(root, name, file), 'utf8');
    // Type-only imports vanish at run time and cannot tie modules in a loop.
    for (const match of source.matchAll(/^import (?!type )[^;]*?from '\.\.\/([a-z-]+)\//gm)) {
      if (match[1] !== name && edges.has(match[1])) edges.get(name).add(match[1]);
    }
  }
}
const cycles = [];
const visit = (node, trail) => {
  for (const next of edges.get(node)) {
    const at = trail.indexOf(next);
    if (at !== -1) cycles.push([...trail.slice(at), next].join(' -> '));
    else if (trail.length < modules.length) visit(next, [...trail, next]);
  }
};
for (const name of modules) visit(name, [name]);
const unique = [...new Set(cycles.map((cycle) => cycle.split(' -> ').slice(0, -1).sort().join(',')))];
if (unique.length > 0) {
  console.error(`Module import cycles (${unique.length}):`);
  for (const cycle of [...new Set(cycles)].slice(0, 20)) console.error(`  ${cycle}`);
  process.exit(1);
}
console.log('No import cycles between API modules.');
