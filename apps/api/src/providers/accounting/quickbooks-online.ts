import type { QuickbooksSettings } from '../../config.ts';
import { quickbooksClient, type TokenAnswer } from '../clients/quickbooks-client.ts';
import { apiError, tokenError } from './faults.ts';
import type { AccountingAuth, AccountingProvider, AccountingTokens, JournalEntryInput, QbAccount, QbParty } from './types.ts';

type IntuitAccount = { Id: string; Name: string; Classification?: string; AccountType?: string; Active?: boolean };
type IntuitParty = { Id: string; DisplayName: string };

const rethrow =
  (map: (error: unknown) => unknown) =>
  (error: unknown): never => {
    throw map(error);
  };

function tokensOf(realm_id: string, answer: TokenAnswer, now = Date.now()): AccountingTokens {
  return {
    realm_id,
    access_token: answer.access_token,
    refresh_token: answer.refresh_token,
    access_expires_at: new Date(now + answer.expires_in * 1000),
    refresh_expires_at: new Date(now + answer.x_refresh_token_expires_in * 1000),
  };
}

/** QuickBooks' journal entry: each line a JournalEntryLineDetail with its posting, account and (optional) customer or vendor. */
function journalEntryBody(entry: JournalEntryInput) {
  return {
    TxnDate: entry.TxnDate,
    PrivateNote: entry.PrivateNote,
    Line: entry.Line.map((line) => ({
      Amount: line.Amount,
      Description: line.Description,
      DetailType: 'JournalEntryLineDetail',
      JournalEntryLineDetail: {
        PostingType: line.PostingType,
        AccountRef: line.AccountRef,
        ...(line.Entity ? { Entity: line.Entity } : {}),
      },
    })),
  };
}

/**
 * QuickBooks Online for real (SANDBOX=false): Intuit's authorization code flow, tokens from its
 * token endpoint, the company's chart of accounts, customers and vendors, journal entries created
 * with a requestid. No call takes a transaction.
 */
export function createQuickbooksOnline(settings: QuickbooksSettings): AccountingProvider {
  const client = quickbooksClient(settings);
  const read = <T>(auth: AccountingAuth, entity: string, where = '') => client.queryAll<T>(auth, entity, where).catch(rethrow(apiError));
  return {
    name: 'quickbooks-online',
    consent: { kind: 'intuit', authorizationUrl: (state) => client.authorizationUrl(state) },
    async exchangeCode({ code, realm_id }) {
      const answer = await client.exchangeCode(code).catch(rethrow((error) => tokenError(error, 'authorization_code')));
      return tokensOf(realm_id, answer);
    },
    async refresh({ realm_id, refresh_token }) {
      const answer = await client.refresh(refresh_token).catch(rethrow((error) => tokenError(error, 'refresh_token')));
      return tokensOf(realm_id, answer);
    },
    async revoke({ refresh_token }) {
      await client.revoke(refresh_token).catch(rethrow((error) => tokenError(error, 'refresh_token')));
    },
    // Inactive accounts are read too, so the mapping can say an account was made inactive.
    async listAccounts(auth): Promise<QbAccount[]> {
      const accounts = await read<IntuitAccount>(auth, 'Account', 'Active in (true, false)');
      return accounts.map((account) => ({
        Id: account.Id,
        Name: account.Name,
        Classification: account.Classification ?? '',
        AccountType: account.AccountType ?? '',
        Active: account.Active !== false,
      }));
    },
    listVendors: async (auth): Promise<QbParty[]> =>
      (await read<IntuitParty>(auth, 'Vendor')).map((party) => ({ Id: party.Id, DisplayName: party.DisplayName })),
    listCustomers: async (auth): Promise<QbParty[]> =>
      (await read<IntuitParty>(auth, 'Customer')).map((party) => ({ Id: party.Id, DisplayName: party.DisplayName })),
    async createJournalEntry(auth, entry) {
      const created = await client
        .create<{ Id: string }>(auth, 'JournalEntry', journalEntryBody(entry), entry.request_id)
        .catch(rethrow(apiError));
      return { Id: created.Id };
    },
  };
}
