export { changedPayoutFields, hasPayoutDetails, recordPayoutChange } from './service.ts';
