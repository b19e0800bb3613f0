import { useState } from 'react';
import { useNavigate } from 'react-router';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type ChosenPdf, PdfDropzone } from '../../../entities/contracts/index.ts';
import { useStartTemplate } from '../api/templates.ts';

/** /contracts/newContractTemplate: Title and the PDF; Create Contract Template opens our template editor. */
export default function NewTemplatePage() {
  const navigate = useNavigate();
  const [title, setTitle] = useState('');
  const [pdf, setPdf] = useState<ChosenPdf | null>(null);
  const start = useStartTemplate();
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
          disabled={title.trim() === '' || !pdf || start.isPending}
          onClick={() =>
            pdf && start.mutate({ title: title.trim(), file: pdf.file }, { onSuccess: (answer) => void navigate(answer.edit_url) })
          }
        >
          Create Contract Template
        </Button>
      </Stack>
    </Stack>
  );
}
