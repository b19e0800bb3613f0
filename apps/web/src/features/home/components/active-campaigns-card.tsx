import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatCents, type ActiveCampaignItem } from '@crewpay/core';
import { formatRelative } from '../../../lib/format.ts';

const paymentsText = (count: number) => `${count} ${count === 1 ? 'Payment' : 'Payments'}`;

/** 'Active Campaigns': up to five preflight or active campaigns, newest first, and See all. */
export function ActiveCampaignsCard({ campaigns }: { campaigns: ActiveCampaignItem[] }) {
  return (
    <Card variant="outlined" component="section" aria-label="Active Campaigns">
      <CardContent>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography variant="h6" component="h3" sx={{ fontWeight: 700 }}>
            Active Campaigns
          </Typography>
          <Button component={RouterLink} to="/campaigns">
            See all
          </Button>
        </Stack>
        {campaigns.length === 0 ? (
          <Typography color="text.secondary" sx={{ py: 2 }}>
            You don't have any campaigns{' '}
            <Link component={RouterLink} to="/campaigns/new">
              Start one now!
            </Link>
          </Typography>
        ) : (
          <List disablePadding>
            {campaigns.map((campaign, index) => (
              <li key={campaign.id}>
                {index > 0 && <Divider component="div" />}
                <ListItem
                  component="div"
                  disableGutters
                  secondaryAction={<Typography sx={{ fontWeight: 600 }}>{formatCents(campaign.total_amount)}</Typography>}
                >
                  <ListItemText
                    primary={
                      <Link component={RouterLink} to={`/campaigns/${campaign.id}`}>
                        {campaign.title}
                      </Link>
                    }
                    secondary={`${paymentsText(campaign.payments_count)} · Opened ${formatRelative(campaign.opened_at)}`}
                  />
                </ListItem>
              </li>
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
}
