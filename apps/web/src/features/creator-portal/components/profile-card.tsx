import { useState } from 'react';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { UserRecord } from '@crewpay/core';
import { ChangePasswordDialog } from '../../../entities/users/index.ts';

/** Settings > Profile in the portal: the email and the password update ('Passwords must match'). */
export function ProfileCard({ user }: { user: UserRecord }) {
  const [isChanging, setIsChanging] = useState(false);
  return (
    <Card variant="outlined" component="section" aria-label="My account" sx={{ maxWidth: 560 }}>
      <CardContent>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 2 }}>
          My account
        </Typography>
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Typography variant="body2">Email address: {user.email}</Typography>
          <Button variant="outlined" onClick={() => setIsChanging(true)} disabled={Boolean(user.acting_by)}>
            Change password
          </Button>
        </Stack>
      </CardContent>
      {isChanging && <ChangePasswordDialog onClose={() => setIsChanging(false)} />}
    </Card>
  );
}
