// The treasury module as other modules see it.
export { findCurrentBankLink, findFinancialAccount, verificationUrlOf } from './bank-links.ts';
export { bankingEvents } from './events.ts';
export { inboundTransferOperation, outboundPaymentOperation } from './provider-operations.ts';
export { sandboxBankRoutes } from './sandbox-routes.ts';
export { treasuryRoutes } from './routes.ts';
