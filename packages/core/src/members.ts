import { z } from 'zod';
import { usPhoneSchema } from './activation.ts';
import { text } from './text.ts';
import { emailSchema, messages } from './validation.ts';

/** Roles an invitation or an edit may give; there is one owner, who signed the organisation up. */
export const assignableRoles = ['admin', 'collaborator'] as const;
export type AssignableRole = (typeof assignableRoles)[number];

const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);
const name = text(messages.required).trim().max(100, 'Must be at most 100 characters');

/**
 * POST /v1/users. With a role it invites an organisation member; without one, is_agent or
 * is_manager adds an agent or manager (a payee), who needs first and last name.
 */
export const inviteUserBody = z
  .object({
    email: emailSchema,
    role: z.preprocess(blankToUndefined, z.enum(assignableRoles, { error: 'Choose Admin or Team member' }).optional()),
    is_agent: z.boolean().default(false),
    is_manager: z.boolean().default(false),
    first_name: z.preprocess(blankToUndefined, name.optional()),
    last_name: z.preprocess(blankToUndefined, name.optional()),
    phone_number: z.preprocess(blankToUndefined, usPhoneSchema.optional()),
  })
  .superRefine((value, ctx) => {
    if (value.role) return;
    if (!value.is_agent && !value.is_manager) {
      ctx.addIssue({ code: 'custom', path: ['role'], message: 'Choose Admin or Team member' });
      return;
    }
    for (const key of ['first_name', 'last_name'] as const) {
      if (!value[key]) ctx.addIssue({ code: 'custom', path: [key], message: messages.required });
    }
  });
export type InviteUserBody = z.infer<typeof inviteUserBody>;
export type InviteUserInput = z.input<typeof inviteUserBody>;

export const updateUserBody = z
  .object({
    email: emailSchema,
    role: z.enum(assignableRoles, { error: 'Choose Admin or Team member' }),
    is_agent: z.boolean(),
    is_manager: z.boolean(),
    first_name: name.nullable(),
    last_name: name.nullable(),
    phone_number: usPhoneSchema.nullable(),
  })
  .partial();
export type UpdateUserBody = z.infer<typeof updateUserBody>;

export const memberRecord = z.object({
  id: z.string(),
  email: z.string(),
  role: z.string(),
  is_external: z.boolean(),
  is_agent: z.boolean(),
  is_manager: z.boolean(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  display_name: z.string().nullable(),
  phone_number: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type MemberRecord = z.infer<typeof memberRecord>;

export const listUsersQuery = z.object({
  isAgentManager: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
});

export const updatePlanBody = z.object({ plan: z.literal('standard', { error: 'Only an upgrade to standard is possible' }) });
export type UpdatePlanBody = z.infer<typeof updatePlanBody>;

export const memberMessages = {
  freePlanInvite: 'The free plan does not include more members. Upgrade now to invite others.',
  collaboratorInvite: 'Team members cannot invite others',
  onlyOwnerAdminRoles: 'Only an owner or admin may set a role',
  adminsAndOwners: 'Admins cannot add or remove owners or admins',
  notYourselfRemove: 'You cannot remove yourself',
  notYourselfRole: 'You cannot change your own role',
  collaboratorRemove: 'Team members cannot remove others',
  collaboratorEdit: 'Team members cannot edit other members',
  ownerStays: 'The owner cannot be removed or given another role',
  noRoleForPayees: 'Agents and managers have no member role',
  exists: 'An account with this email already exists',
  notFound: 'User not found',
} as const;
