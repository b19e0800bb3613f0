import type { SvgIconComponent } from '@mui/icons-material';
import AccountBalanceWalletOutlined from '@mui/icons-material/AccountBalanceWalletOutlined';
import CampaignOutlined from '@mui/icons-material/CampaignOutlined';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import HandshakeOutlined from '@mui/icons-material/HandshakeOutlined';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import PaymentsOutlined from '@mui/icons-material/PaymentsOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import RequestQuoteOutlined from '@mui/icons-material/RequestQuoteOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import type { UserRecord } from '@crewpay/core';
import { canManageWallets, type Role } from '@crewpay/core/roles';

type NavItem = { label: string; to: string; icon: SvgIconComponent };

/** The spec's sidebar entries; Sign out is added by the sidebar itself. */
export function navItemsFor(user: UserRecord): NavItem[] {
  if (user.is_external) {
    return [
      { label: 'Home', to: '/creator', icon: HomeOutlined },
      { label: 'Contracts', to: '/creator/contracts', icon: DescriptionOutlined },
      user.role === 'customer'
        ? { label: 'Invoices', to: '/creator/invoices', icon: ReceiptLongOutlined }
        : { label: 'Payments', to: '/creator/payments', icon: PaymentsOutlined },
      user.role !== 'customer' && { label: 'Tax documents', to: '/creator/taxes', icon: RequestQuoteOutlined },
      { label: 'Settings', to: '/creator/settings', icon: SettingsOutlined },
    ].filter((item): item is NavItem => item !== false);
  }
  const items: (NavItem | false)[] = [
    { label: 'Home', to: '/', icon: HomeOutlined },
    canManageWallets(user.role as Role) && { label: 'Wallets', to: '/wallets', icon: AccountBalanceWalletOutlined },
    { label: 'Creators', to: '/creators', icon: GroupsOutlined },
    { label: 'Contracts', to: '/contracts', icon: DescriptionOutlined },
    { label: 'Payments', to: '/payments', icon: PaymentsOutlined },
    { label: 'Campaigns', to: '/campaigns', icon: CampaignOutlined },
    { label: 'Agents/Managers', to: '/agentsManagers', icon: HandshakeOutlined },
    { label: 'Customers', to: '/customers', icon: StorefrontOutlined },
    { label: 'Invoices', to: '/invoices', icon: ReceiptLongOutlined },
    { label: 'Reports', to: '/reports', icon: InsightsOutlined },
    { label: 'Taxes', to: '/taxes', icon: RequestQuoteOutlined },
    { label: 'Settings', to: '/settings', icon: SettingsOutlined },
  ];
  return items.filter((item): item is NavItem => item !== false);
}

/** Whether `pathname` belongs to the entry (Home only matches itself). */
export function isActive(item: NavItem, pathname: string): boolean {
  if (item.to === '/' || item.to === '/creator') return pathname === item.to;
  return pathname === item.to || pathname.startsWith(`${item.to}/`);
}
