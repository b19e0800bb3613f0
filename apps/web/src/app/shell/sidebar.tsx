import { useLocation } from 'react-router';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import Tooltip from '@mui/material/Tooltip';
import ChevronLeftRounded from '@mui/icons-material/ChevronLeftRounded';
import ChevronRightRounded from '@mui/icons-material/ChevronRightRounded';
import LogoutRounded from '@mui/icons-material/LogoutRounded';
import type { UserRecord } from '@crewpay/core';
import { Logo } from '../../components/logo.tsx';
import { useSignOut } from '../../lib/session/sign-out.ts';
import { brand, layout } from '../theme.ts';
import { isActive, navItemsFor } from './nav-items.ts';
import { SidebarItem } from './sidebar-item.tsx';

type Props = {
  user: UserRecord | undefined;
  isCollapsed: boolean;
  /** Collapses or expands it; absent in the phone's drawer, which has no narrow form. */
  onToggle?: () => void;
  /** After an entry is chosen (the phone's drawer closes). */
  onNavigate?: () => void;
};

export function Sidebar({ user, isCollapsed, onToggle, onNavigate }: Props) {
  const { pathname } = useLocation();
  const signOut = useSignOut();
  const items = user ? navItemsFor(user) : [];

  return (
    <Box
      component="nav"
      aria-label="Main"
      sx={{
        width: isCollapsed ? layout.sidebarCollapsedWidth : layout.sidebarWidth,
        flexShrink: 0,
        bgcolor: brand.sidebar,
        color: brand.sidebarText,
        display: 'flex',
        flexDirection: 'column',
        position: 'sticky',
        top: 0,
        height: '100vh',
        transition: 'width 160ms ease',
        overflowX: 'hidden',
        // The page's primary colour is too faint on the dark navy for a focus ring.
        '& .Mui-focusVisible, & :focus-visible': { outlineColor: brand.sidebarFocus },
      }}
    >
      <Box sx={{ height: layout.headerHeight, display: 'flex', alignItems: 'center', px: isCollapsed ? 1.75 : 2.25 }}>
        <Logo isCompact={isCollapsed} color="#fff" />
      </Box>
      <List sx={{ flexGrow: 1, overflowY: 'auto', py: 1 }}>
        {items.map((item) => (
          <SidebarItem
            key={item.to}
            label={item.label}
            icon={item.icon}
            to={item.to}
            isCollapsed={isCollapsed}
            isSelected={isActive(item, pathname)}
            onClick={onNavigate}
          />
        ))}
      </List>
      <Divider sx={{ borderColor: 'rgba(255,255,255,0.08)' }} />
      <List sx={{ py: 1 }}>
        <SidebarItem label="Sign out" icon={LogoutRounded} isCollapsed={isCollapsed} onClick={() => void signOut()} />
      </List>
      {onToggle && (
        <Box sx={{ display: 'flex', justifyContent: isCollapsed ? 'center' : 'flex-end', px: 1, pb: 1.5 }}>
          <Tooltip title={isCollapsed ? 'Expand menu' : 'Collapse menu'} placement="right">
            <IconButton
              size="small"
              onClick={onToggle}
              aria-label={isCollapsed ? 'Expand menu' : 'Collapse menu'}
              sx={{ color: brand.sidebarText }}
            >
              {isCollapsed ? <ChevronRightRounded /> : <ChevronLeftRounded />}
            </IconButton>
          </Tooltip>
        </Box>
      )}
    </Box>
  );
}
