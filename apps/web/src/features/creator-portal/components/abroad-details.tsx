import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { countryName, type CreatorUserRecord } from '@crewpay/core';
import { FullPageSpinner } from '../../../components/full-page-spinner.tsx';
import { AbroadPayeeForm } from '../../../entities/payees/index.ts';
import { useOwnAbroad, useUpdateOwnAbroad } from '../api/portal-abroad.ts';

/** What is on file abroad, in a line: the country, the currency and the last 4 of each number. */
function onFile(view: { country: string; currency: string; last4: Record<string, string> }): string {
  const numbers = Object.values(view.last4).map((last4) => `••${last4}`);
  return `On file: a bank in ${countryName(view.country)}, paid in ${view.currency}${numbers.length ? ` (${numbers.join(', ')})` : ''}. To change it, enter the details again.`;
}

/**
 * A creator's bank details abroad with one organisation, given or changed in the portal: the
 * payee link's form (the corridor's required fields, checked as the server checks them), sent to
 * PUT /v1/creators/user/{id}/abroad. The numbers on file are never shown, only their last 4.
 */
export function AbroadDetails({ record }: { record: CreatorUserRecord }) {
  const { data: view, isPending } = useOwnAbroad(record.id, true);
  const update = useUpdateOwnAbroad(record.id);
  if (isPending) return <FullPageSpinner />;
  return (
    <Stack spacing={2}>
      {view && <Alert severity="info">{onFile(view)}</Alert>}
      <AbroadPayeeForm
        // A new form from what was saved: its numbers typed again, the rest kept.
        key={JSON.stringify(view ?? null)}
        idPrefix={`${record.id}-abroad`}
        submitLabel="Save"
        isBusiness={record.entity_type !== null && record.entity_type !== 'individual'}
        isPending={update.isPending}
        initial={{
          first_name: record.first_name ?? '',
          last_name: record.last_name ?? '',
          business_name: record.business_name ?? '',
          ...(view
            ? { abroad: { country: view.country, method: view.method, account_holder_name: view.fields.account_holder_name ?? '' } }
            : {}),
          address: {
            line_1: record.address_line_1 ?? '',
            line_2: record.address_line_2 ?? '',
            city: record.address_city ?? '',
            region: record.address_state ?? '',
            postal_code: record.address_zip ?? '',
          },
        }}
        onSubmit={(body) => update.mutate(body)}
      />
    </Stack>
  );
}
