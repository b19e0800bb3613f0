import {
  accountMessages,
  canChangePayoutDetails,
  memberMessages,
  payoutDetailsMessages,
  type InviteUserBody,
  type UpdateUserBody,
} from '@crewpay/core';
import type { Org, User } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';

const isStaffRank = (role: User['role']) => role === 'owner' || role === 'admin';
const refuse = (message: string) => new AppError('forbidden', message);

/** Invitations: owners and admins invite (admins not other admins); agents and managers any staff may add. */
export function assertMayInvite(actor: User, org: Org, body: InviteUserBody): void {
  if (!body.role) return;
  if (actor.role === 'collaborator') throw refuse(memberMessages.collaboratorInvite);
  if (org.billing_plan === 'free') throw refuse(memberMessages.freePlanInvite);
  if (body.role === 'admin' && actor.role !== 'owner') throw refuse(memberMessages.adminsAndOwners);
}

/**
 * Edits: only an owner or admin sets a role, never their own; admins cannot change owners or
 * admins, nor make admins; the owner keeps the role. Anyone may edit their own name and phone (not
 * their own email: that needs their password, PUT /v1/users/email).
 * An agent's or manager's email is where their payout links go: only owners and admins change it.
 */
export function assertMayUpdate(actor: User, target: User, body: UpdateUserBody): void {
  const isSelf = actor.id === target.id;
  if (target.is_external) {
    if (body.role !== undefined) throw new AppError('validation_error', memberMessages.noRoleForPayees, { field: 'role' });
    const changesEmail = body.email !== undefined && body.email !== target.email;
    if (changesEmail && !canChangePayoutDetails(actor.role)) throw refuse(payoutDetailsMessages.payeeEmailOnlyOwnersAndAdmins);
    return;
  }
  if (body.role !== undefined) {
    if (!isStaffRank(actor.role)) throw refuse(memberMessages.onlyOwnerAdminRoles);
    if (isSelf) throw refuse(memberMessages.notYourselfRole);
    if (target.role === 'owner') throw refuse(memberMessages.ownerStays);
    if (actor.role === 'admin' && (target.role === 'admin' || body.role === 'admin')) throw refuse(memberMessages.adminsAndOwners);
  }
  if (isSelf) {
    // Your own email moves only with your password and the new address's confirmation (PUT /v1/users/email).
    if (body.email !== undefined && body.email !== target.email) throw refuse(accountMessages.ownEmailInProfile);
    return;
  }
  if (!isStaffRank(actor.role)) throw refuse(memberMessages.collaboratorEdit);
  if (actor.role === 'admin' && isStaffRank(target.role)) throw refuse(memberMessages.adminsAndOwners);
}

/** Removal: not oneself, never the owner, only owners and admins, and admins not owners or admins. */
export function assertMayDelete(actor: User, target: User): void {
  if (actor.id === target.id) throw refuse(memberMessages.notYourselfRemove);
  if (!isStaffRank(actor.role)) throw refuse(memberMessages.collaboratorRemove);
  if (target.is_external) return;
  if (target.role === 'owner') throw refuse(memberMessages.ownerStays);
  if (actor.role === 'admin' && target.role === 'admin') throw refuse(memberMessages.adminsAndOwners);
}
