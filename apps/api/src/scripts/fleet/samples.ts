// What the soak samples while it runs: each process's memory, the database's connections and
// the job queue's depth.
import fs from 'node:fs';
import type { Fleet } from './cluster.ts';

export type Sample = {
  at: number;
  /** Resident memory in MB per fleet member (API instances and workers). */
  rss: Record<string, number>;
  /** V8 heap in use in MB per API instance (its /metrics). */
  heap: Record<string, number>;
  connections: number;
  queued: number;
};

function residentMb(pid: number | undefined): number | undefined {
  if (!pid) return undefined;
  try {
    const line = fs
      .readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((entry) => entry.startsWith('VmRSS:'));
    return line ? Number(line.replace(/\D+/g, '')) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

async function heapMb(fleet: Fleet, base: string): Promise<number | undefined> {
  const response = await fetch(`${base}/metrics`, {
    headers: { 'x-operator-token': fleet.operatorToken },
    signal: AbortSignal.timeout(5_000),
  });
  const line = (await response.text()).split('\n').find((entry) => entry.startsWith('nodejs_heap_size_used_bytes '));
  return line ? Number(line.split(' ')[1]) / 1024 / 1024 : undefined;
}

export async function takeSample(fleet: Fleet, startedAt: number): Promise<Sample> {
  const rss: Record<string, number> = {};
  for (const [name, pid] of Object.entries(fleet.pids())) {
    const mb = residentMb(pid);
    if (mb !== undefined) rss[name] = mb;
  }
  const heap: Record<string, number> = {};
  for (const [index, base] of fleet.apiBases.entries()) {
    const mb = await heapMb(fleet, base).catch(() => undefined);
    if (mb !== undefined) heap[`api-${index + 1}`] = mb;
  }
  const { rows } = await fleet.sql.query<{ connections: string; queued: string }>(
    `SELECT (SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()) AS connections,
            (SELECT count(*) FROM pgboss.job WHERE state IN ('created', 'retry')) AS queued`,
  );
  return { at: (Date.now() - startedAt) / 1000, rss, heap, connections: Number(rows[0]!.connections), queued: Number(rows[0]!.queued) };
}

/** Least-squares slope of values over time, in units per 10 minutes. */
export function slopePerTenMinutes(points: { at: number; value: number }[]): number {
  if (points.length < 2) return 0;
  const meanAt = points.reduce((sum, point) => sum + point.at, 0) / points.length;
  const meanValue = points.reduce((sum, point) => sum + point.value, 0) / points.length;
  const numerator = points.reduce((sum, point) => sum + (point.at - meanAt) * (point.value - meanValue), 0);
  const denominator = points.reduce((sum, point) => sum + (point.at - meanAt) ** 2, 0);
  return denominator === 0 ? 0 : (numerator / denominator) * 600;
}
