import fs from 'node:fs';
import path from 'node:path';

type PostmasterState =
  | { kind: 'none' }
  /** The pid file names a process that no longer exists: PostgreSQL clears it at start. */
  | { kind: 'stale_file' }
  /** Still running, left behind by a server that died (kill -9): nobody owns it any more. */
  | { kind: 'orphan'; pid: number }
  /** Still running under a live Crewpay (or another program): not ours to stop. */
  | { kind: 'owned'; pid: number; owner_pid: number };

/** What the data folder's postmaster.pid says about a PostgreSQL that may still be running. */
export function inspectPostmaster(databaseDir: string): PostmasterState {
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return { kind: 'none' };
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid) || processName(pid) !== 'postgres') return { kind: 'stale_file' };
  const owner = liveOwner(pid);
  return owner === undefined ? { kind: 'orphan', pid } : { kind: 'owned', pid, owner_pid: owner };
}

/** Asks an orphaned postmaster for a fast shutdown (SIGINT) and waits for it to exit. */
export async function stopOrphanPostmaster(pid: number, timeoutMs = 30_000): Promise<void> {
  process.kill(pid, 'SIGINT');
  const deadline = Date.now() + timeoutMs;
  while (isAlive(pid)) {
    if (Date.now() > deadline) throw new Error(`the PostgreSQL left running (pid ${pid}) did not stop within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function processName(pid: number): string | undefined {
  try {
    return fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return undefined;
  }
}

function parentPid(pid: number): number | undefined {
  try {
    // The command name (field 2) is in parentheses and may hold spaces: read after the last ')'.
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return undefined;
  }
}

/**
 * The postmaster runs under node (directly, or through `su` when we run as root). Once that node
 * process is gone (kill -9), the postmaster's ancestry ends at init without meeting a live node.
 */
function liveOwner(pid: number): number | undefined {
  let current = parentPid(pid);
  for (let depth = 0; current !== undefined && current > 1 && depth < 5; depth++) {
    if (processName(current) === 'node' || processName(current)?.startsWith('node')) return current;
    current = parentPid(current);
  }
  return undefined;
}
