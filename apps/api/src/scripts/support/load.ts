// The load generator of `npm run bench`, run as its own process (load-in-child.ts) so its
// requests do not take CPU from the server it measures. Reads one JSON argument (base URL,
// headers, the URLs to cycle through, requests, concurrency) and prints one JSON line:
// median and p99 latency in ms, requests per second, and the run's seconds and latencies (to merge rounds).
import { percentile } from './results.ts';

export type Job = { base: string; headers: Record<string, string>; urls: string[]; requests: number; concurrency: number };

const job = JSON.parse(process.argv[2] ?? '{}') as Job;

const latencies: number[] = [];
let next = 0;
async function client(): Promise<void> {
  while (next < job.requests) {
    const url = job.urls[next % job.urls.length]!;
    next += 1;
    const start = performance.now();
    const response = await fetch(`${job.base}${url}`, { headers: job.headers });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`GET ${url}: ${response.status}`);
    latencies.push(performance.now() - start);
  }
}

const wall = performance.now();
await Promise.all(Array.from({ length: job.concurrency }, client));
const seconds = (performance.now() - wall) / 1000;
latencies.sort((a, b) => a - b);
console.log(JSON.stringify({ median: percentile(latencies, 50), p99: percentile(latencies, 99), rps: job.requests / seconds, seconds, latencies }));
