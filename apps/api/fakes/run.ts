// `npm run fakes`: every provider fake as a standalone local server on a fixed port, for trying
// Crewpay with SANDBOX=false on one machine. Prints the settings to start Crewpay with; each
// fake answers GET /_fake/state with what it holds.
import { startPlaidFake } from './plaid-fake.ts';
import { startTwilioFake } from './twilio-fake.ts';

const publicUrl = (process.env.PUBLIC_URL ?? 'http://127.0.0.1:3000').replace(/\/$/, '');

const fakes = [
  {
    name: 'Twilio (SMS)',
    // Status callbacks and replies (STOP) are POSTed to Crewpay as Twilio would, signed.
    start: () => startTwilioFake({ port: 12141, deliverOverHttp: true, inboundUrl: `${publicUrl}/v1/webhooks/twilio` }),
  },
  {
    name: 'Plaid (bank link)',
    // Plaid allows an http redirect URI on localhost only; PUBLIC_URL's /oauth-redirect is on the allowed list.
    start: () => startPlaidFake({ port: 12140, allowedRedirectUris: [`${publicUrl}/oauth-redirect`] }),
  },
];

const settings: Record<string, string> = {};
for (const fake of fakes) {
  const started = await fake.start();
  console.log(`${fake.name}: ${started.url} (state: ${started.url}/_fake/state)`);
  Object.assign(settings, started.settings);
}
if (settings.PLAID_REDIRECT_URI) settings.PLAID_REDIRECT_URI = `${publicUrl}/oauth-redirect`;
console.log('\nStart Crewpay with:');
console.log(`SANDBOX=false PUBLIC_URL=${publicUrl} \\`);
console.log(
  Object.entries(settings)
    .map(([name, value]) => `  ${name}=${value}`)
    .join(' \\\n'),
);
