import { loadConfig } from '../config.ts';
import { registerStripeWebhooks, STRIPE_API_VERSION, STRIPE_ENDPOINTS } from '../providers/webhooks/index.ts';

/**
 * `npm run stripe:webhooks`: registers Stripe's two webhook endpoints at PUBLIC_URL/v1/webhooks/stripe
 * (the platform account's and the Connect one), pinned to the API version of the code and listing
 * the events it handles. Prints the signing secret of each endpoint it creates (Stripe shows it
 * once): STRIPE_WEBHOOK_SECRET and STRIPE_CONNECT_WEBHOOK_SECRET.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  if (!config.providers.stripe.secretKey) throw new Error('STRIPE_SECRET_KEY is not set');
  const { url, report } = await registerStripeWebhooks(config.providers.stripe, config.publicUrl);
  console.log(`Webhook endpoints at ${url}, API version ${STRIPE_API_VERSION}:`);
  for (const entry of report) {
    const which = entry.connect ? 'Connect (STRIPE_CONNECT_WEBHOOK_SECRET)' : 'account (STRIPE_WEBHOOK_SECRET)';
    const events = STRIPE_ENDPOINTS.find((endpoint) => endpoint.connect === entry.connect)!.events.join(', ');
    console.log(`  ${which}: ${entry.action} ${entry.id}; events: ${events}`);
    if (entry.secret) console.log(`    signing secret (shown once): ${entry.secret}`);
    if (entry.action === 'updated') console.log('    the events it missed were added (its signing secret is unchanged)');
    if (entry.action === 'differs')
      console.log('    pinned to another API version: delete it in the Dashboard and run this again (a new secret)');
  }
  process.exitCode = report.some((entry) => entry.action === 'differs') ? 1 : 0;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
