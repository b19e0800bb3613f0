import { startQuickbooksFake } from './quickbooks-fake.ts';

/**
 * `npm run fakes`: every provider fake as a standalone local server on a fixed port, and the
 * settings that point a SANDBOX=false Crewpay at them. Each fake answers GET /_fake/state.
 */

// QuickBooks Online (Intuit's OAuth 2.0 and the Accounting API). Crewpay also needs
// QUICKBOOKS_REDIRECT_URI=<its PUBLIC_URL>/api/qb/callback (the fake accepts any redirect URI).
const quickbooks = await startQuickbooksFake({ port: Number(process.env.QUICKBOOKS_FAKE_PORT ?? 4410) });
console.log(`# QuickBooks fake: ${quickbooks.url}/_fake/state`);
for (const [name, value] of Object.entries(quickbooks.settings)) console.log(`${name}=${value}`);
