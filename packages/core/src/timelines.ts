import { z } from 'zod';
import { startingAfter } from './paging.ts';

/** The objects that have a timeline (GET /v1/<objects>/:id/timeline), as audit rows name their target. */
export const timelineKinds = ['payment', 'invoice', 'contract', 'creator'] as const;
export type TimelineKind = (typeof timelineKinds)[number];

/** What happened to the object, and how its timeline says it. */
export const timelineActionLabels = {
  created: 'Created',
  sent: 'Sent for signature',
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
  declined: 'Declined',
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

/**
 * Who did a step. user: a team member (id and name; both null once their account was removed);
 * payee: the creator, agent or manager through their link or portal; customer: the invoice's
 * payer; signer: the name signed with; system: Crewpay on its own (a payout posting, an approval
 * rule holding a payment); unknown: nothing records who (steps made before the audit log did).
 */
export const timelineActorKinds = ['user', 'payee', 'customer', 'signer', 'system', 'unknown'] as const;
export type TimelineActorKind = (typeof timelineActorKinds)[number];

const timelineActor = z.object({
  kind: z.enum(timelineActorKinds),
  /** The team member's user id (kind user only). */
  id: z.uuid().nullable(),
  /** Their name (or email) as the step shows it; null for the system, nobody recorded or a removed account. */
  name: z.string().nullable(),
});
export type TimelineActor = z.infer<typeof timelineActor>;

/** Says who, as the timeline reads it after the step's label: "by Jane Doe", "by the approval rules", "automatically", "who: not recorded". */
export function timelineActorText(actor: TimelineActor): string {
  switch (actor.kind) {
    case 'user':
      return actor.name ? `by ${actor.name}` : 'by a team member whose account was removed';
    case 'payee':
      return actor.name ? `by ${actor.name} (payee)` : 'by the payee';
    case 'customer':
      return actor.name ? `by ${actor.name} (customer)` : 'by the customer';
    case 'signer':
      return `by ${actor.name ?? 'the signer'}`;
    case 'system':
      // Named when it is something the organisation set (its approval rules), else Crewpay's own work.
      return actor.name ? `by ${actor.name}` : 'automatically';
    case 'unknown':
      return '· who: not recorded';
  }
}

export const timelineEvent = z.object({
  /** Stable within the object's timeline: its source row and what happened. */
  key: z.string(),
  at: z.string(),
  action: z.enum(Object.keys(timelineActionLabels) as [TimelineAction, ...TimelineAction[]]),
  label: z.string(),
  /** Who did it, always said: a team member, the payee, the customer, the signer, the system, or not recorded. */
  actor: timelineActor,
  /** Their reason or comment, when they gave one (an approval's, a failure's). */
  reason: z.string().nullable(),
  /** The money it concerns, in cents, when it concerns money. */
  amount: z.number().int().nullable(),
});
export type TimelineEvent = z.infer<typeof timelineEvent>;

/** Oldest first: the object's story in the order it happened; keyset-paged. */
export const timelinePage = z.object({ data: z.array(timelineEvent), has_more: z.boolean(), next_cursor: z.string().nullable() });
export type TimelinePage = z.infer<typeof timelinePage>;
