import type { MemberRecord, UserRecord } from '@crewpay/core';

const isStaffRank = (role: string) => role === 'owner' || role === 'admin';

/** The server's removal rules, to disable what would be refused: not oneself, never the owner, admins not admins. */
export function canRemove(viewer: UserRecord, member: MemberRecord): boolean {
  if (viewer.id === member.id || !isStaffRank(viewer.role) || member.role === 'owner') return false;
  return !(viewer.role === 'admin' && member.role === 'admin');
}

/** Editing others is for owners and admins (admins not owners or admins); anyone edits themself. */
export function canEdit(viewer: UserRecord, member: MemberRecord): boolean {
  if (viewer.id === member.id) return true;
  if (!isStaffRank(viewer.role)) return false;
  return !(viewer.role === 'admin' && isStaffRank(member.role));
}

/** Only an owner or admin sets a role, never their own nor the owner's; admins only to Team member. */
export function canSetRole(viewer: UserRecord, member: MemberRecord): boolean {
  if (viewer.id === member.id || member.role === 'owner' || !isStaffRank(viewer.role)) return false;
  return viewer.role === 'owner' || member.role === 'collaborator';
}
