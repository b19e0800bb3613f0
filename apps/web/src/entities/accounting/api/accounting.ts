import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type {
  AccountingConnectCode,
  AccountingConnectionRecord,
  AccountMapInput,
  AccountMapRecord,
  JournalEntryRecord,
  QbAccountRecord,
  QbPartyRecord,
  RetryAllAnswer,
} from '@crewpay/core';
import { api } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';

/**
 * QuickBooks: the Settings tab, the campaign's quickbooks tab and the customer's Quickbooks card
 * all read these, so the calls live here (docs/accounting.md).
 */
const accountingKeys = {
  all: ['qb'] as const,
  connections: ['qb', 'orgOauth'] as const,
  accounts: ['qb', 'accounts'] as const,
  map: ['qb', 'acctMap'] as const,
  suggested: ['qb', 'acctMap', 'suggested'] as const,
  failed: ['qb', 'journalEntries', 'failed'] as const,
  parties: (kind: QuickbooksPartyKind) => ['qb', kind === 'customer' ? 'customers' : 'vendors'] as const,
  journal: (campaignId?: string) => ['qb', 'journalEntries', campaignId ?? 'all'] as const,
};

const refreshAll = () => queryClient.invalidateQueries({ queryKey: accountingKeys.all });

function accountingConnectionsQuery() {
  return queryOptions({
    queryKey: accountingKeys.connections,
    queryFn: () => api.get<AccountingConnectionRecord[]>('/api/orgOauth'),
    meta: { errorMessage: 'There was an issue retrieving your QuickBooks connection' },
  });
}

export function useAccountingConnections() {
  return useQuery(accountingConnectionsQuery());
}

export function useDisconnectQuickbooks() {
  return useMutation({
    mutationFn: (id: string) => api.delete<{ message: string }>('/api/orgOauth', undefined, { query: { id } }),
    onSuccess: refreshAll,
    meta: { errorMessage: 'There was an issue disconnecting QuickBooks', successMessage: 'QuickBooks disconnected' },
  });
}

function quickbooksAccountsQuery() {
  return queryOptions({
    queryKey: accountingKeys.accounts,
    queryFn: () => api.get<QbAccountRecord[]>('/api/qb/accounts'),
    meta: { errorMessage: 'There was an issue retrieving your QuickBooks accounts' },
  });
}

export function useQuickbooksAccounts(enabled: boolean) {
  return useQuery({ ...quickbooksAccountsQuery(), enabled });
}

export type QuickbooksPartyKind = 'customer' | 'vendor';

/** The company's customers (a Crewpay customer's Quickbooks card) or vendors (a creator's accounting link). */
function quickbooksPartiesQuery(kind: QuickbooksPartyKind) {
  return queryOptions({
    queryKey: accountingKeys.parties(kind),
    queryFn: () => api.get<QbPartyRecord[]>(kind === 'customer' ? '/api/qb/customers' : '/api/qb/vendors'),
    meta: { errorMessage: `There was an issue retrieving your QuickBooks ${kind}s` },
  });
}

export function useQuickbooksParties(kind: QuickbooksPartyKind, enabled: boolean) {
  return useQuery({ ...quickbooksPartiesQuery(kind), enabled });
}

function accountMapQuery() {
  return queryOptions({
    queryKey: accountingKeys.map,
    queryFn: () => api.get<AccountMapRecord>('/api/qb/acctMap'),
    meta: { errorMessage: 'There was an issue retrieving your account mapping' },
  });
}

export function useAccountMap(enabled: boolean) {
  return useQuery({ ...accountMapQuery(), enabled });
}

/** The mapping the API suggests from the company's chart of accounts: the form starts from it before anything is saved. */
export function useSuggestedAccountMap(enabled: boolean) {
  return useQuery({
    queryKey: accountingKeys.suggested,
    queryFn: () => api.get<AccountMapRecord>('/api/qb/acctMap/suggested'),
    enabled,
    meta: { errorMessage: 'There was an issue suggesting accounts from your chart of accounts' },
  });
}

