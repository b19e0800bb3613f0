export { campaignFileRoutes } from './routes.ts';
export { attachmentDisposition, detectFileType, sanitizeFileName } from './sniff.ts';
