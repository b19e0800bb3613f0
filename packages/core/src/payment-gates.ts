import { z } from 'zod';

/**
 * Payouts gated on the contract or the deliverable (issue 31): a campaign's draft payment can wait
 * for the creator's contract for that campaign to be signed and/or for one of the campaign's
 * deliverables to be approved. Execute skips it (and remembers it was asked to execute it) until then.
 */
export const paymentGateMessages = {
  waitsForContract: 'Waits for the contract to be signed',
  waitsForDeliverable: (description: string) => `Waits for deliverable ${description} to be approved`,
  noCampaign: 'Only a payment linked to a campaign can wait for a contract or a deliverable',
  notDraft: 'Only a draft payment can change what it waits for',
  deliverable: 'Choose one of the campaign’s deliverables',
  saved: 'The payment’s conditions have been saved',
  executeOnRelease: 'Executes as soon as it no longer waits',
} as const;

/** PUT /v1/payments/{id}/gate: what the payment waits for (false and null: nothing). */
export const paymentGateBody = z.object({
  requires_contract: z.boolean({ error: 'Choose whether the payment waits for the signed contract' }),
  deliverable_id: z.uuid({ error: paymentGateMessages.deliverable }).nullable(),
});
export type PaymentGateBody = z.infer<typeof paymentGateBody>;

export const paymentGateAnswer = z.object({
  payment_id: z.string(),
  requires_contract: z.boolean(),
  deliverable_id: z.string().nullable(),
  deliverable_description: z.string().nullable(),
  /** Executed while it waited: it executes when nothing holds it back any more. */
  execute_on_release: z.boolean(),
  /** Why it waits now (empty: it can be executed). */
  reasons: z.array(z.string()),
});
export type PaymentGateAnswer = z.infer<typeof paymentGateAnswer>;
