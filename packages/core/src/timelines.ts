import { z } from 'zod';
import { startingAfter } from './paging.ts';

/** The objects that have a timeline (GET /v1/<objects>/:id/timeline), as audit rows name their target. */
export const timelineKinds = ['payment', 'invoice', 'contract', 'creator'] as const;
export type TimelineKind = (typeof timelineKinds)[number];

/** What happened to the object, and how its timeline says it. */
export const timelineActionLabels = {
  created: 'Created',
  edited: 'Edited',
  amount_edited: 'Amount changed',
  conditions_changed: 'Conditions changed (what it waits for)',
  executed: 'Executed',
  held_for_approval: 'Held for approval',
  waiting_for_details: 'Waiting for payout details',
  approved: 'Approved',
  rejected: 'Rejected',
  released: 'Released',
  posted: 'Posted',
  failed: 'Failed',
  returned: 'Returned',
  canceled: 'Canceled',
  deleted: 'Deleted',
  paid: 'Paid',
  refunded: 'Refund issued',
  signed: 'Signed',
  invalidated: 'Invalidated',
  payout_details_changed: 'Payout details changed',
  split_changed: 'Split changed',
  w9_requested: 'W-9 requested',
  tax_form_received: 'Tax form received',
} as const;
export type TimelineAction = keyof typeof timelineActionLabels;

export const timelineQuery = z.object({
  starting_after: startingAfter,
  page_size: z.coerce.number().int().min(1).max(100).default(50),
});
export type TimelineQuery = z.infer<typeof timelineQuery>;

export const timelineEvent = z.object({
  /** Stable within the object's timeline: its source row and what happened. */
  key: z.string(),
  at: z.string(),
  action: z.enum(Object.keys(timelineActionLabels) as [TimelineAction, ...TimelineAction[]]),
  label: z.string(),
  /** The person who did it (null: the system, a payee through their link, a removed account). */
  actor: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  /** Their reason or comment, when they gave one (an approval's, a failure's). */
  reason: z.string().nullable(),
  /** The money it concerns, in cents, when it concerns money. */
  amount: z.number().int().nullable(),
});
export type TimelineEvent = z.infer<typeof timelineEvent>;

/** Oldest first: the object's story in the order it happened; keyset-paged. */
export const timelinePage = z.object({ data: z.array(timelineEvent), has_more: z.boolean(), next_cursor: z.string().nullable() });
export type TimelinePage = z.infer<typeof timelinePage>;
