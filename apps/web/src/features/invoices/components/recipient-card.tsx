import { useRef } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { isValidCcEmailList, customerMessages, type CustomerListItem } from '@crewpay/core';
import { useCustomers } from '../../../entities/customers/index.ts';
import { useDebounced } from '../../../lib/use-debounced.ts';
import { useCampaignChoices } from '../api/lookups.ts';

export type Recipient = { email: string; name: string; customer: CustomerListItem | null; campaignId: string; attn: string; cc: string };

type Props = {
  value: Recipient;
  onChange: (value: Recipient) => void;
  attachmentName: string | null;
  isUploading: boolean;
  onAttach: (file: File) => void;
};

export const isEmailLike = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());

/** Recipient card: email with suggestions of existing customers, name (editable only for a new email), campaign, attn, CC, attachment. */
export function RecipientCard({ value, onChange, attachmentName, isUploading, onAttach }: Props) {
  const search = useDebounced(value.email.trim(), 250);
  const { data: customers } = useCustomers({ page: 0, search, pageSize: 10 });
  const { data: campaigns } = useCampaignChoices();
  const options = customers?.data.filter((customer) => customer.email) ?? [];
  const ccInvalid = value.cc.trim() !== '' && !isValidCcEmailList(value.cc);
  const fileInput = useRef<HTMLInputElement>(null);

  const typeEmail = (email: string) => {
    const match = options.find((customer) => customer.email?.toLowerCase() === email.trim().toLowerCase()) ?? null;
    onChange({ ...value, email, customer: match, name: match ? match.name : value.customer ? '' : value.name });
  };

  return (
    <Card variant="outlined" component="section" aria-label="Recipient">
      <CardContent>
        <Stack spacing={2}>
          <Typography variant="h6" component="h3" sx={{ fontWeight: 700 }}>
            Recipient
          </Typography>
          <Autocomplete
            freeSolo
            options={options}
            getOptionLabel={(option) => (typeof option === 'string' ? option : (option.email ?? ''))}
            renderOption={(props, option) => (
              <li {...props} key={option.id}>
                {option.email} · {option.name}
              </li>
            )}
            inputValue={value.email}
            onInputChange={(_event, email) => typeEmail(email)}
            onChange={(_event, option) => {
              if (option && typeof option !== 'string')
                onChange({ ...value, email: option.email ?? '', customer: option, name: option.name, attn: option.attn ?? value.attn });
            }}
            renderInput={(params) => (
              <TextField
                {...params}
                label="Recipient email"
                required
                error={value.email !== '' && !isEmailLike(value.email)}
                helperText={value.email !== '' && !isEmailLike(value.email) ? 'This field is required and must be an email' : ' '}
              />
            )}
          />
          <TextField
            label="Recipient name"
            required
            value={value.name}
            disabled={Boolean(value.customer)}
            onChange={(event) => onChange({ ...value, name: event.target.value })}
            helperText={value.customer ? 'An existing customer' : 'A new customer is created for this email'}
          />
          <TextField
            select
            label="Campaign"
            value={value.campaignId}
            onChange={(event) => onChange({ ...value, campaignId: event.target.value })}
          >
            <MenuItem value="">No campaign</MenuItem>
            {(campaigns?.data ?? []).map((campaign) => (
              <MenuItem key={campaign.id} value={campaign.id}>
                {campaign.title}
              </MenuItem>
            ))}
          </TextField>
          <TextField label="Attn" value={value.attn} onChange={(event) => onChange({ ...value, attn: event.target.value })} />
          <TextField
            label="CC emails"
            value={value.cc}
            onChange={(event) => onChange({ ...value, cc: event.target.value })}
            error={ccInvalid}
            helperText={ccInvalid ? customerMessages.ccEmails : 'Comma separated'}
          />
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            {/* A real button opening the hidden file input (a <label> may not take the button role). */}
            <Button variant="outlined" disabled={isUploading} onClick={() => fileInput.current?.click()}>
              Add email attachment
            </Button>
            <input
              ref={fileInput}
              hidden
              type="file"
              accept="application/pdf"
              aria-label="Email attachment"
              onChange={(event) => event.target.files?.[0] && onAttach(event.target.files[0])}
            />
            <Typography variant="body2" color="text.secondary">
              {isUploading ? 'Uploading...' : (attachmentName ?? 'PDF, up to 25 MB')}
            </Typography>
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}
