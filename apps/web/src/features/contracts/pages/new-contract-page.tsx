import { useNavigate, useSearchParams } from 'react-router';
import Stack from '@mui/material/Stack';
import { ContractForm, useCampaignSummary } from '../../../entities/contracts/index.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** /contracts/new and /contracts/newContract (?campaignId preselects the campaign and its customer). */
export default function NewContractPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const raw = params.get('campaignId');
  const campaignId = raw && UUID.test(raw) ? raw : null;
  const { data: campaign, isLoading } = useCampaignSummary(campaignId);
  if (isLoading) return null;
  return (
    <Stack spacing={2}>
      <ContractForm
        campaign={campaign ? { id: campaign.id, title: campaign.title } : undefined}
        campaignCustomer={campaign ? { id: campaign.customer_id, name: campaign.customer_name, email: null } : undefined}
        onCreated={() => void navigate(campaign ? `/campaigns/${campaign.id}?tab=contracts` : '/contracts')}
      />
    </Stack>
  );
}
