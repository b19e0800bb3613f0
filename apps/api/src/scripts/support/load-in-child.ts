import { spawn } from 'node:child_process';
import path from 'node:path';
import { percentile } from './results.ts';

type LoadFigures = { median: number; p99: number; rps: number };
type RoundFigures = LoadFigures & { seconds: number; latencies: number[] };
type LoadJob = { base: string; headers?: Record<string, string>; urls: string[]; requests: number; concurrency: number };

/**
 * Two servers under the same load in alternating rounds (a, b, a, b...), each side's rounds merged
 * into one set of figures: a burst of other work on this 2-core machine falls on both sides
 * instead of on whichever happened to be running, so their ratio holds.
 */
export async function loadAlternating(a: LoadJob, b: LoadJob, rounds: number): Promise<[LoadFigures, LoadFigures]> {
  const runs: [RoundFigures[], RoundFigures[]] = [[], []];
  for (let round = 0; round < rounds; round += 1) {
    runs[0].push(await runInChild({ ...a, requests: Math.ceil(a.requests / rounds) }));
    runs[1].push(await runInChild({ ...b, requests: Math.ceil(b.requests / rounds) }));
  }
  return [merge(runs[0]), merge(runs[1])];
}

function merge(rounds: RoundFigures[]): LoadFigures {
  const latencies = rounds.flatMap((round) => round.latencies).sort((x, y) => x - y);
  const seconds = rounds.reduce((sum, round) => sum + round.seconds, 0);
  return { median: percentile(latencies, 50), p99: percentile(latencies, 99), rps: latencies.length / seconds };
}

/**
 * Runs load.ts in a child process against a server of this process: `urls` are cycled through
 * by `concurrency` clients until `requests` have been answered.
 */
export async function loadInChild(options: LoadJob): Promise<LoadFigures> {
  const { median, p99, rps } = await runInChild(options);
  return { median, p99, rps };
}

function runInChild(options: LoadJob): Promise<RoundFigures> {
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
      else resolve(JSON.parse(output.trim().split('\n').pop()!) as RoundFigures);
    });
  });
}