export function useSaveAccountMap() {
  return useMutation({
    mutationFn: (body: AccountMapInput) => api.post<AccountMapRecord>('/api/qb/acctMap', body),
    onSuccess: refreshAll,
    meta: { errorMessage: 'There was an issue saving your account mapping', successMessage: 'Account mapping saved' },
  });
}

/** One page of journal entries and the cursor of the next (null on the last page): the answer useKeysetPaging records. */
export type JournalEntriesPage = { data: JournalEntryRecord[]; next_cursor: string | null; total: null };

/**
 * A page of journal entries by keyset: the API answers the spec's array; one entry more than the
 * page is asked for, so whether a next page exists (and its cursor: the page's last entry's) is known.
 */
function journalEntriesQuery(options: { campaignId?: string; pageSize: number; startingAfter?: string }) {
  return queryOptions({
    queryKey: [...accountingKeys.journal(options.campaignId), options.startingAfter ?? 'first'],
    queryFn: async (): Promise<JournalEntriesPage> => {
      const rows = await api.get<JournalEntryRecord[]>('/api/qb/journalEntries', {
        query: { campaign_id: options.campaignId, limit: options.pageSize + 1, starting_after: options.startingAfter },
      });
      const data = rows.slice(0, options.pageSize);
      return { data, next_cursor: rows.length > options.pageSize ? (data[data.length - 1]?.cursor ?? null) : null, total: null };
    },
    placeholderData: keepPreviousData,
    // An entry is pending while its call to QuickBooks is out: look again until it has answered.
    refetchInterval: (query) => (query.state.data?.data.some((entry) => entry.Status === 'pending') ? 2000 : false),
    meta: { errorMessage: 'There was an issue retrieving your journal entries' },
  });
}

export function useJournalEntries(options: { enabled: boolean; campaignId?: string; pageSize: number; startingAfter?: string }) {
  return useQuery({ ...journalEntriesQuery(options), enabled: options.enabled });
}

export function useRetryJournalEntry() {
  return useMutation({
    mutationFn: (id: string) => api.post<JournalEntryRecord>(`/api/qb/journalEntries/${id}/retry`),
    onSuccess: refreshAll,
    meta: { errorMessage: 'There was an issue retrying the journal entry' },
  });
}

/** Whether any entry failed (one is enough to offer Retry all). */
export function useHasFailedJournalEntries(enabled: boolean) {
  return useQuery({
    queryKey: accountingKeys.failed,
    queryFn: async () =>
      (await api.get<JournalEntryRecord[]>('/api/qb/journalEntries', { query: { status: 'failed', limit: 1 } })).length > 0,
    enabled,
    // Entries fail while their calls come back: look again now and then (the table polls only while some are pending).
    refetchInterval: 15_000,
    meta: { errorMessage: 'There was an issue retrieving your journal entries' },
  });
}

export function useRetryAllJournalEntries() {
  return useMutation({
    mutationFn: () => api.post<RetryAllAnswer>('/api/qb/journalEntries/retry'),
    onSuccess: refreshAll,
    meta: { errorMessage: 'There was an issue retrying the journal entries', successMessage: 'Failed journal entries sent again' },
  });
}

/**
 * Intuit's consent in an 800x650 popup on the API host; the popup posts a message back when done.
 * It opens blank at once, in the click (a popup opened after an await may be blocked), and is
 * sent on by useStartQuickbooksConsent.
 */
export function openQuickbooksPopup(): Window | null {
  const left = Math.max(0, (window.screen.width - 800) / 2);
  const top = Math.max(0, (window.screen.height - 650) / 2);
  return window.open('about:blank', 'quickbooks-connect', `popup,width=800,height=650,left=${left},top=${top}`);
}

/**
 * Sends the popup to the consent page with a single-use code asked for with the session header:
 * the session token itself never travels in a URL (history, logs, Referer).
 */
export function useStartQuickbooksConsent() {
  return useMutation({
    mutationFn: async (popup: Window) => {
      const { code } = await api.post<AccountingConnectCode>('/api/qb/connect_code');
      popup.location.href = `/api/qb/connect?code=${encodeURIComponent(code)}`;
    },
    onError: (_error, popup) => popup.close(),
    meta: { errorMessage: 'There was an issue connecting QuickBooks' },
  });
}

export const refreshAccounting = refreshAll;
