import { z } from 'zod';
import { startingAfter } from './paging.ts';

export const ACCOUNT_MAP_KEYS = ['income', 'payable', 'sales', 'receivable', 'clearing', 'labor'] as const;
export type AccountMapKey = (typeof ACCOUNT_MAP_KEYS)[number];

/** The card's labels, in the spec's order. */
export const ACCOUNT_MAP_LABELS: Record<AccountMapKey, string> = {
  income: 'Creator income account',
  payable: 'Payable account',
  sales: 'Sales account',
  receivable: 'Receivable account',
  clearing: 'Clearing account',
  labor: 'Labor account',
};

export const qbAccount = z.object({
  Id: z.string(),
  Name: z.string(),
  Classification: z.enum(['Revenue', 'Liability', 'Asset', 'Equity', 'Expense']),
  AccountType: z.string(),
});
export type QbAccountRecord = z.infer<typeof qbAccount>;

export const qbParty = z.object({ Id: z.string(), DisplayName: z.string() });
export type QbPartyRecord = z.infer<typeof qbParty>;

export const mappedAccount = z.object({ Id: z.string().min(1).max(40), Name: z.string().min(1).max(200) });
export type MappedAccountRecord = z.infer<typeof mappedAccount>;

/** Each account arrives as a JSON string ('{"Id":"91","Name":"Creator Income"}'); empty or null clears it. */
const accountField = z
  .union([z.string().max(1000), z.null()])
  .optional()
  .transform((value, ctx) => {
    if (value === undefined) return undefined;
    if (value === null || value.trim() === '') return null;
    try {
      const parsed = mappedAccount.safeParse(JSON.parse(value));
      if (parsed.success) return parsed.data;
    } catch {
      // reported below
    }
    ctx.addIssue({ code: 'custom', message: 'Choose an account from the list' });
    return z.NEVER;
  });

export const accountMapBody = z.object({
  income: accountField,
  payable: accountField,
  sales: accountField,
  receivable: accountField,
  clearing: accountField,
  labor: accountField,
  unique_income_creator: z.boolean({ error: 'unique_income_creator must be true or false' }).default(false),
});
export type AccountMapInput = z.input<typeof accountMapBody>;

export const accountMap = z.object({
  income: mappedAccount.nullable(),
  payable: mappedAccount.nullable(),
  sales: mappedAccount.nullable(),
  receivable: mappedAccount.nullable(),
  clearing: mappedAccount.nullable(),
  labor: mappedAccount.nullable(),
  unique_income_creator: z.boolean(),
});
export type AccountMapRecord = z.infer<typeof accountMap>;

export const accountingConnection = z.object({
  id: z.uuid(),
  platform: z.literal('quickbooks'),
  created_at: z.string(),
  /** QuickBooks no longer honours the connection (its refresh token expired or was revoked): connect again. */
  needs_reconnect: z.boolean(),
});
export type AccountingConnectionRecord = z.infer<typeof accountingConnection>;

/**
 * POST /api/qb/connect_code: a single-use code, good for CONNECT_CODE_SECONDS, that opens the
 * consent popup (GET /api/qb/connect?code=). The popup's URL never carries the session token.
 */
export const CONNECT_CODE_SECONDS = 60;
export const accountingConnectCode = z.object({ code: z.string(), expires_at: z.string() });
export type AccountingConnectCode = z.infer<typeof accountingConnectCode>;
export const connectCodeMessages = {
  expired: 'This connection request has expired. Close this window and try again from Crewpay.',
  tokenInUrl: 'This connection link is no longer accepted. Close this window and use Connect QuickBooks in Crewpay again.',
} as const;

export const JOURNAL_ENTRY_STATUSES = ['pending', 'succeeded', 'failed'] as const;

/** Status: succeeded when ref_id is present, else failed (pending while the sync has not answered yet). */
export const journalEntry = z.object({
  id: z.uuid(),
  Metadata: z.object({ Create_Time: z.string() }),
  Details: z.string(),
  Status: z.enum(JOURNAL_ENTRY_STATUSES),
  transfer_type: z.string(),
  amount: z.number().int(),
  ref_id: z.string().nullable(),
  error_text: z.string().nullable(),
  date_posted: z.string().nullable(),
  date_failed: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** This entry's place in the list: pass it as starting_after for the entries after it (keyset paging). */
  cursor: z.string(),
});
export type JournalEntryRecord = z.infer<typeof journalEntry>;

export const journalEntriesQuery = z.object({
  campaign_id: z.uuid({ error: 'Not found' }).optional(),
  status: z.enum(JOURNAL_ENTRY_STATUSES, { error: 'status must be pending, succeeded or failed' }).optional(),
  limit: z.coerce.number({ error: 'limit must be a number' }).int().min(1).max(200).default(50),
  /** The cursor of the last entry of the page before: the list stays an array, paged by keyset. */
  starting_after: startingAfter,
});

/** POST /api/qb/journalEntries/retry (Retry all): how many failed entries were sent again, and how many still wait. */
export const retryAllAnswer = z.object({ retried: z.number().int(), remaining: z.number().int() });
export type RetryAllAnswer = z.infer<typeof retryAllAnswer>;
