import { createHash, randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { qbSandboxCompanies, qbSandboxJournalEntries } from '../../db/schema/index.ts';
import { SANDBOX_CHART, SANDBOX_CUSTOMERS, SANDBOX_VENDORS } from './chart.ts';
import {
  AccountingAuthError,
  AccountingReconnectError,
  AccountingValidationFault,
  type AccountingAuth,
  type AccountingProvider,
  type AccountingTokens,
  type JournalEntryInput,
} from './types.ts';

/** Intuit's lifetimes: an access token lasts an hour, a refresh token 100 days, an authorization code ten minutes. */
const ACCESS_TOKEN_TTL_MS = 60 * 60 * 1000;
const REFRESH_TOKEN_TTL_MS = 100 * 86_400_000;
const CODE_TTL_MS = 10 * 60 * 1000;

const hash = (value: string) => createHash('sha256').update(value).digest('hex');
const token = (prefix: string) => `${prefix}_${randomBytes(24).toString('base64url')}`;

/**
 * QuickBooks Online simulated in our database, one company per organisation (its realm id is
 * derived from the organisation, so connecting again finds the same books). It behaves as Intuit
 * does where it matters: one-time codes, hour-long access tokens refused once expired, rotating
 * refresh tokens, requestid deduplication, balanced entries only, inactive accounts refused.
 */
export function createSandboxQuickbooks(db: Db, now: () => Date = () => new Date()): AccountingProvider {
  async function issueTokens(realm_id: string): Promise<AccountingTokens> {
    const tokens = {
      realm_id,
      access_token: token('qbat'),
      refresh_token: token('qbrt'),
      access_expires_at: new Date(now().getTime() + ACCESS_TOKEN_TTL_MS),
      refresh_expires_at: new Date(now().getTime() + REFRESH_TOKEN_TTL_MS),
    };
    await db
      .update(qbSandboxCompanies)
      .set({
        access_token_hash: hash(tokens.access_token),
        access_expires_at: tokens.access_expires_at,
        refresh_token_hash: hash(tokens.refresh_token),
        code_hash: null,
        code_expires_at: null,
      })
      .where(eq(qbSandboxCompanies.realm_id, realm_id));
    return tokens;
  }

  async function company(auth: AccountingAuth) {
    const [row] = await db.select().from(qbSandboxCompanies).where(eq(qbSandboxCompanies.realm_id, auth.realm_id));
    const valid = row && row.access_token_hash === hash(auth.access_token) && row.access_expires_at && row.access_expires_at > now();
    if (!valid) throw new AccountingAuthError();
    return row;
  }

  async function createJournalEntry(auth: AccountingAuth, entry: JournalEntryInput) {
    const books = await company(auth);
    const [existing] = await db
      .select({ qb_id: qbSandboxJournalEntries.qb_id })
      .from(qbSandboxJournalEntries)
      .where(and(eq(qbSandboxJournalEntries.realm_id, auth.realm_id), eq(qbSandboxJournalEntries.request_id, entry.request_id)));
    if (existing) return { Id: String(existing.qb_id) };
    const cents = (posting: 'Debit' | 'Credit') =>
      entry.Line.filter((line) => line.PostingType === posting).reduce((sum, line) => sum + Math.round(line.Amount * 100), 0);
    if (entry.Line.length < 2 || cents('Debit') !== cents('Credit'))
      throw new AccountingValidationFault('6000', 'Debits and credits of a journal entry must be equal');
    for (const line of entry.Line) {
      const account = books.accounts.find((candidate) => candidate.Id === line.AccountRef.value);
      if (!account) throw new AccountingValidationFault('2500', `Invalid Reference Id: account ${line.AccountRef.value} does not exist`);
      if (!account.Active) throw new AccountingValidationFault('610', `Object Not Found: the account ${account.Name} is inactive`);
      const entity = line.Entity;
      if (entity) {
        const parties = entity.Type === 'Customer' ? books.customers : books.vendors;
        if (!parties.some((party) => party.Id === entity.EntityRef.value))
          throw new AccountingValidationFault(
            '2500',
            `Invalid Reference Id: ${entity.Type.toLowerCase()} ${entity.EntityRef.value} does not exist`,
          );
      }
    }
    // QuickBooks numbers entries per company; the unique request id makes a racing duplicate insert nothing.
    const [created] = await db
      .insert(qbSandboxJournalEntries)
      .values({
        id: crypto.randomUUID(),
        realm_id: auth.realm_id,
        qb_id: sql`(SELECT COALESCE(MAX(qb_id), 100) + 1 FROM qb_sandbox_journal_entries WHERE realm_id = ${auth.realm_id})`,
        request_id: entry.request_id,
        txn_date: entry.TxnDate,
        private_note: entry.PrivateNote,
        lines: entry.Line,
      })
      .onConflictDoNothing()
      .returning({ qb_id: qbSandboxJournalEntries.qb_id });
    if (created) return { Id: String(created.qb_id) };
    return createJournalEntry(auth, entry);
  }

  async function grant({ org_id }: { org_id: string }) {
    const realm_id = `9341${BigInt(`0x${hash(`realm:${org_id}`).slice(0, 12)}`)
      .toString()
      .padStart(12, '0')
      .slice(0, 12)}`;
    await db
      .insert(qbSandboxCompanies)
      .values({
        realm_id,
        org_id,
        company_name: 'Sandbox Company_US_1',
        accounts: SANDBOX_CHART,
        vendors: SANDBOX_VENDORS,
        customers: SANDBOX_CUSTOMERS,
      })
      .onConflictDoNothing();
    const code = token('AB11');
    await db
      .update(qbSandboxCompanies)
      .set({ code_hash: hash(code), code_expires_at: new Date(now().getTime() + CODE_TTL_MS) })
      .where(eq(qbSandboxCompanies.realm_id, realm_id));
    return { code, realm_id, company_name: 'Sandbox Company_US_1' };
  }

  return {
    name: 'quickbooks-sandbox',
    consent: { kind: 'sandbox', grant },
    async exchangeCode({ code, realm_id }) {
      const [row] = await db.select().from(qbSandboxCompanies).where(eq(qbSandboxCompanies.realm_id, realm_id));
      if (!row || row.code_hash !== hash(code) || !row.code_expires_at || row.code_expires_at <= now())
        throw new AccountingValidationFault('invalid_grant', 'The authorization code is invalid or expired');
      return issueTokens(realm_id);
    },
    async refresh({ realm_id, refresh_token }) {
      const [row] = await db.select().from(qbSandboxCompanies).where(eq(qbSandboxCompanies.realm_id, realm_id));
      if (!row || row.refresh_token_hash !== hash(refresh_token)) throw new AccountingReconnectError();
      return issueTokens(realm_id);
    },
    async revoke({ realm_id, refresh_token }) {
      await db
        .update(qbSandboxCompanies)
        .set({ access_token_hash: null, refresh_token_hash: null, access_expires_at: null })
        .where(and(eq(qbSandboxCompanies.realm_id, realm_id), eq(qbSandboxCompanies.refresh_token_hash, hash(refresh_token))));
    },
    listAccounts: async (auth) => (await company(auth)).accounts,
    listVendors: async (auth) => (await company(auth)).vendors,
    listCustomers: async (auth) => (await company(auth)).customers,
    createJournalEntry,
  };
}
