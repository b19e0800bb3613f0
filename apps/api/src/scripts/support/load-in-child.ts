import { spawn } from 'node:child_process';
import path from 'node:path';

export type LoadFigures = { median: number; p99: number; rps: number };

/**
 * Runs load.ts in a child process against a server of this process: `urls` are cycled through
 * by `concurrency` clients until `requests` have been answered.
 */
export function loadInChild(options: {
  base: string;
  headers?: Record<string, string>;
  urls: string[];
  requests: number;
  concurrency: number;
}): Promise<LoadFigures> {
  const job = JSON.stringify({ headers: {}, ...options });
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'load.ts'), job], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) reject(new Error(`The load generator stopped with ${code}`));
      else resolve(JSON.parse(output.trim().split('\n').pop()!) as LoadFigures);
    });
  });
}
