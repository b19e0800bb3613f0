import MenuItem from '@mui/material/MenuItem';
import { z } from 'zod';
import { campaignSplitMessages, splitMessage, type CampaignSplitRecord, type CreatorRecord } from '@crewpay/core';
import { FormTextField } from '../../../components/form/form-fields.tsx';
import { useZodForm } from '../../../components/form/use-zod-form.ts';
import { FormDialog } from '../../../components/form/form-dialog.tsx';
import { useSaveCampaignSplit, useSplitCampaignChoices } from '../api/campaign-splits.ts';

// Whole percents from 0 to 100, as the default split and the API (splitSchema) take them.
const percent = z
  .string()
  .trim()
  .refine((text) => /^\d{1,3}$/.test(text) && Number(text) <= 100, splitMessage)
  .transform(Number);
const splitForm = z.object({
  payment_group_id: z.string().min(1, campaignSplitMessages.noCampaign),
  agent_split: percent,
  manager_split: percent,
});

type Props = {
  creator: CreatorRecord;
  /** The split to change; null adds one. */
  split: CampaignSplitRecord | null;
  /** Campaigns that already have a split: each campaign has one at most. */
  takenCampaignIds: string[];
  onClose: () => void;
};

/** Adds a campaign split (campaign, agent and manager percents) or changes the percents of one. */
export function CampaignSplitDialog({ creator, split, takenCampaignIds, onClose }: Props) {
  const { data: campaigns } = useSplitCampaignChoices();
  const save = useSaveCampaignSplit(creator.id);
  const { control, handleSubmit, formState } = useZodForm(splitForm, {
    mode: 'onChange',
    defaultValues: {
      payment_group_id: split?.payment_group_id ?? '',
      agent_split: String(split?.agent_split ?? creator.agent_split),
      manager_split: String(split?.manager_split ?? creator.manager_split),
    },
  });
  const choices = (campaigns?.data ?? []).filter(
    (campaign) => campaign.id === split?.payment_group_id || !takenCampaignIds.includes(campaign.id),
  );
  const onSubmit = handleSubmit(async (values) => {
    const { payment_group_id: _campaign, ...percents } = values;
    await save.mutateAsync(split ? { id: split.id, body: percents } : { id: null, body: values });
    onClose();
  });
  const title = split ? 'Edit campaign split' : 'Add campaign split';
  return (
    <FormDialog
      titleId="campaign-split-title"
      title={title}
      maxWidth="xs"
      onClose={onClose}
      onSubmit={onSubmit}
      submitLabel="Save"
      canSubmit={formState.isValid}
      isPending={save.isPending}
      fieldsSx={{ pt: 1 }}
    >
      <FormTextField control={control} name="payment_group_id" label="Campaign" select disabled={Boolean(split)} fullWidth>
        {split && !choices.some((campaign) => campaign.id === split.payment_group_id) && (
          <MenuItem value={split.payment_group_id}>{split.campaign_title}</MenuItem>
        )}
        {choices.map((campaign) => (
          <MenuItem key={campaign.id} value={campaign.id}>
            {campaign.title}
          </MenuItem>
        ))}
      </FormTextField>
      <FormTextField control={control} name="agent_split" label="Agent split %" fullWidth />
      <FormTextField control={control} name="manager_split" label="Manager split %" fullWidth />
    </FormDialog>
  );
}
