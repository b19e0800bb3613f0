import type { UserRecord } from '@crewpay/core';
import { canManageWallets, DEFAULT_ORG_ID, type Role } from '@crewpay/core/roles';

const isUnder = (pathname: string, root: string) => pathname === root || pathname.startsWith(`${root}/`);

/**
 * Where a signed-in person must go instead of `pathname`, or null to stay. The spec's route guards:
 * external users live under /creator; staff without an organisation create one first; a signed-in
 * person does not see /createOrg again; collaborators do not open /wallets.
 */
export function guardRedirect(pathname: string, user: UserRecord): string | null {
  const isPortalPath = isUnder(pathname, '/creator');
  if (user.is_external) return isPortalPath ? null : '/creator';
  if (isPortalPath) return '/';

  const hasOrg = user.org_id !== DEFAULT_ORG_ID;
  const isCreateOrgPath = pathname === '/createOrg';
  if (!hasOrg) return isCreateOrgPath ? null : '/createOrg';
  if (isCreateOrgPath) return '/';

  if (isUnder(pathname, '/wallets') && !canManageWallets(user.role as Role)) return '/';
  return null;
}
