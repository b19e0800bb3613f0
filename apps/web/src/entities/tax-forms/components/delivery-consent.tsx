import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { taxDeliveryConsentLabel, taxDeliveryDisclosure } from '@crewpay/core';

type Props = {
  consented: boolean;
  isPending: boolean;
  /** A checkbox to give consent (payee link), a switch to see and withdraw it (portal). */
  control: 'checkbox' | 'switch';
  onChange: (consented: boolean) => void;
};

/**
 * The payee's consent to receive tax forms electronically, saved as soon as it is changed. The
 * disclosure is shown with it because the IRS asks that consent be given knowing how to get a
 * paper copy, how to withdraw, and that it covers later years.
 */
export function DeliveryConsent({ consented, isPending, control, onChange }: Props) {
  const input =
    control === 'switch' ? (
      <Switch checked={consented} disabled={isPending} onChange={(event) => onChange(event.target.checked)} />
    ) : (
      <Checkbox checked={consented} disabled={isPending} onChange={(event) => onChange(event.target.checked)} />
    );
  return (
    <Stack spacing={0.5}>
      <FormControlLabel control={input} label={taxDeliveryConsentLabel} />
      {taxDeliveryDisclosure.map((line) => (
        <Typography key={line} variant="body2" color="text.secondary">
          {line}
        </Typography>
      ))}
    </Stack>
  );
}
