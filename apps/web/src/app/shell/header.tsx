import { useContext } from 'react';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import MenuRounded from '@mui/icons-material/MenuRounded';
import type { UserRecord } from '@crewpay/core';
import { CommandPalette } from '../../features/command-palette/components/command-palette.tsx';
import { NotificationBell } from '../../features/notifications/components/notification-bell.tsx';
import { displayName } from '../../lib/format.ts';
import { useCurrentOrg } from '../../lib/session/current-org.ts';
import { useOrgLogoSrc } from '../../lib/session/org-logo.ts';
import { useRouteHandle } from '../route-handle.ts';
import { layout } from '../theme.ts';
import { navItemsFor } from './nav-items.ts';
import { PageHasOwnHeading } from './page-heading.ts';

/** The id of the phone's drawer, which the menu button controls. */
export const MENU_ID = 'main-menu';

/** The organisation name, or which dashboard an external user is on. */
function useOrgLabel(user: UserRecord): string {
  const { data: org } = useCurrentOrg();
  if (user.is_external) return user.role === 'customer' ? 'Customer dashboard' : 'Creator dashboard';
  return org?.name ?? '';
}

function initials(name: string): string {
  const parts = name.includes('@') ? [name] : name.split(/\s+/);
  return parts
    .slice(0, 2)
    .map((part) => part.charAt(0).toUpperCase())
    .join('');
}

/** The phone's menu button: the drawer it opens, and whether it is open. */
type Menu = { isOpen: boolean; open: () => void };

export function Header({ user, menu }: { user: UserRecord; menu?: Menu | undefined }) {
  const handle = useRouteHandle();
  const hasOwnHeading = useContext(PageHasOwnHeading);
  const name = displayName(user);
  const orgLabel = useOrgLabel(user);
  const logoSrc = useOrgLogoSrc();

  return (
    <Box
      component="header"
      sx={{
        minHeight: layout.headerHeight,
        py: 1,
        px: { xs: 1.5, md: 4 },
        display: 'flex',
        alignItems: 'center',
        gap: { xs: 1, sm: 2 },
        bgcolor: 'background.paper',
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      {menu && (
        <IconButton aria-label="Open menu" aria-controls={MENU_ID} aria-expanded={menu.isOpen} onClick={menu.open} edge="start">
          <MenuRounded />
        </IconButton>
      )}
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        {handle && (
          <>
            <Breadcrumbs aria-label="Breadcrumb" sx={{ fontSize: 12, '& .MuiBreadcrumbs-separator': { mx: 0.5 } }}>
              {handle.crumbs.map((crumb) => (
                <Typography key={crumb} variant="caption" color="text.secondary">
                  {crumb}
                </Typography>
              ))}
            </Breadcrumbs>
            {/* Wraps rather than cut to "D…" on a phone. */}
            <Typography variant="h6" component={hasOwnHeading ? 'p' : 'h1'} sx={{ lineHeight: 1.3, overflowWrap: 'anywhere' }}>
              {handle.title}
            </Typography>
          </>
        )}
      </Box>
      {logoSrc && !user.is_external && (
        <Box
          component="img"
          src={logoSrc}
          alt={`${orgLabel} logo`}
          data-testid="header-org-logo"
          sx={{ height: 56, width: 'auto', maxWidth: 200, objectFit: 'contain', display: { xs: 'none', sm: 'block' } }}
        />
      )}
      {!user.is_external && <CommandPalette pages={navItemsFor(user).map(({ label, to }) => ({ label, to }))} />}
      <NotificationBell />
      <Divider orientation="vertical" flexItem sx={{ my: 2 }} />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 0 }}>
        <Avatar sx={{ width: 36, height: 36, bgcolor: 'primary.main', fontSize: 14, fontWeight: 700 }}>{initials(name)}</Avatar>
        <Box sx={{ minWidth: 0, display: { xs: 'none', sm: 'block' } }}>
          <Typography variant="body2" noWrap sx={{ fontWeight: 700, maxWidth: 220 }} data-testid="user-display-name">
            {name}
          </Typography>
          <Typography variant="caption" color="text.secondary" noWrap component="p" sx={{ maxWidth: 220 }} data-testid="org-label">
            {orgLabel}
          </Typography>
        </Box>
      </Box>
    </Box>
  );
}
