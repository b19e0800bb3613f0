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

export const DEFAULT_ORG_ID = '00000000-0000-0000-0000-000000000000';
