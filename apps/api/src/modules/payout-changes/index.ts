export { changedPayoutFields, hasPayoutDetails, recordPayoutChange, type PayoutChange, type PayoutSnapshot } from './service.ts';
