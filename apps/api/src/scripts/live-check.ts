import { loadConfig } from '../config.ts';
import { esignProblems, liveModeProblems } from '../providers/readiness.ts';
import { checkStripeCredentials } from '../providers/webhooks/index.ts';

/**
 * `npm run live:check`: validates the real Stripe credentials without moving money (the platform
 * account, its balance, the platform's financial account, the webhook endpoints and their API
 * version), after the configuration check SANDBOX=false makes at start. Exit code 1 on any failure.
 */
async function main(): Promise<void> {
  const config = loadConfig({ ...process.env, SANDBOX: 'false' });
  const problems = [...liveModeProblems(config), ...esignProblems(config)];
  for (const problem of problems) console.error(`CONFIG  ${problem}`);
  const checks = config.providers.stripe.secretKey ? await checkStripeCredentials(config.providers.stripe, config.publicUrl) : [];
  for (const check of checks) console.log(`${check.ok ? 'OK     ' : 'FAILED '} ${check.check}: ${check.detail}`);
  const failed = problems.length + checks.filter((check) => !check.ok).length;
  console.log(failed === 0 ? 'Stripe is ready for SANDBOX=false.' : `${failed} problem(s): see above.`);
  process.exitCode = failed === 0 ? 0 : 1;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
