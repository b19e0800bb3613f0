import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';

/** Contract: contracts are not available yet, so this step only leads on to the campaign. */
export function ContractStep({ campaignId }: { campaignId: string }) {
  return (
    <Stack spacing={2} sx={{ maxWidth: 720 }}>
      <Alert severity="info">
        Contracts are not available yet: you will be able to send a contract for this campaign from its page once they are.
      </Alert>
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <Button variant="contained" component={RouterLink} to={`/campaigns/${campaignId}`}>
          Skip
        </Button>
      </Stack>
    </Stack>
  );
}
