import { loadConfig } from '../config.ts';
import {
  checkDropboxSignCredentials,
  checkPaypalCredentials,
  checkQuickbooksCredentials,
  checkSmsCredentials,
  testWorldProblems,
} from '../providers/live-credentials.ts';
import { esignProblems, liveModeProblems } from '../providers/readiness.ts';
import { checkStripeCredentials, type LiveCheck } from '../providers/webhooks/index.ts';

/**
 * `npm run live:check`: before SANDBOX=false, one line per problem. The configuration (what start
 * refuses, and what would talk to a provider's test world: Stripe test keys, PayPal's and
 * QuickBooks' sandboxes, Twilio's test numbers, an address that is not the provider's), then the
 * credentials with reads only, no money moving: Stripe (platform account, balance, the platform's
 * financial account and its intra_stripe_flows, both webhook endpoints with every handled event and
 * the code's API version), PayPal, QuickBooks, the SMS account and Dropbox Sign. Exit code 1 on any.
 */
async function main(): Promise<void> {
  const config = loadConfig({ ...process.env, SANDBOX: 'false' });
  const problems = [...liveModeProblems(config), ...esignProblems(config), ...testWorldProblems(config)];
  for (const problem of problems) console.error(`CONFIG  ${problem}`);
  const { stripe, paypal, quickbooks, sms, dropboxSign } = config.providers;
  const checks: LiveCheck[] = [
    ...(stripe.secretKey ? await checkStripeCredentials(stripe, config.publicUrl) : []),
    ...(paypal.clientId ? [await checkPaypalCredentials(paypal)] : []),
    ...(quickbooks.clientId ? [await checkQuickbooksCredentials(quickbooks)] : []),
    ...(sms.accountSid ? [await checkSmsCredentials(sms)] : []),
    ...(config.esignProvider === 'dropbox_sign' ? [await checkDropboxSignCredentials(dropboxSign)] : []),
  ];
  for (const check of checks) console.log(`${check.ok ? 'OK     ' : 'FAILED '} ${check.check}: ${check.detail}`);
  const failed = problems.length + checks.filter((check) => !check.ok).length;
  console.log(failed === 0 ? 'Ready for SANDBOX=false.' : `${failed} problem(s): see above.`);
  process.exitCode = failed === 0 ? 0 : 1;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
