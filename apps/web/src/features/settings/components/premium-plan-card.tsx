import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import {
  defaultFeeSchedules,
  describeFee,
  formatCents,
  type BillingRecord,
  type FeeRule,
  type FeeScheduleRecord,
  type FeeType,
} from '@crewpay/core';
import { formatLongDate } from '../../../lib/format.ts';
import { useCurrentUser } from '../../../lib/session/current-user.ts';
import { UpgradeDialog } from '../../../entities/billing/index.ts';
import { PlanChangeActions } from './plan-change-actions.tsx';

/** The allowances the spec lists on the Premium card, each read from the organisation's fee schedule. */
const allowances: { type: FeeType; label: string }[] = [
  { type: 'contract', label: 'Contracts' },
  { type: 'outbound_payment', label: 'ACH payments' },
  { type: 'invoice_ach', label: 'Invoices paid via ACH' },
  { type: 'invoice_card', label: 'Invoices paid via card' },
];

function allowanceText(label: string, rule: FeeRule): string {
  const fee = describeFee(rule);
  return fee === 'are free!' ? `${label} are free!` : `${label}: ${fee}`;
}

function Feature({ text }: { text: string }) {
  return (
    <ListItem disableGutters sx={{ py: 0.25 }}>
      <ListItemIcon sx={{ minWidth: 32 }}>
        <CheckCircleRounded color="primary" fontSize="small" />
      </ListItemIcon>
      <ListItemText primary={text} slotProps={{ primary: { variant: 'body2' } }} />
    </ListItem>
  );
}

type Props = { billing: BillingRecord; feeSchedules: FeeScheduleRecord[] };

/** The Premium plan: price, what it allows, and Upgrade (free) or Current Plan (standard). */
export function PremiumPlanCard({ billing, feeSchedules }: Props) {
  const [isUpgrading, setIsUpgrading] = useState(false);
  const { data: user } = useCurrentUser();
  const ruleOf = (type: FeeType) => feeSchedules.find((schedule) => schedule.type === type) ?? defaultFeeSchedules[type];
  const isCurrent = billing.plan === 'standard';
  return (
    <Card
      variant="outlined"
      component="section"
      aria-label="Premium plan"
      sx={{ maxWidth: 420, borderColor: isCurrent ? 'primary.main' : undefined }}
    >
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
          Premium
        </Typography>
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'baseline', mt: 1 }}>
          <Typography variant="h4" component="p" sx={{ fontWeight: 700 }}>
            {formatCents(billing.monthly_price)}
          </Typography>
          <Typography color="text.secondary">/month</Typography>
        </Stack>
        <List dense sx={{ my: 1 }}>
          <Feature text="Unlimited users" />
          <Feature text="Unlimited creators" />
          {allowances.map((allowance) => (
            <Feature key={allowance.type} text={allowanceText(allowance.label, ruleOf(allowance.type))} />
          ))}
        </List>
        {billing.owed > 0 && (
          <Alert
            severity="error"
            sx={{ mb: 2 }}
            action={
              <Button component={RouterLink} to="/wallets" color="inherit" size="small" sx={{ whiteSpace: 'nowrap' }}>
                Add funds
              </Button>
            }
          >
            {formatCents(billing.owed)} is owed: add funds to your wallet and it is collected at once.
          </Alert>
        )}
        {isCurrent ? (
          <Stack spacing={1}>
            {/* Disabled (nothing to do) but drawn in the primary colour: it marks the plan in use. */}
            <Button
              variant="outlined"
              fullWidth
              disabled
              startIcon={<CheckCircleRounded />}
              sx={{ '&.Mui-disabled': { color: 'primary.main', borderColor: 'primary.main' } }}
            >
              Current Plan
            </Button>
            {billing.next_billing_date && !billing.scheduled_change && (
              <Typography variant="body2" color="text.secondary">
                Next charge of {formatCents(billing.monthly_price)} from your wallet on{' '}
                {formatLongDate(`${billing.next_billing_date}T12:00:00`)}.
              </Typography>
            )}
            {user?.role === 'owner' && <PlanChangeActions billing={billing} />}
          </Stack>
        ) : (
          <Stack spacing={1}>
            <Button variant="contained" fullWidth onClick={() => setIsUpgrading(true)}>
              Upgrade
            </Button>
            <UpgradeDialog isOpen={isUpgrading} onClose={() => setIsUpgrading(false)} />
            <Typography variant="body2" color="text.secondary">
              You are on the free plan (up to 5 creators). The upgrade is charged from your wallet starting next month.
            </Typography>
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
