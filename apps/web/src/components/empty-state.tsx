import type { ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

/** What a tab shows while it has nothing (or while its feature has not shipped yet). */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
      <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      {children && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {children}
        </Typography>
      )}
    </Paper>
  );
}
