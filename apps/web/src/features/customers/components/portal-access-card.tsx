import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { CustomerRecord } from '@crewpay/core';
import { DetailCard } from '../../../components/detail-card.tsx';
import { useCustomerPortalAccess, useInviteCustomer } from '../api/portal-access.ts';

function statusOf(access: { user_id: string | null; has_password: boolean } | undefined): string {
  if (!access?.user_id) return 'Not invited yet.';
  return access.has_password ? 'Has a portal login: they sign in on the Creator side.' : 'Invited: waiting for them to choose a password.';
}

/** Customer portal: invite the customer to sign in and see their invoices and contracts. */
export function PortalAccessCard({ customer }: { customer: CustomerRecord }) {
  const { data: access } = useCustomerPortalAccess(customer.id);
  const invite = useInviteCustomer(customer.id);
  return (
    <DetailCard title="Customer portal">
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Typography variant="body2" color="text.secondary">
          The customer signs in to see and pay their invoices and sign their contracts. {statusOf(access)}
        </Typography>
        <Button
          variant="outlined"
          loading={invite.isPending}
          disabled={!customer.email || access?.has_password}
          onClick={() => invite.mutate()}
        >
          {access?.user_id && !access.has_password ? 'Resend invitation' : 'Invite to portal'}
        </Button>
      </Stack>
    </DetailCard>
  );
}
