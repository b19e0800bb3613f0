export { campaignRoutes } from './routes.ts';
export { assertCampaignOfOrg, findCampaign } from './queries.ts';
export { activeCampaignsFor, hasCampaign } from './home.ts';
