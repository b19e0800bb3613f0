import { z } from 'zod';
import { text } from './text.ts';

/** What the command palette finds, in the order it lists them. */
export const searchKinds = ['creator', 'payment', 'invoice', 'campaign', 'contract'] as const;
export type SearchKind = (typeof searchKinds)[number];
export const searchKindLabels: Record<SearchKind, string> = {
  creator: 'Creators',
  payment: 'Payments',
  invoice: 'Invoices',
  campaign: 'Campaigns',
  contract: 'Contracts',
};

/** GET /v1/search?q=: a name, email, amount ("$1,250", "1250.00") or reference (an id). */
export const searchQuery = z.object({ q: text().trim().min(1).max(200) });

export const searchResult = z.object({
  kind: z.enum(searchKinds),
  id: z.string(),
  /** The name a person knows it by: the creator's name, the payment's recipient, the invoice's title. */
  label: z.string(),
  /** A second line: the email, status or customer. */
  detail: z.string(),
  /** Cents, for payments and invoices. */
  amount: z.number().nullable(),
  /** The app's page of it. */
  path: z.string(),
});
export type SearchResult = z.infer<typeof searchResult>;
/** At most SEARCH_LIMIT results of each kind, newest first. */
export const searchAnswer = z.object({ results: z.array(searchResult) });
export type SearchAnswer = z.infer<typeof searchAnswer>;
export const SEARCH_LIMIT = 5;
