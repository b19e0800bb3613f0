import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import LinkOffRounded from '@mui/icons-material/LinkOffRounded';

/** The card of a page opened from an emailed link (finish signing up, confirm a new email). */
export function LinkCard({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', py: { xs: 3, sm: 6 } }}>
      <Paper variant="outlined" sx={{ width: '100%', maxWidth: 440, p: { xs: 3, sm: 4.5 }, borderRadius: 3 }}>
        {children}
      </Paper>
    </Box>
  );
}

/** A link that can no longer be used: the server's sentence, and the way back. */
export function InvalidLink({ message }: { message: string }) {
  return (
    <Box sx={{ textAlign: 'center' }}>
      <LinkOffRounded color="disabled" sx={{ fontSize: 48, mb: 1 }} />
      <Typography variant="h6" component="h1" sx={{ mb: 3 }}>
        {message}
      </Typography>
      <Button component={RouterLink} to="/signin" variant="outlined">
        Back to sign in
      </Button>
    </Box>
  );
}
