import { Link as RouterLink } from 'react-router';
import { useWatch } from 'react-hook-form';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import {
  campaignStatuses,
  campaignStatusLabels,
  formatCents,
  updateCampaignBody,
  type CampaignRecord,
  type UpdateCampaignInput,
} from '@crewpay/core';
import { DetailRow, EditableCard } from '../../../components/editable-card.tsx';
import { FormMoneyInput, FormTextField } from '../../../components/form/form-fields.tsx';
import { useEditableCardForm } from '../../../components/form/use-editable-card-form.ts';
import { formatDate } from '../../../lib/format.ts';
import { useUpdateCampaign } from '../api/campaigns.ts';

const valuesOf = (campaign: CampaignRecord): UpdateCampaignInput => ({
  title: campaign.title,
  description: campaign.description ?? '',
  deal_size: campaign.deal_size,
  terms: campaign.terms ?? '',
  campaign_start_date: campaign.campaign_start_date ?? '',
  campaign_end_date: campaign.campaign_end_date ?? '',
  campaign_ref_id: campaign.campaign_ref_id ?? '',
  campaign_status: campaign.campaign_status,
});

const dateText = (value: string | null) => (value ? formatDate(`${value}T00:00:00`) : null);

/** The overview's details card; its status select moves the campaign between preflight, active, completed and archived. */
export function CampaignDetailsCard({ campaign }: { campaign: CampaignRecord }) {
  const update = useUpdateCampaign();
  const { control, card } = useEditableCardForm(updateCampaignBody, {
    values: valuesOf(campaign),
    save: (body) => update.mutateAsync({ id: campaign.id, ...body }),
  });
  const startDate = useWatch({ control, name: 'campaign_start_date' });

  return (
    <EditableCard
      title="Details"
      {...card}
      isSaving={update.isPending}
      view={
        <>
          <DetailRow label="Name" value={campaign.title} />
          <DetailRow label="Status" value={campaignStatusLabels[campaign.campaign_status]} />
          <DetailRow
            label="Customer"
            value={
              <Link component={RouterLink} to={`/customers/${campaign.customer_id}`}>
                {campaign.customer_name}
              </Link>
            }
          />
          <DetailRow label="Description" value={campaign.description} />
          <DetailRow label="Budget" value={campaign.deal_size === null ? null : formatCents(campaign.deal_size)} />
          <DetailRow label="Terms" value={campaign.terms} />
          <DetailRow label="Start date" value={dateText(campaign.campaign_start_date)} />
          <DetailRow label="End date" value={dateText(campaign.campaign_end_date)} />
          <DetailRow label="Reference ID" value={campaign.campaign_ref_id} />
          <DetailRow label="Agent" value={campaign.agent_name} />
        </>
      }
      fields={
        <>
          <FormTextField control={control} name="title" label="Name" required fullWidth size="small" />
          <FormTextField control={control} name="campaign_status" label="Status" select fullWidth size="small">
            {campaignStatuses.map((status) => (
              <MenuItem key={status} value={status}>
                {campaignStatusLabels[status]}
              </MenuItem>
            ))}
          </FormTextField>
          <FormTextField control={control} name="description" label="Description" multiline fullWidth size="small" />
          <FormMoneyInput control={control} name="deal_size" label="Budget" fullWidth size="small" />
          <FormTextField control={control} name="terms" label="Terms" multiline fullWidth size="small" />
          <Stack direction="row" spacing={2}>
            <FormTextField
              control={control}
              name="campaign_start_date"
              label="Start date"
              type="date"
              fullWidth
              size="small"
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <FormTextField
              control={control}
              name="campaign_end_date"
              label="End date"
              type="date"
              fullWidth
              size="small"
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: startDate || undefined } }}
            />
          </Stack>
          <FormTextField control={control} name="campaign_ref_id" label="Campaign reference ID" fullWidth size="small" />
        </>
      }
    />
  );
}
