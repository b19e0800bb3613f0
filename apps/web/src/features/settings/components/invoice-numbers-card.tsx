import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { z } from 'zod';
import { formatInvoiceNumber, invoicePrefixSchema, type OrgRecord, type UserRecord } from '@crewpay/core';
import { FormTextField } from '../../../components/form/form-fields.tsx';
import { useZodForm } from '../../../components/form/use-zod-form.ts';
import { useUpdateOrg } from '../api/update-org.ts';

const prefixForm = z.object({ invoice_prefix: invoicePrefixSchema });

/** Invoice numbers: the prefix put before each new invoice's sequence number (owners and admins change it). */
export function InvoiceNumbersCard({ org, viewer }: { org: OrgRecord; viewer: UserRecord }) {
  const update = useUpdateOrg();
  const canEdit = viewer.role === 'owner' || viewer.role === 'admin';
  const { control, handleSubmit, formState, watch, reset } = useZodForm(prefixForm, {
    mode: 'onChange',
    defaultValues: { invoice_prefix: org.invoice_prefix },
  });
  const prefix = watch('invoice_prefix');
  const onSubmit = handleSubmit(async (body) => {
    const saved = await update.mutateAsync(body);
    reset({ invoice_prefix: saved.invoice_prefix });
  });
  return (
    <Card variant="outlined" component="section" aria-label="Invoice numbers">
      <CardContent>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 2 }}>
          Invoice numbers
        </Typography>
        <Stack
          component="form"
          noValidate
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ alignItems: { sm: 'flex-start' } }}
          onSubmit={(event) => void onSubmit(event).catch(() => undefined)}
        >
          <FormTextField
            control={control}
            name="invoice_prefix"
            label="Invoice number prefix"
            disabled={!canEdit}
            helperText={`The next invoice reads like ${formatInvoiceNumber(prefix.trim(), 1)}; invoices already sent keep their number.`}
            sx={{ minWidth: 260 }}
          />
          {canEdit && (
            <Button type="submit" variant="contained" disabled={!formState.isValid || !formState.isDirty} loading={update.isPending}>
              Save
            </Button>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
