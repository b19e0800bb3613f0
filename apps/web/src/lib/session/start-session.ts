import type { SessionAnswer } from '@crewpay/core';
import { DEFAULT_ORG_ID } from '@crewpay/core/roles';
import { queryClient } from '../query-client.ts';
import { currentOrgKey, getCurrentOrg } from './current-org.ts';
import { currentUserKey } from './current-user.ts';
import { getOrgs, orgsKey } from './orgs.ts';
import { setToken } from './token.ts';

/**
 * Keeps the token of a sign-in, sign-up or password link and loads what the first screen needs:
 * the organisations of an external user, else the single organisation.
 */
export function startSession(answer: SessionAnswer): void {
  setToken(answer.auth_token); // also clears any previous session's cached data
  queryClient.setQueryData(currentUserKey, answer.user);
  const meta = { errorMessage: 'There was an issue retrieving your organization' };
  if (answer.is_external) {
    void queryClient.prefetchQuery({ queryKey: orgsKey, queryFn: getOrgs, meta });
  } else if (answer.user.org_id !== DEFAULT_ORG_ID) {
    void queryClient.prefetchQuery({ queryKey: currentOrgKey, queryFn: getCurrentOrg, meta });
  }
}
