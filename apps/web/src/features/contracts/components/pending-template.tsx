import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { contractMessages } from '@crewpay/core';
import { notifySuccess } from '../../../lib/notify.ts';
import { usePendingTemplate } from '../api/templates.ts';

/**
 * A template saved in Dropbox Sign's editor, shown as pending until Dropbox Sign's callback makes
 * it the organisation's template; then the list (Templates tab) opens with it.
 */
export function PendingTemplate({ templateId, title }: { templateId: string; title: string }) {
  const navigate = useNavigate();
  const template = usePendingTemplate(templateId);
  const isReady = template.data?.state === 'ready';
  useEffect(() => {
    if (!isReady) return;
    notifySuccess(contractMessages.templateCreated);
    void navigate('/contracts?tab=templates');
  }, [isReady, navigate]);
  return (
    <Card variant="outlined">
      <CardContent>
        <Stack spacing={2}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
              {title}
            </Typography>
            <Chip size="small" color="warning" label={isReady ? 'Ready' : 'Pending'} />
          </Stack>
          <Alert severity="info" icon={<CircularProgress size={20} />}>
            <AlertTitle>Dropbox Sign is saving your template</AlertTitle>
            It is listed under Templates as soon as Dropbox Sign confirms it.
          </Alert>
        </Stack>
      </CardContent>
    </Card>
  );
}
