import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { formatCents } from '@crewpay/core';

export type BankMandate = { name: string; isAccepted: boolean };
type Props = { value: BankMandate; onChange: (value: BankMandate) => void; orgName: string; amount: number };

/**
 * What an ACH debit needs from the payer before Confirm payment: the name on the bank account,
 * and their authorisation of this one debit (the mandate; the server adds when, from where and
 * with which browser it was accepted).
 */
export function BankMandateFields({ value, onChange, orgName, amount }: Props) {
  const isNameShort = value.name.trim().length < 2;
  return (
    <Stack spacing={1}>
      <TextField
        label="Name on the bank account"
        value={value.name}
        onChange={(event) => onChange({ ...value, name: event.target.value.slice(0, 100) })}
        error={isNameShort}
        helperText={isNameShort ? 'Enter the name on the bank account' : ' '}
        slotProps={{ htmlInput: { autoComplete: 'name' } }}
      />
      <FormControlLabel
        control={<Checkbox checked={value.isAccepted} onChange={(event) => onChange({ ...value, isAccepted: event.target.checked })} />}
        label={`I authorize ${orgName} to debit ${formatCents(amount)} from this bank account once, for this invoice. I can ask my bank to return a debit I did not authorize.`}
      />
    </Stack>
  );
}
