import { useState } from 'react';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { loginAsMessages, type TotpSetupAnswer, type TwoFactorStatus, type UserRecord } from '@crewpay/core';
import { useRemoveTotp, useSetOrgTwoFactor, useStartTotp, useTwoFactorStatus } from '../api/two-factor.ts';
import { RecoveryCodesDialog, TotpSetup } from './totp-setup.tsx';

function describe(status: TwoFactorStatus): string {
  const factors = [status.totp_enabled && 'an authenticator app', status.passkeys > 0 && 'passkeys'].filter(Boolean);
  if (factors.length === 0) return 'Off: signing in takes your password only.';
  return `On: ${factors.join(' and ')}. ${status.recovery_codes_left} of 10 recovery codes left.`;
}

/**
 * Settings > Profile (staff and portal alike): the person's own two-factor sign-in, and for an owner the organization's rule.
 * Someone acting as the person sees their status but is offered no set-up or removal: the API refuses both while acting.
 */
export function TwoFactorCard({ viewer }: { viewer: UserRecord }) {
  const { data: status } = useTwoFactorStatus();
  const start = useStartTotp();
  const remove = useRemoveTotp();
  const setRule = useSetOrgTwoFactor();
  const [setup, setSetup] = useState<TotpSetupAnswer | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  // Failures are toasted by the query client; a stale factor is asked for by the API client.
  const run = (action: () => Promise<unknown>) => void action().catch(() => undefined);
  if (!status) return null;
  const isOwner = viewer.role === 'owner' && !viewer.is_external;
  const mayChange = !viewer.acting_by;
  return (
    <Card variant="outlined" component="section" aria-label="Two-factor sign-in" sx={{ maxWidth: 560 }}>
      <CardContent>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 2 }}>
          Two-factor sign-in
        </Typography>
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Typography variant="body2">{describe(status)}</Typography>
          {status.required_by_org && (
            <Typography variant="body2" color="text.secondary">
              Your organization requires two-factor sign-in.
            </Typography>
          )}
          {!mayChange && (
            <Typography variant="body2" color="text.secondary">
              {loginAsMessages.noSignInFactors}
            </Typography>
          )}
          {mayChange && !status.totp_enabled && !setup && (
            <Button
              variant="contained"
              loading={start.isPending}
              onClick={() =>
                void start
                  .mutateAsync()
                  .then(setSetup)
                  .catch(() => undefined)
              }
            >
              Set up an authenticator app
            </Button>
          )}
          {!status.totp_enabled && setup && (
            <TotpSetup
              setup={setup}
              onDone={(codes) => {
                setSetup(null);
                setRecoveryCodes(codes);
              }}
            />
          )}
          {mayChange && status.totp_enabled && !status.required_by_org && (
            <Button variant="outlined" color="error" loading={remove.isPending} onClick={() => run(() => remove.mutateAsync())}>
              Turn off two-factor sign-in
            </Button>
          )}
          {isOwner && (
            <FormControlLabel
              control={
                <Switch
                  checked={status.required_by_org}
                  disabled={!mayChange || (!status.totp_enabled && status.passkeys === 0) || setRule.isPending}
                  onChange={(_event, checked) => run(() => setRule.mutateAsync({ required: checked }))}
                />
              }
              label="Require two-factor sign-in for every team member"
            />
          )}
        </Stack>
      </CardContent>
      <RecoveryCodesDialog codes={recoveryCodes} onClose={() => setRecoveryCodes(null)} />
    </Card>
  );
}
