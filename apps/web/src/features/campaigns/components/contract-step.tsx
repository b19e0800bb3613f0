import { useNavigate } from 'react-router';
import { ContractForm } from '../../../entities/contracts/index.ts';
import { useCampaign } from '../api/campaigns.ts';

/** Contract: an e-signature contract to the campaign's customer, or an already-signed one; Skip or Create Contract lead to the campaign. */
export function ContractStep({ campaignId }: { campaignId: string }) {
  const navigate = useNavigate();
  const { data: campaign } = useCampaign(campaignId);
  if (!campaign) return null;
  const toCampaign = () => void navigate(`/campaigns/${campaignId}`);
  return (
    <ContractForm
      campaign={{ id: campaign.id, title: campaign.title }}
      campaignCustomer={{ id: campaign.customer_id, name: campaign.customer_name, email: null }}
      onCreated={toCampaign}
      onSkip={toCampaign}
    />
  );
}
