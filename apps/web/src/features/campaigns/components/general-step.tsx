import { useState } from 'react';
import { useController, useWatch } from 'react-hook-form';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { createCampaignBody, type CampaignRecord, type CreateCampaignInput } from '@crewpay/core';
import { FormMoneyInput, FormTextField } from '../../../components/form/form-fields.tsx';
import { useZodForm } from '../../../components/form/use-zod-form.ts';
import { useCreateCampaign, useUpdateCampaign } from '../api/campaigns.ts';
import { useAgentsManagers } from '../../../entities/creators/index.ts';
import { CustomerPicker, type CustomerOption } from './customer-picker.tsx';

const valuesOf = (campaign: CampaignRecord | undefined): CreateCampaignInput => ({
  title: campaign?.title ?? '',
  customer_id: campaign?.customer_id ?? '',
  description: campaign?.description ?? '',
  deal_size: campaign?.deal_size ?? null,
  terms: campaign?.terms ?? '',
  campaign_start_date: campaign?.campaign_start_date ?? '',
  campaign_end_date: campaign?.campaign_end_date ?? '',
  campaign_ref_id: campaign?.campaign_ref_id ?? '',
  agent_id: campaign?.agent_id ?? '',
});

type Props = { campaign: CampaignRecord | undefined; onSaved: (campaignId: string) => void };

/** General: creates the campaign, or updates it once it exists; name and customer are required. */
export function GeneralStep({ campaign, onSaved }: Props) {
  const create = useCreateCampaign();
  const update = useUpdateCampaign();
  const { data: people = [] } = useAgentsManagers();
  const { control, handleSubmit } = useZodForm(createCampaignBody, { defaultValues: valuesOf(campaign), mode: 'onChange' });
  const customerField = useController({ control, name: 'customer_id' });
  const [customer, setCustomer] = useState<CustomerOption | null>(
    campaign ? { id: campaign.customer_id, name: campaign.customer_name, email: null } : null,
  );
  const [title, startDate] = useWatch({ control, name: ['title', 'campaign_start_date'] });
  const canSave = String(title ?? '').trim() !== '' && customer !== null;

  const onSubmit = handleSubmit(async (body) => {
    const saved = campaign ? await update.mutateAsync({ id: campaign.id, ...body }) : await create.mutateAsync(body);
    onSaved(saved.id);
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event).catch(() => undefined)}>
      <Stack spacing={2} sx={{ maxWidth: 720 }}>
        <FormTextField control={control} name="title" label="Name" required fullWidth autoFocus />
        <FormTextField control={control} name="description" label="Description" multiline minRows={2} fullWidth />
        <CustomerPicker
          value={customer}
          onChange={(option) => {
            setCustomer(option);
            customerField.field.onChange(option?.id ?? '');
          }}
          onBlur={customerField.field.onBlur}
          error={customerField.fieldState.isTouched && !customer ? 'This field is required' : undefined}
        />
        <FormMoneyInput control={control} name="deal_size" label="Campaign budget" fullWidth />
        <FormTextField control={control} name="terms" label="Terms" multiline minRows={2} fullWidth />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <FormTextField
            control={control}
            name="campaign_start_date"
            label="Start date"
            type="date"
            fullWidth
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <FormTextField
            control={control}
            name="campaign_end_date"
            label="End date"
            type="date"
            fullWidth
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: startDate || undefined } }}
          />
        </Stack>
        <FormTextField control={control} name="campaign_ref_id" label="Campaign reference ID" fullWidth />
        <FormTextField control={control} name="agent_id" label="Agent" select fullWidth>
          <MenuItem value="">
            <em>None</em>
          </MenuItem>
          {people
            .filter((person) => person.is_agent)
            .map((person) => (
              <MenuItem key={person.id} value={person.id}>
                {[person.first_name, person.last_name].filter(Boolean).join(' ') || person.email}
              </MenuItem>
            ))}
        </FormTextField>
        <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
          <Button type="submit" variant="contained" disabled={!canSave} loading={create.isPending || update.isPending}>
            Save and continue
          </Button>
        </Stack>
      </Stack>
    </form>
  );
}
