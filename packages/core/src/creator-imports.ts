import { z } from 'zod';

/**
 * Whether a creator was emailed the portal invitation: sent (at creation or later), later (an
 * import chose to invite them afterwards) or none (an import chose not to invite them).
 */
export const invitationStatuses = ['sent', 'later', 'none'] as const;
export type InvitationStatus = (typeof invitationStatuses)[number];
export const invitationLabels: Record<InvitationStatus, string> = {
  sent: 'Invited',
  later: 'Invitation not sent',
  none: 'Not invited',
};

/** What an import does with the invitations of the creators it adds. */
export const importInviteChoices = ['now', 'later', 'never'] as const;
export type ImportInviteChoice = (typeof importInviteChoices)[number];
export const importInviteLabels: Record<ImportInviteChoice, string> = {
  now: 'Invite now',
  later: 'Invite later',
  never: "Don't invite",
};

/** POST /v1/creators/bulk?invite=: the file's creators are invited now (the default), later or never. */
export const bulkImportQuery = z.object({ invite: z.enum(importInviteChoices).default('now') });

/** One row of the file as the preview shows it; field and message are the add-creator form's when the row is refused. */
export const importPreviewRow = z.object({
  line: z.number(),
  email: z.string().nullable(),
  name: z.string().nullable(),
  field: z.string().nullable(),
  message: z.string().nullable(),
});
export type ImportPreviewRow = z.infer<typeof importPreviewRow>;

export const importPreview = z.object({
  /** Rows of the file (the header not counted). */
  total: z.number(),
  /** Rows the import would add. */
  valid: z.number(),
  /** Every row in the file's order: a refused row carries its field and message. */
  rows: z.array(importPreviewRow),
});
export type ImportPreview = z.infer<typeof importPreview>;

/** Invite the chosen creators, or every creator whose invitation was left for later. */
export const inviteCreatorsBody = z.union([
  z
    .object({
      ids: z
        .array(z.uuid({ error: 'Not found' }))
        .min(1)
        .max(500),
    })
    .strict(),
  z.object({ all: z.literal(true) }).strict(),
]);
export type InviteCreatorsBody = z.infer<typeof inviteCreatorsBody>;
export const inviteCreatorsAnswer = z.object({ invited: z.number() });
export type InviteCreatorsAnswer = z.infer<typeof inviteCreatorsAnswer>;
export const pendingInvitations = z.object({ later: z.number() });
export type PendingInvitations = z.infer<typeof pendingInvitations>;
