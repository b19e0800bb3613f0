import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import Box from '@mui/material/Box';
import { FullPageSpinner } from '../../components/full-page-spinner.tsx';
import { useCurrentUser } from '../../lib/session/current-user.ts';
import { ErrorBoundary } from '../error-boundary.tsx';
import { ActingBanner } from './acting-banner.tsx';
import { DelinquentBanner } from './delinquent-banner.tsx';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';
import { Sidebar } from './sidebar.tsx';
import { useOverrideParam } from './use-override-param.ts';
import { useSidebarCollapsed } from './use-sidebar-collapsed.ts';

/** The signed-in frame: sidebar, delinquent banner, header, the page, footer. */
export function AppShell() {
  const { pathname } = useLocation();
  const { data: user } = useCurrentUser();
  const [isCollapsed, toggleCollapsed] = useSidebarCollapsed();
  useOverrideParam(user);

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <Sidebar user={user} isCollapsed={isCollapsed} onToggle={toggleCollapsed} />
      <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        {user && <ActingBanner user={user} />}
        <DelinquentBanner />
        {user && <Header user={user} />}
        <Box component="main" sx={{ flexGrow: 1, p: { xs: 2, md: 4 } }}>
          {/* Keyed by path so leaving a broken page recovers. */}
          <ErrorBoundary key={pathname}>
            <Suspense fallback={<FullPageSpinner />}>{user ? <Outlet /> : <FullPageSpinner />}</Suspense>
          </ErrorBoundary>
        </Box>
        <Footer />
      </Box>
    </Box>
  );
}
