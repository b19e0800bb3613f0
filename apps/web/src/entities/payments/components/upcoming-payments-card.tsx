import { Link as RouterLink } from 'react-router';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { formatCents } from '@crewpay/core';
import { usePaymentSchedules } from '../api/schedules.ts';
import { describeSchedule } from './payment-schedule-card.tsx';

/** Home's "Upcoming payments": the active schedules, next run first, and the runs waiting for a contract or deliverable; nothing when none. */
export function UpcomingPaymentsCard() {
  const { data: schedules } = usePaymentSchedules(null);
  if (!schedules || schedules.length === 0) return null;
  return (
    <Card variant="outlined" component="section" aria-label="Upcoming payments">
      <CardContent>
        <Typography variant="h6" component="h3" sx={{ fontWeight: 700 }}>
          Upcoming payments
        </Typography>
        <List disablePadding>
          {schedules.slice(0, 10).map((schedule) => (
            <ListItem key={schedule.id} disableGutters divider>
              <ListItemText
                primary={
                  <Link component={RouterLink} to={`/payments/${schedule.payment_id}`}>
                    {`${schedule.recipient_name || 'Payment'} · ${formatCents(schedule.amount)}`}
                  </Link>
                }
                secondary={describeSchedule(schedule)}
              />
            </ListItem>
          ))}
        </List>
      </CardContent>
    </Card>
  );
}
