import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import { Logo } from './logo.tsx';
import { MAIN_CONTENT_ID } from './skip-link.tsx';

type Props = { title: string; subtitle?: ReactNode; children: ReactNode };

const highlights = [
  'Pay creators, agents and managers from one wallet',
  'Contracts signed and invoices paid without a chase',
  'Every cent accounted for, ready for tax season',
];

/** Sign-in, sign-up, create-organisation and password pages: a brand panel beside a form card. */
export function AuthLayout({ title, subtitle, children }: Props) {
  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', gridTemplateColumns: { xs: '1fr', md: '5fr 7fr' } }}>
      <Box
        component="aside"
        aria-label="About Crewpay"
        sx={{
          display: { xs: 'none', md: 'flex' },
          flexDirection: 'column',
          justifyContent: 'space-between',
          p: 6,
          color: '#fff',
          background: 'linear-gradient(150deg, #312e81 0%, #4f46e5 55%, #6366f1 100%)',
        }}
      >
        <Logo color="#fff" />
        <Box>
          <Typography variant="h3" component="h2" sx={{ fontWeight: 800, lineHeight: 1.15, mb: 3, maxWidth: 420 }}>
            Pay the people who create for you.
          </Typography>
          <Stack spacing={1.5}>
            {highlights.map((text) => (
              <Stack key={text} direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                <CheckCircleRounded sx={{ color: '#a5b4fc' }} />
                <Typography sx={{ opacity: 0.92 }}>{text}</Typography>
              </Stack>
            ))}
          </Stack>
        </Box>
        <Typography variant="body2" sx={{ opacity: 0.7 }}>
          © Crewpay
        </Typography>
      </Box>
      <Box
        component="main"
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        sx={{ display: 'grid', placeItems: 'center', p: { xs: 2, sm: 4 }, bgcolor: 'background.default', minWidth: 0 }}
      >
        <Box sx={{ width: '100%', maxWidth: 440 }}>
          <Box sx={{ display: { xs: 'block', md: 'none' }, mb: 3 }}>
            <Logo />
          </Box>
          <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4.5 }, borderRadius: 3 }}>
            <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: subtitle ? 0.75 : 3 }}>
              {title}
            </Typography>
            {subtitle && (
              <Typography color="text.secondary" sx={{ mb: 3 }}>
                {subtitle}
              </Typography>
            )}
            {children}
          </Paper>
        </Box>
      </Box>
    </Box>
  );
}
