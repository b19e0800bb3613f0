import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { OnboardingRequirement } from '@crewpay/core';
import { FullPageSpinner } from '../../../components/full-page-spinner.tsx';
import { useBeneficialOwners, useOnboarding, useOnboardingLink } from '../api/onboarding.ts';
import { BeneficialOwnersForm } from '../components/beneficial-owners-form.tsx';
import { useCurrentUser } from '../../../lib/session/current-user.ts';

/** How long the page keeps asking after the owners were sent. */
const AWAIT_STRIPE_MS = 30_000;

const FORM_OF: Record<string, { to: string; label: string }> = {
  representative: { to: '/createFundAcct', label: 'Correct the representative' },
  business: { to: '/createFundBusiness', label: 'Correct the business' },
};

/** Every owner requirement in one place: the form that answers them all, for the owner (only they may give them). */
function OwnersRow({ items, onSent }: { items: OnboardingRequirement[]; onSent: () => void }) {
  const isOwner = useCurrentUser().data?.role === 'owner';
  const saved = useBeneficialOwners({ enabled: isOwner });
  return (
    <Paper variant="outlined" sx={{ p: 2, borderRadius: 2 }} aria-label="Outstanding requirement">
      <Stack spacing={1.5}>
        <Typography sx={{ fontWeight: 600 }}>{items[0]!.message}</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {items.some((item) => item.past_due) ? 'Past due' : 'Due'}: {items.map((item) => item.requirement).join(', ')}
        </Typography>
        {!isOwner ? (
          <Typography>Only the organization's owner can give Stripe its beneficial owners.</Typography>
        ) : saved.isLoading ? null : (
          <BeneficialOwnersForm saved={saved.data} onSent={onSent} />
        )}
      </Stack>
    </Paper>
  );
}

function RequirementRow({ item, onStripe, isOpening }: { item: OnboardingRequirement; onStripe: () => void; isOpening: boolean }) {
  const form = FORM_OF[item.fix];
  return (
    <Paper variant="outlined" sx={{ p: 2, borderRadius: 2 }} aria-label="Outstanding requirement">
      <Stack spacing={1}>
        <Typography sx={{ fontWeight: 600 }}>{item.message}</Typography>
        <Typography variant="body2" color="text.secondary">
          {item.past_due ? 'Past due' : 'Due'}: {item.requirement}
        </Typography>
        {form ? (
          <Button component={RouterLink} to={form.to} variant="outlined" sx={{ alignSelf: 'flex-start' }}>
            {form.label}
          </Button>
        ) : (
          <Button onClick={onStripe} disabled={isOpening} variant="contained" sx={{ alignSelf: 'flex-start' }}>
            Continue on Stripe
          </Button>
        )}
      </Stack>
    </Paper>
  );
}

/** /verification: what Stripe still needs of the organisation before its wallet can be used, and how to give it. */
export default function VerificationPage() {
  // Just sent to Stripe: asked again for a while, until Stripe's answer (its account.updated) is in.
  const [isAwaitingStripe, setAwaitingStripe] = useState(false);
  useEffect(() => {
    if (!isAwaitingStripe) return;
    const timer = setTimeout(() => setAwaitingStripe(false), AWAIT_STRIPE_MS);
    return () => clearTimeout(timer);
  }, [isAwaitingStripe]);
  const onboarding = useOnboarding({ poll: isAwaitingStripe });
  const link = useOnboardingLink();
  if (!onboarding.data) return <FullPageSpinner />;
  const { status, requirements } = onboarding.data;
  return (
    <Stack spacing={2} sx={{ maxWidth: 720 }}>
      {status === 'complete' && <Alert severity="success">Stripe has everything it needs: your wallet is ready.</Alert>}
      {status === 'pending_verification' && <Alert severity="info">Stripe is verifying your organization.</Alert>}
      {status === 'not_started' && (
        <Button component={RouterLink} to="/createFundAcct" variant="contained" sx={{ alignSelf: 'flex-start' }}>
          Activate your account
        </Button>
      )}
      {status === 'action_required' && <Alert severity="warning">Stripe needs more information before your wallet can be used.</Alert>}
      {requirements.some((item) => item.fix === 'owners') && (
        <OwnersRow items={requirements.filter((item) => item.fix === 'owners')} onSent={() => setAwaitingStripe(true)} />
      )}
      {requirements
        .filter((item) => item.fix !== 'owners')
        .map((item) => (
          <RequirementRow key={item.requirement} item={item} onStripe={() => link.mutate()} isOpening={link.isPending} />
        ))}
    </Stack>
  );
}
