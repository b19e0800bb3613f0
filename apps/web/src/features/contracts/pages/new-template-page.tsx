import { useState } from 'react';
import { useNavigate } from 'react-router';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { contractMessages } from '@crewpay/core';
import { type ChosenPdf, PdfDropzone } from '../../../entities/contracts/index.ts';
import { notifyError } from '../../../lib/notify.ts';
import { useServerMeta } from '../../../lib/server-meta.ts';
import { useStartTemplate } from '../api/templates.ts';
import { PendingTemplate } from '../components/pending-template.tsx';
import { openDropboxSignEditor } from '../lib/dropbox-sign-editor.ts';

type Draft = { template_id: string; title: string };

/**
 * /contracts/newContractTemplate: Title and the PDF; Create Contract Template opens the template
 * editor of the e-signature service (GET /v1/meta): our block editor's page, or Dropbox Sign's
 * embedded editor in this page, after which the saved template shows as pending.
 */
export default function NewTemplatePage() {
  const navigate = useNavigate();
  const meta = useServerMeta().data;
  const [title, setTitle] = useState('');
  const [pdf, setPdf] = useState<ChosenPdf | null>(null);
  const [isEditing, setIsEditing] = useState(false);
  const [pending, setPending] = useState<Draft | null>(null);
  const start = useStartTemplate();
  const clientId = meta?.esign_provider === 'dropbox_sign' ? meta.dropbox_sign_client_id : null;

  const openEditor = (answer: { edit_url: string; template_id: string }, draft: Draft) => {
    if (!clientId) return void navigate(answer.edit_url);
    setIsEditing(true);
    openDropboxSignEditor(
      answer.edit_url,
      { clientId, testMode: meta?.dropbox_sign_test_mode === true },
      {
        onSaved: () => setPending(draft),
        // Closed without saving: the form stays, and Create Contract Template starts a new draft.
        onClosed: () => setIsEditing(false),
      },
    ).catch(() => {
      setIsEditing(false);
      notifyError(contractMessages.templateLinkFailed);
    });
  };

  if (pending) return <PendingTemplate templateId={pending.template_id} title={pending.title} />;
  return (
    <Stack spacing={2} sx={{ maxWidth: 640 }}>
      <Card variant="outlined">
        <CardContent>
          <Stack spacing={2}>
            <TextField
              label="Title"
              required
              value={title}
              onChange={(event) => setTitle(event.target.value)}
              slotProps={{ htmlInput: { maxLength: 200 } }}
            />
            <PdfDropzone value={pdf} onChange={setPdf} />
          </Stack>
        </CardContent>
      </Card>
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <Button
          variant="contained"
          disabled={title.trim() === '' || !pdf || start.isPending || isEditing}
          onClick={() =>
            pdf &&
            start.mutate(
              { title: title.trim(), file: pdf.file },
              { onSuccess: (answer) => openEditor(answer, { template_id: answer.template_id, title: title.trim() }) },
            )
          }
        >
          Create Contract Template
        </Button>
      </Stack>
    </Stack>
  );
}
