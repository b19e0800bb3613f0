import type { ReactNode } from 'react';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

export type DetailLine = [label: string, value: ReactNode];

/**
 * A label and its value: side by side from the sm breakpoint, the label above the value on a
 * phone. Long values (emails, CC lists) wrap anywhere rather than push past the card's edge.
 * An empty value reads '-'.
 */
export function DetailRow({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0.25, sm: 2 }} sx={{ py: 0.75, minWidth: 0 }}>
      <Typography variant="body2" color="text.secondary" sx={{ width: { sm: 140 }, flexShrink: 0 }}>
        {label}
      </Typography>
      <Typography variant="body2" component="div" sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        {value === null || value === undefined || value === '' ? '-' : value}
      </Typography>
    </Stack>
  );
}

/** A detail page's card: a title, optional actions beside it, label/value rows, then anything else. */
export function DetailCard({
  title,
  actions,
  rows,
  children,
}: {
  title: string;
  actions?: ReactNode;
  rows?: DetailLine[];
  children?: ReactNode;
}) {
  return (
    <Card variant="outlined" component="section" aria-label={title} sx={{ height: '100%', minWidth: 0 }}>
      <CardContent>
        <Stack spacing={1}>
          <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
            <Typography variant="h6" component="h3" sx={{ fontWeight: 700 }}>
              {title}
            </Typography>
            {actions}
          </Stack>
          {rows && rows.length > 0 && (
            <div>
              {rows.map(([label, value]) => (
                <DetailRow key={label} label={label} value={value} />
              ))}
            </div>
          )}
          {children}
        </Stack>
      </CardContent>
    </Card>
  );
}
