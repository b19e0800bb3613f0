import { useRef } from 'react';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import InsertDriveFileOutlined from '@mui/icons-material/InsertDriveFileOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import { campaignFileMessages, MAX_CAMPAIGN_FILE_BYTES } from '@crewpay/core';
import { formatDate } from '../../../lib/format.ts';
import { notifyError, notifyFailure } from '../../../lib/notify.ts';
import { downloadCampaignFile, useCampaignFiles, useUploadCampaignFile } from '../api/campaign-files.ts';

const sizeText = (bytes: number) =>
  bytes >= 1_000_000 ? `${(bytes / 1_000_000).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1000))} KB`;

/** Uploaded files: upload (the server checks the type by content), list, and download on click. */
export function FilesCard({ campaignId }: { campaignId: string }) {
  const input = useRef<HTMLInputElement>(null);
  const { data } = useCampaignFiles(campaignId);
  const upload = useUploadCampaignFile(campaignId);
  const files = data?.data ?? [];

  const onPick = (file: File | undefined) => {
    if (!file) return;
    // Saves sending 25 MB only to be refused; the server checks the size and type again.
    if (file.size > MAX_CAMPAIGN_FILE_BYTES) notifyError(campaignFileMessages.tooLarge);
    else upload.mutate(file);
    if (input.current) input.current.value = '';
  };

  return (
    <Card variant="outlined" component="section" aria-label="Uploaded files">
      <CardContent>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography variant="h6" component="h3" sx={{ fontWeight: 700 }}>
            Uploaded files
          </Typography>
          <Button startIcon={<UploadFileOutlined />} loading={upload.isPending} onClick={() => input.current?.click()}>
            Upload
          </Button>
          <input ref={input} type="file" hidden aria-label="File to upload" onChange={(event) => onPick(event.target.files?.[0])} />
        </Stack>
        {files.length === 0 ? (
          <Typography color="text.secondary" sx={{ py: 2 }}>
            No files uploaded yet
          </Typography>
        ) : (
          <List dense>
            {files.map((file) => (
              <ListItemButton
                key={file.id}
                onClick={() =>
                  void downloadCampaignFile(file).catch((error: unknown) => notifyFailure(error, campaignFileMessages.fetchFailed))
                }
              >
                <ListItemIcon sx={{ minWidth: 36 }}>
                  <InsertDriveFileOutlined fontSize="small" />
                </ListItemIcon>
                <ListItemText primary={file.file_name} secondary={`${sizeText(file.size)} · ${formatDate(file.created_at)}`} />
              </ListItemButton>
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
}
