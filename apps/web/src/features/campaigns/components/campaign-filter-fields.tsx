import { useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { campaignStatusLabels } from '@crewpay/core';
import { useCustomer, useCustomers } from '../../../entities/customers/index.ts';
import { useDebounced } from '../../../lib/use-debounced.ts';
import { listedStatuses, type CampaignFilters } from '../lib/campaign-filters.ts';

type Props = { filters: CampaignFilters; onChange: (filters: CampaignFilters) => void; hasStatus: boolean };
type Option = { id: string; name: string };

const FIELD_WIDTH = { xs: '100%', sm: 220 };

/** The customer filter: the organisation's customers searched on the server; the URL's one named by its own read. */
function CustomerFilter({ filters, onChange }: Omit<Props, 'hasStatus'>) {
  const [input, setInput] = useState('');
  const search = useDebounced(input.trim(), 300);
  const chosen = useCustomer(filters.customer_id ?? '');
  const value: Option | null = filters.customer_id
    ? { id: filters.customer_id, name: chosen.data?.id === filters.customer_id ? chosen.data.name : '' }
    : null;
  const { data, isFetching } = useCustomers({ page: 0, pageSize: 20, search: value && input === value.name ? '' : search });
  return (
    <Autocomplete
      size="small"
      value={value}
      options={(data?.data ?? []).map((customer): Option => ({ id: customer.id, name: customer.name }))}
      loading={isFetching}
      filterOptions={(options) => options}
      getOptionLabel={(option) => option.name}
      isOptionEqualToValue={(option, selected) => option.id === selected.id}
      onChange={(_event, customer) => onChange({ ...filters, customer_id: customer?.id })}
      onInputChange={(_event, text) => setInput(text)}
      renderOption={(props, option) => (
        <li {...props} key={option.id}>
          {option.name}
        </li>
      )}
      renderInput={(params) => <TextField {...params} label="Customer" />}
      sx={{ width: FIELD_WIDTH }}
    />
  );
}

/** /campaigns' own filters in the filter bar: the status (the Campaigns tab only) and the customer. */
export function CampaignFilterFields({ filters, onChange, hasStatus }: Props) {
  return (
    <>
      {hasStatus && (
        <TextField
          select
          size="small"
          label="Status"
          value={filters.status ?? ''}
          onChange={(event) => {
            const status = listedStatuses.find((value) => value === event.target.value);
            onChange({ ...filters, status });
          }}
          sx={{ width: FIELD_WIDTH }}
        >
          <MenuItem value="">Any status</MenuItem>
          {listedStatuses.map((status) => (
            <MenuItem key={status} value={status}>
              {campaignStatusLabels[status]}
            </MenuItem>
          ))}
        </TextField>
      )}
      <CustomerFilter filters={filters} onChange={onChange} />
    </>
  );
}
