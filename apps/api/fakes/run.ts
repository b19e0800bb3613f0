import { startPaypalFake } from './paypal-fake.ts';
import { startStripeFake } from './stripe-fake.ts';
import { startTwilioFake } from './twilio-fake.ts';

/**
 * `npm run fakes`: every provider fake as a standalone local server on a fixed port (override
 * with FAKES_BASE_PORT), to run the whole app with SANDBOX=false on one machine and rehearse
 * going live. Stripe posts its events, signed, to the webhook endpoints registered through its
 * own API (`npm run stripe:webhooks` against it). GET <fake>/_fake/state shows what a fake holds.
 * Prints the settings to give the app; stops on Ctrl-C.
 */
const base = Number(process.env.FAKES_BASE_PORT ?? 12110);

const stripe = await startStripeFake({ port: base + 1 });
stripe.events.delivery.overHttp = true;
const paypal = await startPaypalFake({ port: base + 2 });
const sms = await startTwilioFake({ port: base + 4 });

const fakes = { stripe, paypal, sms };
console.log('Provider fakes are running (GET <url>/_fake/state shows what each holds):');
for (const [name, fake] of Object.entries(fakes)) console.log(`  ${name.padEnd(7)} ${fake.url}`);
console.log('\nStart Crewpay with these settings (and SMTP_URL / MAIL_FROM for email), then `npm run stripe:webhooks`:');
console.log('SANDBOX=false');
for (const fake of Object.values(fakes)) for (const [name, value] of Object.entries(fake.settings)) console.log(`${name}=${value}`);
console.log('STRIPE_PUBLISHABLE_KEY=pk_test_crewpay_fake');
console.log(
  "\nSTRIPE_WEBHOOK_SECRET and STRIPE_CONNECT_WEBHOOK_SECRET above are the tests'; for events over HTTP use the secrets npm run stripe:webhooks prints.",
);

const stop = async () => {
  await Promise.all(Object.values(fakes).map((fake) => fake.close()));
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
