import { Navigate, Outlet, useLocation } from 'react-router';
import { isSigningOut } from '../../lib/session/sign-out.ts';
import { useIsSignedIn } from '../../lib/session/token.ts';

/** Sign-in and sign-up: a signed-in person is sent home (unless this visit is the end of a sign-out). */
export function GuestOnly() {
  const isSignedIn = useIsSignedIn();
  const location = useLocation();
  if (isSignedIn && !isSigningOut(location.state)) return <Navigate to="/" replace />;
  return <Outlet />;
}
