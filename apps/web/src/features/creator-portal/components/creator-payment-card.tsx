import { useEffect, useRef, useState } from 'react';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { maskLastFour, portalMethodSchema, portalTaxSchema, type CreatorUserRecord, type CreatorUserUpdateBody } from '@crewpay/core';
import { type KeptSecrets, PayoutDetailsForm, type PayoutFormValues } from '../../../entities/payees/index.ts';
import { useUpdateCreatorRecord } from '../api/creator-records.ts';
import { AbroadDetails } from './abroad-details.tsx';

const portalSchemas = { method: portalMethodSchema, tax: portalTaxSchema };

/** What is on file, as the form's starting values (secrets stay out: they show as masks). */
function initialOf(record: CreatorUserRecord): Partial<PayoutFormValues> {
  const method = record.selected_payment_method;
  return {
    selected_payment_method: method === 'paypal' || method === 'venmo' ? method : 'stripe',
    paypal_email: record.paypal_email ?? '',
    venmo_phone_number: record.venmo_phone_number ?? '',
    // Business is the default when the entity type is not individual; '' until a legal form is chosen.
    entity_type: record.entity_type ?? '',
    first_name: record.first_name ?? '',
    last_name: record.last_name ?? '',
    date_of_birth: record.date_of_birth ?? '',
    business_name: record.business_name ?? '',
    line_1: record.address_line_1 ?? '',
    line_2: record.address_line_2 ?? '',
    city: record.address_city ?? '',
    state: record.address_state ?? '',
    zip: record.address_zip ?? '',
  };
}

function keptOf(record: CreatorUserRecord): KeptSecrets {
  const kept: KeptSecrets = {};
  if (record.account_number) kept.account_number = { token: record.account_number, mask: maskLastFour(record.account_number_last4) };
  if (record.routing_number) kept.routing_number = { token: record.routing_number, mask: maskLastFour(record.routing_number_last4) };
  if (record.tax_id) kept.tax_id = { token: record.tax_id, mask: '•••••••••' };
  return kept;
}

/**
 * The spec's rule 'after a save the fields reset to untouched': the saved record differs from the
 * one on screen (new tok_ values, new address...), so the card re-mounts from it, untouched.
 */
export const recordKey = (record: CreatorUserRecord) => JSON.stringify(record);

const roleNames = { creator: 'creator', agent: 'agent', manager: 'manager' } as const;

/** 'agent', 'manager' or 'agent and manager' for an agent's or manager's own record; null for a creator record. */
function payeeRoleLabel(record: CreatorUserRecord): string | null {
  if (record.payee_roles.includes('creator')) return null;
  return record.payee_roles.map((role) => roleNames[role]).join(' and ');
}

/** One organisation's Payment Details card (as its creator, or as its agent or manager): payout method, tax information and address. */
export function CreatorPaymentCard({ record, isFocused }: { record: CreatorUserRecord; isFocused: boolean }) {
  const update = useUpdateCreatorRecord();
  const ref = useRef<HTMLElement>(null);
  const asRole = payeeRoleLabel(record);
  // A creator may be paid at a bank abroad (through Nium); agents and managers are paid in the United States only.
  const mayGoAbroad = record.payee_roles.includes('creator');
  const [where, setWhere] = useState<'us' | 'abroad'>(record.selected_payment_method === 'nium' ? 'abroad' : 'us');
  // A to-do leads here with ?org=: that organisation's card comes into view.
  useEffect(() => {
    if (isFocused) ref.current?.scrollIntoView({ block: 'start' });
  }, [isFocused]);
  return (
    <Card
      ref={ref}
      variant="outlined"
      component="section"
      aria-label={`Payment details for ${record.org_name}${asRole ? ` as ${asRole}` : ''}`}
      sx={{ maxWidth: 760, ...(isFocused ? { borderColor: 'primary.main', borderWidth: 2 } : {}) }}
    >
      <CardContent sx={{ p: { xs: 2, md: 3 } }}>
        <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
          {record.org_name}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
          {asRole
            ? `How ${record.org_name} pays you as its ${asRole}, and the tax details they need.`
            : `How ${record.org_name} pays you, and the tax details they need.`}
        </Typography>
        {mayGoAbroad && (
          <Stack spacing={1} sx={{ mb: 3 }}>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
              Where is your bank?
            </Typography>
            <ToggleButtonGroup
              exclusive
              size="small"
              color="primary"
              value={where}
              onChange={(_event, next: 'us' | 'abroad' | null) => next && setWhere(next)}
              aria-label={`Where is your bank? (${record.org_name})`}
            >
              <ToggleButton value="us">United States</ToggleButton>
              <ToggleButton value="abroad">Another country</ToggleButton>
            </ToggleButtonGroup>
          </Stack>
        )}
        {mayGoAbroad && where === 'abroad' ? (
          <AbroadDetails record={record} />
        ) : (
          <PayoutDetailsForm
            isPaypalEnabled={record.is_paypal_enabled}
            isBusiness={record.entity_type !== 'individual'}
            isPending={update.isPending}
            initial={initialOf(record)}
            kept={keptOf(record)}
            schemas={portalSchemas}
            submitLabel="Save"
            idPrefix={record.id}
            onSubmit={(body) => update.mutate({ ...(body as CreatorUserUpdateBody), id: record.id })}
          />
        )}
      </CardContent>
    </Card>
  );
}
