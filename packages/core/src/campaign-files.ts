import { z } from 'zod';

/** The spec's contract PDF limit (25,000,000 bytes) applies to every campaign file. */
export const MAX_CAMPAIGN_FILE_BYTES = 25_000_000;

export const campaignFileMessages = {
  tooLarge: 'Files must be under 25 MB',
  badType: 'This file type is not allowed: upload a PDF, an image (PNG, JPEG, GIF, WebP), a Word or Excel document, or a CSV or text file',
  missingFile: 'Choose a file to upload',
  missingGroup: 'payment_group_id must be a campaign id',
  notFound: 'File not found',
  uploaded: 'File has been uploaded!',
  deleted: 'File has been deleted!',
  listFailed: 'There was an issue retrieving your payment group files',
  fetchFailed: 'There was an issue retrieving your file',
} as const;

/** Types recognised by content; the stored content type comes from this list, never from the browser. */
export const campaignFileTypes = [
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'text/csv',
  'text/plain',
] as const;
export type CampaignFileType = (typeof campaignFileTypes)[number];

/** The spec's Campaign file entity (id, file_name, payment_group_id) plus what the list shows. */
export const campaignFileRecord = z.object({
  id: z.string(),
  payment_group_id: z.string(),
  file_name: z.string(),
  content_type: z.enum(campaignFileTypes),
  size: z.number().int(),
  created_at: z.string(),
});
export type CampaignFileRecord = z.infer<typeof campaignFileRecord>;

export const listCampaignFilesQuery = z.object({ payment_group_id: z.uuid({ error: campaignFileMessages.missingGroup }) });
export const campaignFileList = z.object({ data: z.array(campaignFileRecord) });
export type CampaignFileList = z.infer<typeof campaignFileList>;
/** The multipart upload's text field beside `file`. */
export const uploadCampaignFileFields = z.object({ payment_group_id: z.uuid({ error: campaignFileMessages.missingGroup }) });
