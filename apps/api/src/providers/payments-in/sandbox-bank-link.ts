import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps.ts';
import { sandboxBankItems, sandboxCardTokens } from '../../db/schema/index.ts';
import { SANDBOX_ROUTING_NUMBER } from '../banking/test-accounts.ts';
import { cardBrand, sandboxBankAccounts } from './test-cards.ts';
import type { PaymentsInProvider } from './types.ts';

type BankLinkPart = Pick<PaymentsInProvider, 'createBankLink' | 'linkedBank'>;

/**
 * The sandbox's bank link (a login with user_good / pass_good in its own dialog, as Stripe's
 * Financial Connections window would be): a link token, then the public token and account the
 * login answered, exchanged once for the account's numbers, which the sandbox debits.
 */
export function createSandboxBankLink(deps: Pick<AppDeps, 'db' | 'secrets'>): BankLinkPart {
  return {
    createBankLink: async () => ({ token: `link-sandbox-${randomBytes(16).toString('hex')}` }),

    async linkedBank(options) {
      const [item] = await deps.db.select().from(sandboxBankItems).where(eq(sandboxBankItems.public_token, options.token));
      if (!item || item.exchanged_at) return null;
      const accounts = JSON.parse(deps.secrets.decrypt(item.accounts_sealed)) as {
        account_id: string;
        name: string;
        account_number: string;
      }[];
      const account = accounts.find((candidate) => candidate.account_id === options.account_id);
      if (!account) return null;
      // A public token is good once, as Plaid's and Stripe's session tokens are.
      await deps.db.update(sandboxBankItems).set({ exchanged_at: new Date() }).where(eq(sandboxBankItems.public_token, item.public_token));
      return {
        label: `${account.name} •••• ${account.account_number.slice(-4)}`,
        source: { kind: 'numbers', account_number: account.account_number, routing_number: SANDBOX_ROUTING_NUMBER },
      };
    },
  };
}

/** Stripe.js's part in the sandbox: the card number goes to the processor, the page gets a token. */
export async function tokeniseSandboxCard(deps: Pick<AppDeps, 'db' | 'secrets'>, number: string) {
  const digits = number.replace(/\s+/g, '');
  const id = `tok_${randomBytes(12).toString('hex')}`;
  const card = { id, brand: cardBrand(digits), last4: digits.slice(-4) };
  await deps.db.insert(sandboxCardTokens).values({ ...card, number_sealed: deps.secrets.encrypt(digits) });
  return card;
}

/** The bank login's part in the sandbox: the institution's login (user_good / pass_good) answers a public token and its accounts. */
export async function createSandboxPublicToken(
  deps: Pick<AppDeps, 'db' | 'secrets'>,
  options: { link_token: string; institution: string },
) {
  const publicToken = `public-sandbox-${randomBytes(16).toString('hex')}`;
  const accounts = sandboxBankAccounts.map((account) => ({ ...account }));
  await deps.db.insert(sandboxBankItems).values({
    public_token: publicToken,
    link_token: options.link_token,
    institution: options.institution,
    accounts_sealed: deps.secrets.encrypt(JSON.stringify(accounts)),
  });
  return {
    public_token: publicToken,
    accounts: accounts.map((account) => ({ id: account.account_id, name: account.name, mask: account.account_number.slice(-4) })),
  };
}
