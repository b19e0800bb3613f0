// `npm run fakes`: every provider fake as a standalone local server on a fixed port, for a Crewpay
// started with SANDBOX=false against them. Prints the settings to start it with. Ctrl-C stops them.
import { startPaypalFake } from './paypal-fake.ts';

/** Where the fakes deliver their webhooks: the Crewpay they serve (its PUBLIC_URL). */
const crewpay = (process.env.CREWPAY_URL ?? 'http://127.0.0.1:3000').replace(/\/$/, '');
const settings: Record<string, string> = {};
const stops: (() => Promise<void>)[] = [];

/** FAKES=paypal,... starts only those (a live-mode e2e needs PayPal alone); all by default. */
const wanted = (name: string) => !process.env.FAKES || process.env.FAKES.split(',').includes(name);

// PayPal (Payouts, Partner Referrals, balances, webhooks): PAYPAL_FAKE_PORT, default 4104.
if (wanted('paypal')) {
  const paypal = await startPaypalFake({
    port: Number(process.env.PAYPAL_FAKE_PORT ?? 4104),
    webhookUrl: `${crewpay}/v1/webhooks/paypal`,
  });
  Object.assign(settings, paypal.settings);
  stops.push(paypal.close);
  console.log(
    `PayPal fake on ${paypal.url} (state: ${paypal.url}/_fake/state, advance its clock: POST ${paypal.url}/_fake/advance?days=30)`,
  );
}

console.log(`\nStart Crewpay with SANDBOX=false PUBLIC_URL=${crewpay} and:\n`);
for (const [name, value] of Object.entries(settings)) console.log(`${name}=${value}`);

const stop = () => void Promise.all(stops.map((close) => close())).then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
