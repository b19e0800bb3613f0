import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Tooltip from '@mui/material/Tooltip';
import type { SvgIconComponent } from '@mui/icons-material';
import { brand } from '../theme.ts';

type Props = {
  label: string;
  icon: SvgIconComponent;
  isCollapsed: boolean;
  isSelected?: boolean;
  to?: string;
  onClick?: () => void;
};

export function SidebarItem({ label, icon: Icon, isCollapsed, isSelected = false, to, onClick }: Props) {
  const linkProps = to ? { component: RouterLink, to } : {};
  // A list item of its own (a <ul> holds only <li>s); a collapsed sidebar names each item in a tooltip.
  return (
    <ListItem disablePadding sx={{ display: 'block' }}>
      <Tooltip title={isCollapsed ? label : ''} placement="right">
        <Box>
          <ListItemButton
            {...linkProps}
            onClick={onClick}
            selected={isSelected}
            aria-current={isSelected ? 'page' : undefined}
            sx={{
              minHeight: 40,
              mx: 1,
              px: 1.25,
              mb: 0.25,
              borderRadius: 2,
              color: brand.sidebarText,
              justifyContent: isCollapsed ? 'center' : 'flex-start',
              '&:hover': { bgcolor: 'rgba(255,255,255,0.06)', color: '#fff' },
              '&.Mui-selected, &.Mui-selected:hover': { bgcolor: 'rgba(99,102,241,0.22)', color: '#fff' },
            }}
          >
            <ListItemIcon sx={{ minWidth: 0, mr: isCollapsed ? 0 : 1.5, color: 'inherit' }}>
              <Icon fontSize="small" />
            </ListItemIcon>
            {!isCollapsed && (
              <ListItemText primary={label} slotProps={{ primary: { variant: 'body2', sx: { fontWeight: isSelected ? 700 : 500 } } }} />
            )}
          </ListItemButton>
        </Box>
      </Tooltip>
    </ListItem>
  );
}
