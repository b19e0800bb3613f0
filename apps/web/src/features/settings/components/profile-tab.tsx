import { useState } from 'react';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { UserRecord } from '@crewpay/core';
import { ChangePasswordDialog, PasskeysCard, TwoFactorCard } from '../../../entities/users/index.ts';
import { useServerMeta } from '../../../lib/server-meta.ts';
import { ChangeEmailDialog } from './change-email-dialog.tsx';
import { DisplayNameForm } from './display-name-form.tsx';
import { PaymentMethodWizard } from './payment-method-wizard.tsx';

/** Someone acting as the person (login-as) is refused these by the API: the page says so instead of offering them. */
const ACTING_NOTE = 'Acting as someone cannot change their name, email or password: only they can.';

/** Settings > Profile: My account, with the display name, the email and the Change email and Change password dialogs; two-factor sign-in and passkeys; the wizard when its flag is on. */
export function ProfileTab({ viewer }: { viewer: UserRecord }) {
  const [isChanging, setIsChanging] = useState(false);
  const [isChangingEmail, setIsChangingEmail] = useState(false);
  const { data: meta } = useServerMeta();
  return (
    <Stack spacing={2}>
      <Card variant="outlined" component="section" aria-label="My account" sx={{ maxWidth: 560 }}>
        <CardContent>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 2 }}>
            My account
          </Typography>
          <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
            {!viewer.acting_by && <DisplayNameForm key={viewer.id} viewer={viewer} />}
            <Typography variant="body2">Email address: {viewer.email}</Typography>
            {viewer.acting_by && (
              <Typography variant="body2" color="text.secondary">
                {ACTING_NOTE}
              </Typography>
            )}
            {!viewer.acting_by && (
              <Stack direction="row" spacing={1.5}>
                <Button variant="outlined" onClick={() => setIsChangingEmail(true)}>
                  Change email
                </Button>
                <Button variant="outlined" onClick={() => setIsChanging(true)}>
                  Change password
                </Button>
              </Stack>
            )}
          </Stack>
        </CardContent>
        {isChanging && <ChangePasswordDialog onClose={() => setIsChanging(false)} />}
        {isChangingEmail && <ChangeEmailDialog currentEmail={viewer.email} onClose={() => setIsChangingEmail(false)} />}
      </Card>
      <TwoFactorCard viewer={viewer} />
      <PasskeysCard />
      {meta?.payment_method_wizard && <PaymentMethodWizard />}
    </Stack>
  );
}
