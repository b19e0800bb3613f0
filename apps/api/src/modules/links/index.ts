export {
  createExpiringLink,
  createExpiringLinks,
  endUserLinks,
  findUsableLink,
  INVALID_LINK_MESSAGE,
  markLinkUsed,
  newExpiringLinks,
  PASSWORD_LINK_TYPES,
  type LinkType,
} from './service.ts';
export { issuePayeeLinks, payeePayloadOf, waitingPaymentsOfLink } from './payee-links.ts';
export { linkRoutes } from './routes.ts';
