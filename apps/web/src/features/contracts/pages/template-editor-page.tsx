import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SignatureField } from '@crewpay/core';
import { BlockEditor } from '../../../entities/contracts/index.ts';
import { FullPageSpinner } from '../../../components/full-page-spinner.tsx';
import { useSaveTemplate, useTemplateDraft } from '../api/templates.ts';

/** /contracts/templates/{templateId}/edit: our embedded template editor (place the blocks, Save template). */
export default function TemplateEditorPage() {
  const { templateId = '' } = useParams();
  const navigate = useNavigate();
  const draft = useTemplateDraft(templateId);
  const save = useSaveTemplate();
  const [fields, setFields] = useState<SignatureField[]>([]);
  if (draft.isError) return <Alert severity="error">There was an issue fetching your templates</Alert>;
  if (!draft.data) return <FullPageSpinner />;
  const { template, bytes } = draft.data;
  if (template.state === 'ready') return <Alert severity="info">This template has been created.</Alert>;
  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
        <Typography variant="h5" component="h2" sx={{ fontWeight: 700 }}>
          {template.title}
        </Typography>
        <Button
          variant="contained"
          disabled={fields.length === 0 || save.isPending}
          onClick={() =>
            save.mutate(
              { template_id: template.hellosign_template_id, title: template.title, formFields: fields },
              { onSuccess: () => void navigate('/contracts?tab=templates') },
            )
          }
        >
          Save template
        </Button>
      </Stack>
      <Typography color="text.secondary">
        Place the signature blocks the recipient signs; every contract made from this template uses them.
      </Typography>
      <BlockEditor bytes={bytes} fields={fields} onChange={setFields} />
    </Stack>
  );
}
