export {
  INVALID_LINK_MESSAGE,
  LINK_TTL_HOURS,
  createExpiringLink,
  createExpiringLinks,
  endUserLinks,
  findUsableLink,
  markLinkUsed,
  newExpiringLinks,
  PASSWORD_LINK_TYPES,
  type LinkType,
} from './service.ts';
export { issuePayeeLinks, payeePayloadOf, waitingPaymentsOfLink, type PayeeLinkPayload, type PayeeRole } from './payee-links.ts';
export { linkRoutes, type LinkHandlers } from './routes.ts';
