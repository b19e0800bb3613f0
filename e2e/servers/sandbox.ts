import fs from 'node:fs';
import { workerServer } from '../tests/support/server.ts';
import type { ServerSpec } from './server-spec.ts';

/** Each worker's server: the API built as in production, serving the built web app, on its own ports and data folder. */
export function sandboxServer(index: number, operatorToken: string): ServerSpec {
  const server = workerServer(index);
  fs.mkdirSync(server.dataDir, { recursive: true, mode: 0o755 });
  // The embedded PostgreSQL runs as a `postgres` user who must be able to traverse the folder.
  fs.chmodSync(server.dataDir, 0o755);
  return {
    name: `sandbox server ${index}`,
    // The API serves the built web app (apps/web/dist); `npm run test:e2e` builds it first, and
    // servers/start.ts the API once before starting every server.
    command: 'node --enable-source-maps --import ./dist/tracing.js dist/server.js',
    cwd: '../apps/api',
    url: `${server.url}/v1/user`,
    // Its own PostgreSQL port, so a development server on the default one does not collide.
    env: {
      PORT: String(server.port),
      DATA_DIR: server.dataDir,
      EMBEDDED_PG_PORT: String(server.pgPort),
      SANDBOX: 'true',
      LOG_LEVEL: 'warn',
      SANDBOX_ACH_DELAY_SECONDS: '60',
      // The settings journey walks the Add Payment Method wizard (off by default).
      PAYMENT_METHOD_WIZARD: 'true',
      // Every test calls from 127.0.0.1: the API-wide rate limit must not be what a test meets.
      RATE_LIMIT_ANONYMOUS_MAX: '1000000',
      RATE_LIMIT_SIGNED_IN_MAX: '1000000',
      // Each spec signs up its own organisations, all from 127.0.0.1.
      RATE_LIMIT_SIGN_UPS_PER_IP: '1000000',
      OPERATOR_TOKEN: operatorToken,
      // The webhook journey's receiver listens on this machine: webhooks reach no private host unless named.
      WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
    },
    // SIGTERM lets the API stop its PostgreSQL cleanly instead of leaving it running.
    stopTimeoutMs: 20_000,
  };
}
