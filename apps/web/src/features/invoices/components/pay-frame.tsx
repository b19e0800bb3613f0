import CircularProgress from '@mui/material/CircularProgress';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** The pay page's card. */
export function PayFrame({ children }: { children: React.ReactNode }) {
  return (
    <Card variant="outlined" sx={{ maxWidth: 560, mx: 'auto', my: { xs: 2, sm: 4 } }}>
      <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>{children}</CardContent>
    </Card>
  );
}

/** A screen with one message: its title is the page's heading. */
export function PayMessage({
  title,
  text,
  isBusy,
  children,
}: {
  title: string;
  text?: string;
  isBusy?: boolean;
  children?: React.ReactNode;
}) {
  return (
    <PayFrame>
      <Stack spacing={1} sx={{ textAlign: 'center', py: 2, alignItems: 'center' }}>
        {isBusy && <CircularProgress size={32} aria-label="Waiting for the payment's outcome" />}
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
        {text && <Typography color="text.secondary">{text}</Typography>}
        {children}
      </Stack>
    </PayFrame>
  );
}
