import { Suspense } from 'react';
import { Outlet } from 'react-router';
import Box from '@mui/material/Box';
import { FullPageSpinner } from '../../components/full-page-spinner.tsx';
import { Logo } from '../../components/logo.tsx';
import { useIsSignedIn } from '../../lib/session/token.ts';
import { LazyAppShell } from '../shell/lazy-app-shell.ts';
import { Footer } from '../shell/footer.tsx';

/**
 * Link-driven pages (set a new password): inside the usual frame for a signed-in person,
 * otherwise without header and navigation, keeping the footer.
 */
export function PublicLayout() {
  const isSignedIn = useIsSignedIn();
  if (isSignedIn)
    return (
      <Suspense fallback={<FullPageSpinner />}>
        <LazyAppShell />
      </Suspense>
    );
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <Box sx={{ px: { xs: 2, md: 4 }, pt: 3 }}>
        <Logo />
      </Box>
      <Box component="main" sx={{ flexGrow: 1, px: 2 }}>
        <Suspense fallback={<FullPageSpinner />}>
          <Outlet />
        </Suspense>
      </Box>
      <Footer />
    </Box>
  );
}
