export { campaignFileRoutes } from './routes.ts';
export { attachmentDisposition } from './sniff.ts';
