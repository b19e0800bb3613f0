import { useState } from 'react';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { SplashIllustration } from './splash-illustration.tsx';
import { ActivationDialog } from './activation-dialog.tsx';

type Props = { hasRepresentative: boolean };

/** The home of an organisation without a treasury account. */
export function ActivationSplash({ hasRepresentative }: Props) {
  const [isDialogOpen, setIsDialogOpen] = useState(false);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 4, md: 8 }, textAlign: 'center', borderRadius: 3 }}>
      <SplashIllustration />
      <Typography variant="h5" component="h2" sx={{ fontWeight: 700, mt: 3, mb: 1 }}>
        Activate your account to start paying creators
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 520, mx: 'auto', mb: 4 }}>
        Activation opens your organization's wallet. Once it is funded you can pay creators, agents and managers, and track every payment
        from here.
      </Typography>
      <Button variant="contained" size="large" onClick={() => setIsDialogOpen(true)}>
        Activate your account
      </Button>
      <ActivationDialog isOpen={isDialogOpen} hasRepresentative={hasRepresentative} onClose={() => setIsDialogOpen(false)} />
    </Paper>
  );
}
