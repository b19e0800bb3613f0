export { useAgentsManagers } from './api/get-agents-managers.ts';
export { getCreator, useCreator } from './api/get-creator.ts';
export { creatorsQuery, downloadCreatorsReport, getCreators, useCreators } from './api/get-creators.ts';
export { creatorKeys } from './api/keys.ts';
export { campaignSplitsQuery, useCampaignSplits } from './api/campaign-splits.ts';
