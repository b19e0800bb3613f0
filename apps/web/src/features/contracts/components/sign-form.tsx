import { useState } from 'react';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { SignContractBody } from '@crewpay/core';
import { SignaturePad } from './signature-pad.tsx';

type Props = { defaultName: string; isSigning: boolean; onSign: (body: SignContractBody) => void };

/** Type or draw the signature, agree to sign electronically, Sign. */
export function SignForm({ defaultName, isSigning, onSign }: Props) {
  const [name, setName] = useState(defaultName);
  const [kind, setKind] = useState<'typed' | 'drawn'>('typed');
  const [drawing, setDrawing] = useState<string | null>(null);
  const [hasConsent, setConsent] = useState(false);
  const isReady = name.trim() !== '' && hasConsent && (kind === 'typed' || drawing !== null) && !isSigning;
  return (
    <Stack spacing={2}>
      <TextField
        label="Full name"
        required
        value={name}
        onChange={(event) => setName(event.target.value)}
        slotProps={{ htmlInput: { maxLength: 120 } }}
      />
      <Tabs value={kind} onChange={(_event, value: 'typed' | 'drawn') => setKind(value)} aria-label="Signature kind">
        <Tab value="typed" label="Type" />
        <Tab value="drawn" label="Draw" />
      </Tabs>
      {kind === 'typed' ? (
        <Typography
          aria-label="Signature preview"
          sx={{
            fontFamily: '"Times New Roman", serif',
            fontStyle: 'italic',
            fontSize: 32,
            color: '#0d1a73',
            borderBottom: 1,
            borderColor: 'divider',
            minHeight: 48,
          }}
        >
          {name}
        </Typography>
      ) : (
        <SignaturePad onChange={setDrawing} />
      )}
      <FormControlLabel
        control={<Checkbox checked={hasConsent} onChange={(event) => setConsent(event.target.checked)} />}
        label="I agree to sign this document electronically, and that my electronic signature is as valid as my handwritten signature."
      />
      <Button
        variant="contained"
        size="large"
        disabled={!isReady}
        onClick={() =>
          onSign({
            signer_name: name.trim(),
            signature_type: kind,
            signature_image: kind === 'drawn' ? (drawing ?? undefined) : undefined,
            consent: true,
          })
        }
      >
        Sign
      </Button>
    </Stack>
  );
}
