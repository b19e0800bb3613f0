import { useState, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { taxFormLabels } from '@crewpay/core';
import { ApiError } from '../../../lib/api-error.ts';
import {
  DeliveryConsent,
  TaxFormStep,
  useAnswerLinkDeliveryConsent,
  useLinkDeliveryConsent,
  useLinkTaxForms,
  useSignLinkTaxForm,
} from '../../../entities/tax-forms/index.ts';

/** `isRequired`: the organisation asks for the form before the payout details (its setting); otherwise it is offered after them. */
type Props = { linkId: string; defaultName: string; orgName: string; isRequired: boolean; children: ReactNode };

/**
 * The payee page's tax form (W-9 or W-8). Where the organisation requires it, it comes first and
 * the payout details form (children) follows once a form is active on file; otherwise the payout
 * details come first and the form is offered under them, never blocking.
 */
export function PayeeTaxFormStep({ linkId, defaultName, orgName, isRequired, children }: Props) {
  const forms = useLinkTaxForms(linkId);
  const sign = useSignLinkTaxForm(linkId);
  const [isOffered, setOffered] = useState(false);
  const active = forms.data?.find((form) => form.status === 'active');
  if (forms.isPending) return null;
  if (active)
    return (
      <Stack spacing={2}>
        <Alert severity="success">{`Form ${taxFormLabels[active.form_type]} signed by ${active.signer_name}`}</Alert>
        <LinkDeliveryConsent linkId={linkId} />
        {children}
      </Stack>
    );
  const error =
    sign.error instanceof ApiError
      ? (sign.error.serverMessage ?? sign.error.message)
      : sign.error
        ? 'There was an issue signing your tax form'
        : null;
  const form = <TaxFormStep defaultName={defaultName} isPending={sign.isPending} error={error} onSubmit={(body) => sign.mutate(body)} />;
  if (isRequired)
    return (
      <Stack spacing={2}>
        <Alert severity="info">{`${orgName} asks for your tax form before your payout details.`}</Alert>
        {form}
        <LinkDeliveryConsent linkId={linkId} />
      </Stack>
    );
  return (
    <Stack spacing={3}>
      {children}
      <Divider />
      <Stack spacing={1.5} component="section" aria-label="Tax form (optional)">
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
          Tax form (optional)
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {`${orgName} may need your W-9 (or W-8 outside the US) for your tax forms. You can sign it now or later; your payment does not wait for it.`}
        </Typography>
        {isOffered ? (
          form
        ) : (
          <Button variant="outlined" sx={{ alignSelf: 'flex-start' }} onClick={() => setOffered(true)}>
            Sign my tax form now
          </Button>
        )}
        <LinkDeliveryConsent linkId={linkId} />
      </Stack>
    </Stack>
  );
}

/** The consent to electronic delivery of tax forms, answered through the link (saved on change). */
function LinkDeliveryConsent({ linkId }: { linkId: string }) {
  const consent = useLinkDeliveryConsent(linkId);
  const answer = useAnswerLinkDeliveryConsent(linkId);
  if (consent.isPending) return null;
  return (
    <DeliveryConsent
      control="checkbox"
      consented={consent.data?.consented ?? false}
      isPending={answer.isPending}
      onChange={(consented) => answer.mutate(consented)}
    />
  );
}
