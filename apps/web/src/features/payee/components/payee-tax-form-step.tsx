import type { ReactNode } from 'react';
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

type Props = { linkId: string; defaultName: string; children: ReactNode };

/**
 * The payee page's first step: a certified tax form (W-9 or W-8). Once a form is active on file
 * (signed now or before) the payout details form (children) follows.
 */
export function PayeeTaxFormStep({ linkId, defaultName, children }: Props) {
  const forms = useLinkTaxForms(linkId);
  const sign = useSignLinkTaxForm(linkId);
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
  return (
    <Stack spacing={2}>
      <TaxFormStep defaultName={defaultName} isPending={sign.isPending} error={error} onSubmit={(body) => sign.mutate(body)} />
      <LinkDeliveryConsent linkId={linkId} />
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
