import { useNavigate } from 'react-router';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { AuthLayout } from '../../../components/auth-layout.tsx';
import { queryClient } from '../../../lib/query-client.ts';
import { useCurrentUser } from '../../../lib/session/current-user.ts';
import { useSignOut } from '../../../lib/session/sign-out.ts';
import { clearEnrolmentRequired } from '../../../lib/session/two-factor-gate.ts';
import { PasskeysCard, TwoFactorCard, useTwoFactorStatus } from '../../../entities/users/index.ts';

/**
 * Where the route guard sends a team member whose organization requires two-factor sign-in and
 * who has none (the API refuses them everything else): Settings > Profile's card, alone.
 */
export default function TwoFactorSetupPage() {
  const { data: viewer } = useCurrentUser();
  const { data: status } = useTwoFactorStatus();
  const navigate = useNavigate();
  const signOut = useSignOut();
  const carryOn = () => {
    clearEnrolmentRequired();
    // The calls refused before enrolment are asked again.
    void queryClient.invalidateQueries();
    void navigate('/', { replace: true });
  };
  return (
    <AuthLayout title="Set up two-factor sign-in" subtitle="Set up an authenticator app or add a passkey to continue.">
      <Stack spacing={3} sx={{ alignItems: 'flex-start' }}>
        {viewer && <TwoFactorCard viewer={viewer} />}
        <PasskeysCard />
        <Stack direction="row" spacing={1}>
          {(status?.totp_enabled || Boolean(status?.passkeys)) && (
            <Button variant="contained" onClick={carryOn}>
              Continue
            </Button>
          )}
          <Button onClick={() => void signOut()}>Sign out</Button>
        </Stack>
      </Stack>
    </AuthLayout>
  );
}
