// The load generator of `npm run bench`, run as its own process (load-in-child.ts) so its
// requests do not take CPU from the server it measures. Reads one JSON argument (base URL,
// headers, the URLs to cycle through, requests, concurrency) and prints one JSON line:
// median and p99 latency in ms, requests per second, and the run's seconds and latencies (to merge rounds).
//
// Requests go through node:http on kept-alive connections, one per client, as autocannon and wrk
// send them: fetch (undici) spent about 0.3 ms of its own on each request (docs/performance.md),
// time that was the client's, not the server's being measured. Each client opens its connection
// with one untimed request before the clock starts (wrk connects before it times, too): the
// figures are a running server's, not 50 connections and a cold client arriving at once, which
// made the slowest 1% of every round its first 50 requests (docs/performance.md).
import http from 'node:http';
import { percentile } from './results.ts';

export type Job = { base: string; headers: Record<string, string>; urls: string[]; requests: number; concurrency: number };

const job = JSON.parse(process.argv[2] ?? '{}') as Job;
const origin = new URL(job.base);
const agent = new http.Agent({ keepAlive: true, maxSockets: job.concurrency });

/** One GET, its body read to the end; refuses anything but a 2xx. */
function get(path: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: origin.hostname, port: origin.port, path, headers: job.headers, agent }, (response) => {
      response.on('data', () => undefined);
      response.on('error', reject);
      response.on('end', () => {
        const status = response.statusCode ?? 0;
        if (status >= 200 && status < 300) resolve();
        else reject(new Error(`GET ${path}: ${status}`));
      });
    });
    request.on('error', reject);
  });
}

const latencies: number[] = [];
let next = 0;
async function client(): Promise<void> {
  while (next < job.requests) {
    const url = job.urls[next % job.urls.length]!;
    next += 1;
    const start = performance.now();
    await get(url);
    latencies.push(performance.now() - start);
  }
}

await Promise.all(Array.from({ length: job.concurrency }, (_, index) => get(job.urls[index % job.urls.length]!)));
const wall = performance.now();
await Promise.all(Array.from({ length: job.concurrency }, client));
const seconds = (performance.now() - wall) / 1000;
agent.destroy();
latencies.sort((a, b) => a - b);
console.log(
  JSON.stringify({ median: percentile(latencies, 50), p99: percentile(latencies, 99), rps: job.requests / seconds, seconds, latencies }),
);
