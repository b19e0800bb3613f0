export const staffRoles = ['owner', 'admin', 'collaborator'] as const;
export type StaffRole = (typeof staffRoles)[number];
export const externalRoles = ['creator', 'customer'] as const;
export type ExternalRole = (typeof externalRoles)[number];
export type Role = StaffRole | ExternalRole;

export const roleLabels: Record<StaffRole, string> = {
  owner: 'Owner',
  admin: 'Admin',
  collaborator: 'Team member',
};

/** Wallets and money movement are for owners and admins only. */
export function canManageWallets(role: Role): boolean {
  return role === 'owner' || role === 'admin';
}

/**
 * Where a payee's money goes (a creator's bank account, PayPal, Venmo or payout method; an
 * agent's or manager's email, where their payout links are sent): owners and admins only, like
 * moving money. A team member could otherwise redirect a payout an owner then executes unseen.
 */
export function canChangePayoutDetails(role: Role): boolean {
  return canManageWallets(role);
}

export const payoutDetailsMessages = {
  onlyOwnersAndAdmins: 'Only an owner or admin can change payout details',
  payeeEmailOnlyOwnersAndAdmins: 'Only an owner or admin can change the email of an agent or manager',
} as const;

export const DEFAULT_ORG_ID = '00000000-0000-0000-0000-000000000000';
