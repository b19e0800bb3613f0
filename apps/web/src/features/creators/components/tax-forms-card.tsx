import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { taxFormLabels, type CreatorRecord } from '@crewpay/core';
import { formatDateTime } from '../../../lib/format.ts';
import { downloadWithSession } from '../../../lib/download-file.ts';
import { useCurrentUser } from '../../../lib/session/current-user.ts';
import { useCreatorTaxForms } from '../../../entities/tax-forms/index.ts';
import { SectionCard } from './section-card.tsx';

/** The creator's signed W-9/W-8 forms, the active one first, each downloadable (owners and admins: they carry the TIN). */
export function TaxFormsCard({ creator }: { creator: CreatorRecord }) {
  const role = useCurrentUser().data?.role;
  const isReader = role === 'owner' || role === 'admin';
  const { data = [] } = useCreatorTaxForms(creator.id, isReader);
  if (!isReader) return null;
  return (
    <SectionCard title="Tax forms">
      {data.length === 0 && <Typography color="text.secondary">No tax form signed yet</Typography>}
      <Stack spacing={1}>
        {data.map((form) => (
          <Stack key={form.id} direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
            <Typography variant="body2">
              {`${taxFormLabels[form.form_type]} · ${form.status === 'active' ? 'Active' : 'Superseded'} · signed ${formatDateTime(form.signed_at)}`}
            </Typography>
            <Button
              size="small"
              onClick={() => void downloadWithSession(`/v1/tax_forms/${form.id}/pdf`, `Form-${taxFormLabels[form.form_type]}.pdf`)}
            >
              Download
            </Button>
          </Stack>
        ))}
      </Stack>
    </SectionCard>
  );
}
