import { Navigate, Outlet, useLocation } from 'react-router';
import { FullPageSpinner } from '../../components/full-page-spinner.tsx';
import { RetryNotice } from '../../components/retry-notice.tsx';
import { useCurrentUser } from '../../lib/session/current-user.ts';
import { TWO_FACTOR_SETUP_PATH, useEnrolmentRequired } from '../../lib/session/two-factor-gate.ts';
import { useIsSignedIn } from '../../lib/session/token.ts';
import { guardRedirect } from './guard-redirect.ts';

/** Pages for signed-in people: unauthenticated visitors go to /signin, then the role rules apply. */
export function RequireAuth() {
  const isSignedIn = useIsSignedIn();
  const { pathname } = useLocation();
  const user = useCurrentUser();
  const mustEnrol = useEnrolmentRequired();

  if (!isSignedIn) return <Navigate to="/signin" replace />;
  if (user.isError) return <RetryNotice message="There was an issue refreshing your user data" onRetry={() => void user.refetch()} />;
  if (!user.data) return <FullPageSpinner />;

  // The organization requires two-factor and the API refused this person for want of it: nothing
  // else is reachable until they set it up.
  if (mustEnrol && pathname !== TWO_FACTOR_SETUP_PATH) return <Navigate to={TWO_FACTOR_SETUP_PATH} replace />;
  const redirect = guardRedirect(pathname, user.data);
  return redirect ? <Navigate to={redirect} replace /> : <Outlet />;
}
