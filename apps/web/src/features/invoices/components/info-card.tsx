import type { ReactNode } from 'react';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** A titled card of label/value lines (the invoice detail's cards). */
export function InfoCard({
  title,
  lines,
  action,
  children,
}: {
  title: string;
  lines?: [string, ReactNode][];
  action?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Card variant="outlined" component="section" aria-label={title} sx={{ height: '100%' }}>
      <CardContent>
        <Stack spacing={1.5}>
          <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
            <Typography variant="h6" component="h3" sx={{ fontWeight: 700 }}>
              {title}
            </Typography>
            {action}
          </Stack>
          {lines?.map(([label, value]) => (
            <Stack key={label} direction="row" spacing={2}>
              <Typography variant="body2" color="text.secondary" sx={{ minWidth: 120 }}>
                {label}
              </Typography>
              <Typography variant="body2" component="div">
                {value}
              </Typography>
            </Stack>
          ))}
          {children}
        </Stack>
      </CardContent>
    </Card>
  );
}
