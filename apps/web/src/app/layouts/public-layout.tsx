import { Suspense } from 'react';
import { Outlet } from 'react-router';
import Box from '@mui/material/Box';
import { FullPageSpinner } from '../../components/full-page-spinner.tsx';
import { Logo } from '../../components/logo.tsx';
import { MAIN_CONTENT_ID } from '../../components/skip-link.tsx';
import { useIsSignedIn } from '../../lib/session/token.ts';
import { LazyAppShell } from '../shell/lazy-app-shell.ts';
import { Footer } from '../shell/footer.tsx';
import { PageHasOwnHeading } from '../shell/page-heading.ts';

/**
 * Link-driven pages (set a new password): inside the usual frame for a signed-in person,
 * otherwise without header and navigation, keeping the footer.
 */
export function PublicLayout() {
  const isSignedIn = useIsSignedIn();
  if (isSignedIn)
    return (
      <Suspense fallback={<FullPageSpinner />}>
        <PageHasOwnHeading value>
          <LazyAppShell />
        </PageHasOwnHeading>
      </Suspense>
    );
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <Box component="header" sx={{ px: { xs: 2, md: 4 }, pt: 3 }}>
        <Logo />
      </Box>
      <Box component="main" id={MAIN_CONTENT_ID} tabIndex={-1} sx={{ flexGrow: 1, px: 2, minWidth: 0 }}>
        <Suspense fallback={<FullPageSpinner />}>
          <Outlet />
        </Suspense>
      </Box>
      <Footer />
    </Box>
  );
}
