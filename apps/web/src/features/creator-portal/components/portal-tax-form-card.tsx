import { useState } from 'react';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { taxFormLabels, type CreatorUserRecord } from '@crewpay/core';
import { ApiError } from '../../../lib/api-error.ts';
import { downloadWithSession } from '../../../lib/download-file.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { DeliveryConsent, TaxFormStep } from '../../../entities/tax-forms/index.ts';
import {
  useAnswerPortalDeliveryConsent,
  usePortalDeliveryConsents,
  usePortalTaxForms,
  useSignPortalTaxForm,
} from '../api/portal-tax-forms.ts';

/**
 * Payment Details' "Tax form" for one organisation's record (as its creator, or the person's own as
 * its agent or manager: both are payees the organisation reports): the active form, or signing a (new) one.
 */
export function PortalTaxFormCard({ record }: { record: CreatorUserRecord }) {
  const forms = usePortalTaxForms();
  const sign = useSignPortalTaxForm(record.id);
  const [isSigning, setSigning] = useState(false);
  if (!forms.data) return null;
  const active = forms.data.find((form) => form.payee_id === record.id && form.status === 'active');
  const error = sign.error instanceof ApiError ? (sign.error.serverMessage ?? sign.error.message) : null;
  return (
    <Card variant="outlined" aria-label={`Tax form for ${record.org_name}`}>
      <CardContent>
        <Stack spacing={1.5}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            {`Tax form for ${record.org_name}`}
          </Typography>
          {active && (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography variant="body2">{`Form ${taxFormLabels[active.form_type]} signed ${formatDateTime(active.signed_at)}`}</Typography>
              <Button
                size="small"
                onClick={() =>
                  void downloadWithSession(`/v1/portal/tax_forms/${active.id}/pdf`, `Form-${taxFormLabels[active.form_type]}.pdf`)
                }
              >
                Download
              </Button>
            </Stack>
          )}
          {!active && !isSigning && <Typography color="text.secondary">No tax form on file with {record.org_name}.</Typography>}
          {isSigning ? (
            <TaxFormStep
              defaultName={[record.first_name, record.last_name].filter(Boolean).join(' ')}
              isPending={sign.isPending}
              error={error}
              onSubmit={(body) => sign.mutate(body, { onSuccess: () => setSigning(false) })}
            />
          ) : (
            <Button variant="outlined" sx={{ alignSelf: 'flex-start' }} onClick={() => setSigning(true)}>
              {active ? 'Sign a new tax form' : 'Sign a tax form'}
            </Button>
          )}
          <PortalDeliveryConsent payeeId={record.id} />
        </Stack>
      </CardContent>
    </Card>
  );
}

/** The record's consent to electronic delivery of tax forms: a switch, so it is withdrawn as easily as given. */
function PortalDeliveryConsent({ payeeId }: { payeeId: string }) {
  const consents = usePortalDeliveryConsents();
  const answer = useAnswerPortalDeliveryConsent(payeeId);
  if (!consents.data) return null;
  return (
    <DeliveryConsent
      control="switch"
      consented={consents.data.find((consent) => consent.payee_id === payeeId)?.consented ?? false}
      isPending={answer.isPending}
      onChange={(consented) => answer.mutate(consented)}
    />
  );
}
