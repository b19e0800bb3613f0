import { Link as RouterLink } from 'react-router';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import type { GridColDef } from '@mui/x-data-grid';
import type { PhoneLayout } from '../../../components/data-table-types.ts';
import { countryName, creatorName, formatCents, invitationLabels, payoutMethodLabels, type CreatorListItem } from '@crewpay/core';
import { StatusChip } from '../../../components/status-chip.tsx';

/** Where a payee abroad is: the country and currency Nium pays them in (GET /v1/nium/payees). */
type PayeeCountries = Map<string, { country: string; currency: string }>;

/** "Nium · Germany, EUR" for a payee abroad; the method's label otherwise. */
function paymentMethodOf(row: CreatorListItem, countries: PayeeCountries): string {
  if (!row.selected_payment_method) return '';
  const abroad = row.selected_payment_method === 'nium' ? countries.get(row.id) : undefined;
  const label = payoutMethodLabels[row.selected_payment_method];
  return abroad ? `${label} · ${countryName(abroad.country)}, ${abroad.currency}` : label;
}

/** The spec's columns: email (link), name, tags, payments count, amount paid, payment method (with a payee abroad's country and currency). */
export const creatorColumns = (countries: PayeeCountries = new Map()): GridColDef<CreatorListItem>[] => [
  {
    field: 'email',
    headerName: 'Email',
    flex: 1.4,
    minWidth: 200,
    sortable: false,
    renderCell: ({ row }) => (
      <Link component={RouterLink} to={`/creators/${row.id}`} underline="hover">
        {row.email}
      </Link>
    ),
  },
  { field: 'name', headerName: 'Name', flex: 1, minWidth: 140, sortable: false, valueGetter: (_value, row) => creatorName(row) },
  {
    field: 'tags',
    headerName: 'Tags',
    flex: 1,
    minWidth: 110,
    sortable: false,
    valueGetter: (_value, row) => row.tags.map((tag) => tag.label).join(', '),
    renderCell: ({ row }) => (
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', height: '100%', overflow: 'hidden' }}>
        {row.tags.map((tag) => (
          <Chip key={tag.id} label={tag.label} size="small" />
        ))}
      </Stack>
    ),
  },
  { field: 'payments_count', headerName: 'Payments', type: 'number', width: 100, sortable: false },
  {
    field: 'amount_paid',
    headerName: 'Amount paid',
    type: 'number',
    width: 120,
    sortable: false,
    valueFormatter: (value: number) => formatCents(value),
  },
  {
    field: 'selected_payment_method',
    headerName: 'Payment method',
    // As wide as before payees abroad: the grid fits 1440 px; a long "Nium · country, currency" ends in an ellipsis.
    width: 140,
    sortable: false,
    valueGetter: (_value, row) => paymentMethodOf(row, countries),
  },
  {
    field: 'is_active',
    headerName: 'Status',
    width: 100,
    sortable: false,
    renderCell: ({ row }) => (
      <StatusChip tone={row.is_active ? 'success' : 'neutral'} label={row.is_active ? 'Active' : 'Disabled'} outlined />
    ),
  },
  {
    field: 'invitation',
    headerName: 'Invitation',
    width: 150,
    sortable: false,
    valueGetter: (_value, row) => invitationLabels[row.invitation],
  },
];

/** On a phone: the email (the profile's link), then name, amount paid and status; the rest on tap. */
export const creatorPhoneLayout: PhoneLayout<CreatorListItem> = {
  title: 'email',
  fields: ['name', 'amount_paid', 'is_active', 'selected_payment_method'],
};
