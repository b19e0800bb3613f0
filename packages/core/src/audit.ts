import { z } from 'zod';
import { startingAfter } from './paging.ts';
import { timelineKinds } from './timelines.ts';

/**
 * The actions the audit log names, and how Settings > Audit log says them. Requests made while
 * logged in as someone else are recorded by route ("PUT /v1/creators/:id") and read as such.
 */
export const auditActionLabels = {
  sign_in: 'Signed in',
  'sign_in.failed': 'Sign-in refused (wrong password)',
  'login_as.start': 'Logged in as another user',
  'login_as.end': 'Logged out of another user',
  'login_as.expired': 'Login as ended (60 minutes)',
  'payout_details.change': 'Payout details changed',
  'payments.execute': 'Payments executed',
  'payments.approve': 'Payment approved',
  'payments.reject': 'Payment rejected',
  'payments.gate_change': 'Payment conditions changed (what it waits for)',
  'payee_split.change': "Split changed (the share of a creator's earnings paid to their agent or manager)",

  'payments.amount_edit': 'Payment amount changed',
  'payments.delete': 'Payment deleted',
  'invoice.update': 'Invoice edited',
  'invoice.cancel': 'Invoice canceled',
  'contract.invalidate': 'Contract invalidated',
  'approval_rules.update': 'Approval rules changed',
  'wallet.unfreeze': 'Frozen wallet money released after review',
  'nium.fund': 'Nium wallet funded from the wallet',
  'nium.account': 'Nium customer and wallet set',
  'api_key.create': 'API key created',
  'api_key.revoke': 'API key revoked',
  'member.invite': 'Team member invited',
  'member.update': 'Team member changed',
  'member.remove': 'Team member removed',
  'two_factor.enrol': 'Two-factor sign-in turned on',
  'two_factor.remove': 'Two-factor sign-in removed',
  'two_factor.recovery_code_used': 'Recovery code used',
  'two_factor.code_failed': 'Two-factor code refused',
  'two_factor.locked': 'Two-factor codes locked after wrong codes',
  'org.two_factor_required': 'Two-factor requirement changed',
  'deliverable.approve': 'Deliverable approved',
  'deliverable.request_changes': 'Deliverable changes requested',
} as const;
export type AuditAction = keyof typeof auditActionLabels;
export const auditActions = Object.keys(auditActionLabels) as AuditAction[];

/** How an entry's action reads: its label, or the request it names for one made while acting as someone. */
export function describeAuditAction(action: string): string {
  return (auditActionLabels as Record<string, string>)[action] ?? `Request while logged in as: ${action}`;
}

export const auditMessages = {
  action: 'Choose an action from the list',
  date: 'Enter a date as YYYY-MM-DD',
  dateOrder: 'The end date must be on or after the start date',
} as const;

// A real calendar day: 2026-13-45 is refused here, not by the database.
const isoDate = z.iso.date({ error: auditMessages.date }).optional();

const datesInOrder = (query: { from?: string | undefined; to?: string | undefined }) => !query.from || !query.to || query.from <= query.to;
const filterFields = {
  action: z.enum(auditActions as [AuditAction, ...AuditAction[]], { error: auditMessages.action }).optional(),
  user_id: z.uuid({ error: 'Choose a team member from the list' }).optional(),
  from: isoDate,
  to: isoDate,
};

/** GET /v1/audit_log/export: the filters (by action, person and dates: UTC days, both included). */
export const auditExportQuery = z.object(filterFields).refine(datesInOrder, { message: auditMessages.dateOrder, path: ['to'] });

/** GET /v1/audit_log: the filters, newest first by keyset. */
export const auditLogQuery = z
  .object({ ...filterFields, starting_after: startingAfter, page_size: z.coerce.number().int().min(1).max(100).default(50) })
  .refine(datesInOrder, { message: auditMessages.dateOrder, path: ['to'] });
export type AuditLogQuery = z.infer<typeof auditLogQuery>;

export const auditEntry = z.object({
  id: z.uuid(),
  created_at: z.string(),
  action: z.string(),
  description: z.string(),
  /** The person at the keyboard (null: a payee through their link, or a removed account). */
  actor: z.object({ id: z.uuid(), email: z.string(), name: z.string() }).nullable(),
  /** Set when the actor was logged in as someone else. */
  acted_as: z.object({ id: z.uuid(), email: z.string(), name: z.string() }).nullable(),
  target_id: z.string().nullable(),
  /** What the target is (payment, invoice, contract, creator): the row links to its page. */
  target_type: z.enum(timelineKinds).nullable(),
  /** The money the action concerns, in cents. */
  amount: z.number().int().nullable(),
  status_code: z.number().int().nullable(),
  details: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).nullable(),
});
export type AuditEntryRecord = z.infer<typeof auditEntry>;

export const auditLogPage = z.object({ entries: z.array(auditEntry), has_more: z.boolean(), next_cursor: z.string().nullable() });
export type AuditLogPage = z.infer<typeof auditLogPage>;
