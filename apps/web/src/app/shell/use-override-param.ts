import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { UserRecord } from '@crewpay/core';
import { notifyFailure } from '../../lib/notify.ts';
import { startActingAs } from '../../lib/session/acting.ts';

/**
 * The home page's ?override={user_id}: a member (not an external user) switches the session to
 * that user and the page reloads. A refusal (another organisation, a higher role) is told, and
 * the parameter dropped.
 */
export function useOverrideParam(user: UserRecord | undefined): void {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const handled = useRef<string | null>(null);
  const target = pathname === '/' ? new URLSearchParams(search).get('override') : null;
  useEffect(() => {
    if (!target || !user || user.is_external || handled.current === target) return;
    handled.current = target;
    startActingAs(target).then(
      () => window.location.assign('/'),
      (error: unknown) => {
        notifyFailure(error, 'There was an issue logging in as that user');
        void navigate('/', { replace: true });
      },
    );
  }, [target, user, navigate]);
}
