// Runs every benchmark script of this folder (bench.ts, bench-<feature>.ts) one after the other.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = path.dirname(fileURLToPath(import.meta.url));
const scripts = fs
  .readdirSync(dir)
  .filter((name) => /^bench(-[a-z0-9-]+)?\.ts$/.test(name) && name !== 'bench-runner.ts' && !name.endsWith('.test.ts'))
  .sort();
let failed = 0;
for (const script of scripts) {
  console.log(`\n== ${script} ==`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(dir, script)], { stdio: 'inherit', env: process.env });
  if (result.status !== 0) failed += 1;
}
process.exit(failed === 0 ? 0 : 1);
