import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { ServerSpec } from './server-spec.ts';

const E2E_DIR = path.resolve(import.meta.dirname, '..');
const READY_WITHIN_MS = 120_000;

type Running = { spec: ServerSpec; child: ChildProcess; exited: Promise<number | null> };

/** Whether something answers at `url` (any answer but a server error: /v1/user answers 401 signed out). */
async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(2_000) })).status < 500;
  } catch {
    return false;
  }
}

/** The process in a group of its own, so stopping it reaches what it started (npm's node, the API's PostgreSQL). */
function launch(spec: ServerSpec): Running {
  const child = spawn(spec.command, {
    cwd: path.resolve(E2E_DIR, spec.cwd),
    env: { ...process.env, ...spec.env },
    shell: true,
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n').filter(Boolean)) process.stderr.write(`[${spec.name}] ${line}\n`);
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { spec, child, exited };
}

async function ready({ spec, exited }: Running): Promise<void> {
  let ended: number | null | undefined;
  void exited.then((code) => (ended = code));
  const deadline = Date.now() + READY_WITHIN_MS;
  while (!(await answers(spec.url))) {
    if (ended !== undefined) throw new Error(`The ${spec.name} ended (exit code ${ended}) before answering at ${spec.url}`);
    if (Date.now() > deadline) throw new Error(`The ${spec.name} did not answer at ${spec.url} within ${READY_WITHIN_MS / 1000} s`);
    await sleep(200);
  }
}

async function stop({ spec, child, exited }: Running): Promise<void> {
  if (child.exitCode !== null || child.pid === undefined) return;
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, name);
    } catch {
      // The group is already gone.
    }
  };
  signal('SIGTERM');
  const stopped = await Promise.race([exited.then(() => true), sleep(spec.stopTimeoutMs).then(() => false)]);
  if (!stopped) signal('SIGKILL');
}

/**
 * Starts every server at once and waits until each answers; answers the function that stops them
 * all. Playwright's own webServer list starts one after another: five servers, each creating its
 * PostgreSQL and migrating it, took 30 s here before the first test, ~15 s side by side.
 */
export async function startServers(specs: ServerSpec[]): Promise<() => Promise<void>> {
  const taken = await Promise.all(specs.map(async (spec) => ((await answers(spec.url)) ? spec : null)));
  const busy = taken.filter((spec) => spec !== null);
  if (busy.length)
    throw new Error(`Something already answers at ${busy.map((spec) => spec.url).join(', ')}: another run on these ports? (E2E_PORT)`);
  const running = specs.map(launch);
  const stopAll = async () => void (await Promise.all(running.map(stop)));
  try {
    await Promise.all(running.map(ready));
  } catch (error) {
    await stopAll();
    throw error;
  }
  return stopAll;
}
