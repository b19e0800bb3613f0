// Fails when the Drizzle schema changed without a generated migration (and leaves the tree as it was).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const dir = path.resolve('apps/api/drizzle');
const metaDir = path.join(dir, 'meta');
const journalPath = path.join(metaDir, '_journal.json');
const list = () => [
  ...fs.readdirSync(dir).map((name) => path.join(dir, name)),
  ...fs.readdirSync(metaDir).map((name) => path.join(metaDir, name)),
];

const before = new Set(list());
const journal = fs.readFileSync(journalPath, 'utf8');
execFileSync('npx', ['drizzle-kit', 'generate', '--name', 'drift_check'], { cwd: 'apps/api', stdio: 'pipe' });
const added = list().filter((file) => !before.has(file));
if (added.length > 0) {
  for (const file of added) fs.rmSync(file, { force: true });
  fs.writeFileSync(journalPath, journal);
  console.error('The Drizzle schema has changes without a migration: run `npm run db:generate` and commit the result.');
  process.exit(1);
}
console.log('Migrations match the schema.');
