import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { FullConfig } from '@playwright/test';
import { liveServers } from './servers/live.ts';
import { sandboxServer } from './servers/sandbox.ts';
import { startServers } from './servers/start.ts';

/**
 * Before any test: the API built once (as `npm start` builds it), then every server the run needs
 * started side by side: one sandbox server per worker (support/server.ts) and the live project's
 * server with its provider fake (servers/live.ts). Answers Playwright's teardown, which stops them.
 */
export default async function globalSetup(config: FullConfig): Promise<() => Promise<void>> {
  execFileSync('node', ['scripts/build.mjs'], { cwd: path.resolve(import.meta.dirname, '../apps/api'), stdio: 'inherit' });
  const runDir = process.env.CREWPAY_E2E_DATA_DIR;
  const operatorToken = process.env.OPERATOR_TOKEN;
  if (!runDir || !operatorToken) throw new Error('playwright.config.ts sets CREWPAY_E2E_DATA_DIR and OPERATOR_TOKEN');
  const sandbox = Array.from({ length: config.workers }, (_, index) => sandboxServer(index, operatorToken));
  return startServers([...sandbox, ...liveServers(runDir)]);
}
