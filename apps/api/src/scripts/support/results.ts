import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

type Figure = { figure: string; value: string; goal: string };

const resultsFile = path.resolve(import.meta.dirname, '../../../../../bench-results.json');

/** The machine's load as the figures were taken: figures from a busy machine are noisy. */
export const loadNote = () =>
  `load average ${os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' ')} on ${os.cpus().length} CPUs`;

/**
 * Prints a benchmark's figures as a table with their goals and merges them, under `section`, into
 * bench-results.json at the repository root, so two runs can be compared side by side.
 */
export function reportFigures(section: string, figures: Figure[], raw: Record<string, number>): void {
  console.table(figures);
  console.log(`(${loadNote()}; the load generator runs in its own process)`);
  const previous = fs.existsSync(resultsFile) ? (JSON.parse(fs.readFileSync(resultsFile, 'utf8')) as Record<string, unknown>) : {};
  fs.writeFileSync(resultsFile, `${JSON.stringify({ ...previous, [section]: { ...raw, load_average: os.loadavg()[0] } }, null, 2)}\n`);
}

export const ms = (value: number) => `${value.toFixed(1)} ms`;
export const rssMb = () => Math.round(process.memoryUsage().rss / 1024 / 1024);

/** The value below which p percent of the sorted values fall. */
export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
