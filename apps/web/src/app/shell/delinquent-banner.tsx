import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import WarningAmberRounded from '@mui/icons-material/WarningAmberRounded';
import { useCurrentOrg } from '../../lib/session/current-org.ts';
import { layout } from '../theme.ts';

/** Red strip above the header while the organisation's billing is delinquent. */
export function DelinquentBanner() {
  const { data: org } = useCurrentOrg();
  if (org?.billing_status !== 'delinquent') return null;
  return (
    <Link
      component={RouterLink}
      to="/wallets"
      underline="hover"
      sx={{
        height: layout.bannerHeight,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 1,
        bgcolor: 'error.main',
        color: '#fff',
        fontSize: 14,
        fontWeight: 600,
      }}
    >
      <WarningAmberRounded fontSize="small" />
      Your Organization's billing is delinquent, please add funds
    </Link>
  );
}
