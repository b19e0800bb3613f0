import { Suspense, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import useMediaQuery from '@mui/material/useMediaQuery';
import { FullPageSpinner } from '../../components/full-page-spinner.tsx';
import { MAIN_CONTENT_ID } from '../../components/skip-link.tsx';
import { useCurrentUser } from '../../lib/session/current-user.ts';
import { ErrorBoundary } from '../error-boundary.tsx';
import { brand, theme } from '../theme.ts';
import { ActingBanner } from './acting-banner.tsx';
import { DelinquentBanner } from './delinquent-banner.tsx';
import { Footer } from './footer.tsx';
import { Header, MENU_ID } from './header.tsx';
import { Sidebar } from './sidebar.tsx';
import { useOverrideParam } from './use-override-param.ts';
import { useSidebarCollapsed } from './use-sidebar-collapsed.ts';

/**
 * The signed-in frame: sidebar, delinquent banner, header, the page, footer. Below the md
 * breakpoint (phones, small tablets) the sidebar is a drawer opened from the header's menu button,
 * so the page keeps the whole width.
 */
export function AppShell() {
  const { pathname } = useLocation();
  const { data: user } = useCurrentUser();
  const [isCollapsed, toggleCollapsed] = useSidebarCollapsed();
  // Read at once (no server render here), so a phone never paints the desktop sidebar first.
  const isNarrow = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  const closeMenu = () => setIsMenuOpen(false);
  useOverrideParam(user);

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      {isNarrow ? (
        <Drawer
          id={MENU_ID}
          variant="temporary"
          open={isMenuOpen}
          onClose={closeMenu}
          slotProps={{ paper: { 'aria-label': 'Menu', sx: { bgcolor: brand.sidebar, borderRight: 0 } } }}
        >
          <Sidebar user={user} isCollapsed={false} onNavigate={closeMenu} />
        </Drawer>
      ) : (
        <Sidebar user={user} isCollapsed={isCollapsed} onToggle={toggleCollapsed} />
      )}
      <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        {user && <ActingBanner user={user} />}
        <DelinquentBanner />
        {user && <Header user={user} menu={isNarrow ? { isOpen: isMenuOpen, open: () => setIsMenuOpen(true) } : undefined} />}
        <Box component="main" id={MAIN_CONTENT_ID} tabIndex={-1} sx={{ flexGrow: 1, minWidth: 0, p: { xs: 2, md: 4 } }}>
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
