import { z } from 'zod';
import { campaignDateSchema } from './campaigns.ts';
import { NUL_MESSAGE, withoutNul } from './customers.ts';
import { text } from './text.ts';
import { messages } from './validation.ts';
import { deliverableApprovalStatuses } from './deliverable-approvals.ts';

export const deliverableMessages = {
  quantity: 'Quantity must be a whole number from 1 to 1,000,000',
  notFound: 'Deliverable not found',
  creatorNotFound: 'Creator not found',
  created: 'Deliverable has been created!',
  updated: 'Deliverable has been updated!',
  deleted: 'Deliverable has been deleted!',
} as const;

const descriptionSchema = text(messages.required)
  .trim()
  .min(1, messages.required)
  .max(2000, 'Must be at most 2000 characters')
  .refine(withoutNul, NUL_MESSAGE);
const quantitySchema = z.preprocess(
  (value) => (value === '' || value === null ? undefined : typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value),
  z
    .number({ error: messages.required })
    .int(deliverableMessages.quantity)
    .min(1, deliverableMessages.quantity)
    .max(1_000_000, deliverableMessages.quantity),
);

/** Spec section 5: a deliverable is saved only with quantity and description. */
export const createDeliverableBody = z.object({
  campaign_id: z.uuid({ error: messages.required }),
  creator_id: z.uuid({ error: messages.required }),
  description: descriptionSchema,
  quantity: quantitySchema,
  post_date: campaignDateSchema,
});
export type CreateDeliverableBody = z.infer<typeof createDeliverableBody>;
export type CreateDeliverableInput = z.input<typeof createDeliverableBody>;

/** PUT /v1/deliverables (id in the body, as the spec's calls carry it) or /v1/deliverables/{id}. */
export const updateDeliverableBody = z.object({
  id: z.uuid().optional(),
  creator_id: z.uuid({ error: messages.required }).optional(),
  description: descriptionSchema.optional(),
  quantity: quantitySchema.optional(),
  post_date: campaignDateSchema.optional(),
});
export type UpdateDeliverableBody = z.infer<typeof updateDeliverableBody>;

export const deleteDeliverableBody = z.object({ id: z.uuid() });

/** A wizard row counts only with quantity and description (the others are left out, not refused). */
export const isSavableDeliverableRow = (row: { quantity?: unknown; description?: unknown }) =>
  row.quantity !== '' &&
  row.quantity !== null &&
  row.quantity !== undefined &&
  typeof row.description === 'string' &&
  row.description.trim().length > 0;

/** The spec's Deliverable entity plus the creator's name the table shows. */
export const deliverableRecord = z.object({
  id: z.string(),
  campaign_id: z.string(),
  creator_id: z.string(),
  creator_name: z.string(),
  description: z.string(),
  quantity: z.number().int(),
  post_date: z.string().nullable(),
  approval_status: z.enum(deliverableApprovalStatuses),
  approval_decided_by_name: z.string().nullable(),
  approval_decided_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type DeliverableRecord = z.infer<typeof deliverableRecord>;

export const listDeliverablesQuery = z.object({ campaign_id: z.uuid({ error: 'campaign_id must be a campaign id' }) });
export const deliverableList = z.object({ data: z.array(deliverableRecord) });
export type DeliverableList = z.infer<typeof deliverableList>;
