/** A process the e2e run starts before any test and stops after the last (servers/start.ts). */
export type ServerSpec = {
  name: string;
  /** Run by a shell in `cwd` (relative to e2e/). */
  command: string;
  cwd: string;
  /** Answers once the process is ready. */
  url: string;
  env: Record<string, string>;
  /** How long SIGTERM may take (an API server stops its PostgreSQL cleanly) before SIGKILL. */
  stopTimeoutMs: number;
};
