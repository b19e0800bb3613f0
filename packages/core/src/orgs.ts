import { z } from 'zod';
import { text } from './text.ts';
import { invoicePrefixSchema } from './invoices.ts';
import { messages } from './validation.ts';

export const splitSources = ['creator', 'org'] as const;
export const billingPlans = ['free', 'standard'] as const;
export const billingStatuses = ['active', 'delinquent'] as const;

export const websiteMessage = 'Enter a website address, like https://example.com';

/** A web address: http(s)://host... or a bare host name with a dot (acme.com), nothing else. */
export function isWebsite(value: string): boolean {
  if (/\s/.test(value)) return false;
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `https://${value}`;
  try {
    const url = new URL(withScheme);
    return (
      (url.protocol === 'http:' || url.protocol === 'https:') && /^[^.]+(\.[^.]+)+$/.test(url.hostname) && !url.username && !url.password
    );
  } catch {
    return false;
  }
}

const website = text(messages.required)
  .trim()
  .min(1, messages.required)
  .max(255, 'Must be at most 255 characters')
  .refine(isWebsite, websiteMessage);

export const createOrgBody = z.object({
  name: text(messages.required).trim().min(1, messages.required).max(120, 'Must be at most 120 characters'),
  website,
});
export type CreateOrgBody = z.infer<typeof createOrgBody>;

export const updateOrgBody = createOrgBody
  .extend({
    agent_split_source: z.enum(splitSources),
    manager_split_source: z.enum(splitSources),
    invoice_prefix: invoicePrefixSchema,
    require_tax_form_for_payouts: z.boolean({ error: 'Must be true or false' }),
  })
  .partial();
export type UpdateOrgBody = z.infer<typeof updateOrgBody>;

export const orgRecord = z.object({
  id: z.string(),
  name: z.string(),
  website: z.string().nullable(),
  treasury_id: z.string().nullable(),
  connect_id: z.string().nullable(),
  has_representative: z.boolean(),
  billing_status: z.enum(billingStatuses),
  billing_plan: z.enum(billingPlans),
  paypal_enabled: z.boolean(),
  agent_split_source: z.enum(splitSources),
  manager_split_source: z.enum(splitSources),
  invoice_prefix: z.string(),
  /** Payees sign a tax form before giving payout details (off by default: the form is offered, not required). */
  require_tax_form_for_payouts: z.boolean(),
  /** GET it with the session (the bytes are served by /v1/org/logo); null when there is no logo. */
  logo_url: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type OrgRecord = z.infer<typeof orgRecord>;
