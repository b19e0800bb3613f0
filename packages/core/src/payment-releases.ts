import { z } from 'zod';

/**
 * "Release when paid" (issue 31): an invoice's funded payments wait for the invoice's payment and
 * are executed once it has gone through. waiting: not paid yet (or paid, and the execution could
 * not be funded yet: the reason says so); released: executed; held: the invoice's payment was
 * disputed before the release, so they do not go out.
 */
export const paymentReleaseStatuses = ['waiting', 'released', 'held'] as const;
export type PaymentReleaseStatus = (typeof paymentReleaseStatuses)[number];

export const paymentReleaseStatusLabels: Record<PaymentReleaseStatus, string> = {
  waiting: 'Waiting for the invoice to be paid',
  released: 'Released',
  held: 'Held',
};

export const paymentReleaseMessages = {
  marked: 'These payments will be executed when the invoice is paid',
  unmarked: 'These payments no longer wait for the invoice',
  notOpen: 'Only an open invoice can release its payments when paid',
  offline: 'An invoice collected offline cannot release its payments: mark it paid, then execute them',
  noDrafts: 'This invoice funds no draft payments',
  notMarked: 'This invoice does not release its payments when paid',
  alreadyReleased: 'These payments were released already',
  disputed: "The invoice's payment is disputed: its payments are held",
  disputeLost: "The invoice's dispute was lost: its payments stay held until it is paid again and they are marked again",
  waitsForInvoice: (number: string) => `Waits for invoice ${number} to be paid`,
} as const;

/** GET /v1/invoices/{id}/release: how the invoice's funded payments wait (null when not marked). */
export const paymentReleaseAnswer = z.object({
  invoice_id: z.string(),
  status: z.enum(paymentReleaseStatuses),
  reason: z.string().nullable(),
  payment_ids: z.array(z.string()),
  released_at: z.string().nullable(),
});
export type PaymentReleaseAnswer = z.infer<typeof paymentReleaseAnswer>;

/** A draft an execution skipped because it waits, with the reason the Execute answer shows. */
export const waitingPayment = z.object({ id: z.string(), reason: z.string() });

/** A release in words (the invoice's Funded payments and the payment page): its state, then its reason. */
export const describePaymentRelease = (release: Pick<PaymentReleaseAnswer, 'status' | 'reason'>) =>
  `${paymentReleaseStatusLabels[release.status]}${release.reason ? `. ${release.reason}` : ''}`;

/** GET /v1/payment_releases?payment_group_id=: the campaign's draft payments that wait on an invoice. */
export const campaignReleasesQuery = z.object({ payment_group_id: z.uuid({ error: 'Not found' }) });
export const campaignRelease = z.object({
  payment_id: z.string(),
  amount: z.number().int(),
  recipient_name: z.string(),
  invoice_id: z.string(),
  invoice_number: z.string(),
  status: z.enum(paymentReleaseStatuses),
  reason: z.string().nullable(),
});
export type CampaignRelease = z.infer<typeof campaignRelease>;
export const campaignReleases = z.object({ data: z.array(campaignRelease) });

/**
 * What a payment waiting on its invoice waits for, in the words Execute skips it with (the
 * payments list) and, when held, the invoice page's: "Waits for invoice INV-0001 to be paid".
 */
export const campaignReleaseLabel = (release: Pick<CampaignRelease, 'status' | 'reason' | 'invoice_number'>) =>
  release.status === 'held'
    ? describePaymentRelease(release)
    : (release.reason ?? paymentReleaseMessages.waitsForInvoice(release.invoice_number));
