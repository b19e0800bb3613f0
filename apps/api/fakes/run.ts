import { startDropboxSignFake } from './dropbox-sign-fake.ts';
import { startNiumFake } from './nium-fake.ts';
import { startPaypalFake } from './paypal-fake.ts';
import { startQuickbooksFake } from './quickbooks-fake.ts';
import { startStripeFake } from './stripe-fake.ts';
import { startTwilioFake } from './twilio-fake.ts';
import { appSettings } from './settings.ts';

/**
 * `npm run fakes`: every provider fake as a standalone local server on a fixed port (override
 * with FAKES_BASE_PORT), to run the whole app with SANDBOX=false on one machine and rehearse
 * going live. Stripe posts its events, signed, to the webhook endpoints registered through its
 * own API (`npm run stripe:webhooks` against it); PayPal delivers its webhooks to the Crewpay at
 * CREWPAY_URL (else PUBLIC_URL), as PayPal does to a registered webhook. GET <fake>/_fake/state shows what a fake
 * holds. FAKES=paypal,... starts only those (the live-mode e2e needs PayPal alone). Prints the
 * settings to give the app; stops on Ctrl-C.
 * Dropbox Sign's signer and editor: POST <esign>/_fake/sign/<signature_request_id> and
 * /_fake/templates/<template_id> sign or save there and post the callbacks to Crewpay.
 */
const base = Number(process.env.FAKES_BASE_PORT ?? 12110);
const publicUrl = (process.env.CREWPAY_URL ?? process.env.PUBLIC_URL ?? 'http://127.0.0.1:3000').replace(/\/$/, '');
const wanted = (name: string) => !process.env.FAKES || process.env.FAKES.split(',').includes(name);

type Fake = { url: string; settings: Record<string, string>; close: () => Promise<void> };
const fakes: Record<string, Fake> = {};
if (wanted('stripe')) {
  const stripe = await startStripeFake({ port: base + 1 });
  stripe.events.delivery.overHttp = true;
  fakes.stripe = stripe;
}
if (wanted('paypal'))
  fakes.paypal = await startPaypalFake({
    port: Number(process.env.PAYPAL_FAKE_PORT ?? base + 2),
    webhookUrl: `${publicUrl}/v1/webhooks/paypal`,
  });
// Status callbacks and replies (STOP) are POSTed to Crewpay as Twilio would, signed.
if (wanted('sms'))
  fakes.sms = await startTwilioFake({ port: base + 4, deliverOverHttp: true, inboundUrl: `${publicUrl}/v1/webhooks/twilio` });
// QuickBooks Online (Intuit's OAuth 2.0 and the Accounting API); Crewpay's QUICKBOOKS_REDIRECT_URI is printed with the settings.
if (wanted('quickbooks')) fakes.quickbooks = await startQuickbooksFake({ port: base + 5 });

// Dropbox Sign posts its callbacks to the URL set on the API app (its dashboard): Crewpay's route.
if (wanted('esign')) {
  const esign = await startDropboxSignFake({ port: base + 6, callbackUrl: `${publicUrl}/v1/webhooks/dropbox-sign` });
  esign.delivery.overHttp = true;
  fakes.esign = esign;
}

// Nium posts its webhooks (remittance statuses, RFI nudges) to the URL set at client setup, with
// the static x-partner-key; the fake moves every payment one status on each second.
if (wanted('nium')) {
  const nium = await startNiumFake({ port: base + 7, webhookUrl: `${publicUrl}/v1/webhooks/nium` });
  // One customer with a wallet, as Nium's onboarding leaves an organisation (its ids go on the organisation).
  const customer = nium.addCustomer('Demo organisation');
  fakes.nium = {
    ...nium,
    settings: { ...nium.settings, NIUM_DEMO_CUSTOMER_HASH_ID: customer.customerHashId, NIUM_DEMO_WALLET_HASH_ID: customer.walletHashId },
  };
}

console.log('Provider fakes are running (GET <url>/_fake/state shows what each holds):');
for (const [name, fake] of Object.entries(fakes)) console.log(`  ${name.padEnd(7)} ${fake.url}`);
if (fakes.nium) console.log(`  (Nium: POST ${fakes.nium.url}/_fake/advance?minutes=60 expires quotes; its simulator moves a payment)`);
if (fakes.paypal) console.log(`  (advance PayPal's clock: POST ${fakes.paypal.url}/_fake/advance?days=30)`);
console.log('\nStart Crewpay with these settings (and SMTP_URL / MAIL_FROM for email), then `npm run stripe:webhooks`:');
for (const [name, value] of Object.entries(appSettings(fakes, publicUrl))) console.log(`${name}=${value}`);
console.log(
  "\nSTRIPE_WEBHOOK_SECRET and STRIPE_CONNECT_WEBHOOK_SECRET above are the tests'; for events over HTTP use the secrets npm run stripe:webhooks prints.",
);

const stop = async () => {
  await Promise.all(Object.values(fakes).map((fake) => fake.close()));
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
