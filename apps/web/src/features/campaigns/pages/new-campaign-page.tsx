import { useState } from 'react';
import { useSearchParams } from 'react-router';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepButton from '@mui/material/StepButton';
import Stepper from '@mui/material/Stepper';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { FullPageSpinner } from '../../../components/full-page-spinner.tsx';
import { useCampaign } from '../api/campaigns.ts';
import { ContractStep } from '../components/contract-step.tsx';
import { DeliverablesStep } from '../components/deliverables-step.tsx';
import { GeneralStep } from '../components/general-step.tsx';
import { PaymentsStep } from '../components/payments-step.tsx';

const steps = ['General', 'Payments', 'Deliverables', 'Contract'] as const;

/**
 * /campaigns/new (?campaignId, ?creator_id per creator chosen on /creators): General, Payments,
 * Deliverables, Contract. Each step saves and moves on; steps are clickable once the campaign exists.
 */
export default function NewCampaignPage() {
  const [params, setParams] = useSearchParams();
  const campaignId = params.get('campaignId');
  const creatorIds = params.getAll('creator_id');
  const [step, setStep] = useState(0);
  const { data: campaign, isLoading } = useCampaign(campaignId);
  // On a phone the four labels go under their numbers, so the stepper fits the width.
  const isNarrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));

  const go = (next: number, changes: { campaignId?: string; creatorIds?: string[] } = {}) => {
    const query = new URLSearchParams();
    const id = changes.campaignId ?? campaignId;
    if (id) query.set('campaignId', id);
    for (const creatorId of changes.creatorIds ?? creatorIds) query.append('creator_id', creatorId);
    setParams(query, { replace: true });
    setStep(next);
  };

  if (campaignId && isLoading) return <FullPageSpinner />;
  return (
    <Stack spacing={3}>
      <Stepper nonLinear={campaignId !== null} activeStep={step} alternativeLabel={isNarrow}>
        {steps.map((label, index) => (
          <Step key={label} completed={false}>
            <StepButton disabled={campaignId === null} onClick={() => setStep(index)}>
              {label}
            </StepButton>
          </Step>
        ))}
      </Stepper>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        {step === 0 && <GeneralStep key={campaign?.id ?? 'new'} campaign={campaign} onSaved={(id) => go(1, { campaignId: id })} />}
        {step === 1 && campaignId && (
          <PaymentsStep campaignId={campaignId} creatorIds={creatorIds} onSaved={(ids) => go(2, { creatorIds: ids })} />
        )}
        {step === 2 && campaignId && <DeliverablesStep campaignId={campaignId} creatorIds={creatorIds} onSaved={() => go(3)} />}
        {step === 3 && campaignId && <ContractStep campaignId={campaignId} />}
      </Paper>
    </Stack>
  );
}
