import type { ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

type Props = { step: string; title: string; intro: string; children: ReactNode };

export function ActivationCard({ step, title, intro, children }: Props) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, md: 5 }, borderRadius: 3, maxWidth: 880, mx: 'auto' }}>
      <Typography variant="overline" color="primary" sx={{ fontWeight: 700 }}>
        {step}
      </Typography>
      <Typography variant="h5" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        {intro}
      </Typography>
      {children}
    </Paper>
  );
}
