// Contract messages and the tables' page size, apart from the request and answer schemas: Home's
// to-do reminders do not download zod with them. contracts.ts re-exports this file, so every
// import of them stays as it was.

export const contractMessages = {
  badPdf: 'Contract must be a PDF under 25 MB',
  unreadablePdf: 'This PDF cannot be read: it may be damaged or password-protected',
  created: 'Contract has been created!',
  invalidateFailed: 'Failed to invalidate contract',
  remindersSent: 'Reminder(s) have been sent!',
  notFound: 'Contract not found',
  notSent: 'Only sent contracts (not signed, not invalidated) can be reminded or invalidated',
  noPhone: 'No recipient of these contracts has a phone number',
  smsUnavailable: 'SMS reminders are not available for contracts',
  templateCreated: 'Template has been created!',
  templateFailed: 'There was an issue creating the contract template',
  templateExists: 'Only one contract template may exist in the organization',
  templatesFailed: 'There was an issue fetching your templates',
  templateLinkFailed: 'There was an issue generating the link',
  templateNotFound: 'Template not found',
  pending: 'This document is still being created',
  pendingHint: 'Please refresh this page in a few moments',
  stillProcessing: 'The document is still being processed',
  invalidated: 'This contract has been invalidated',
  alreadySigned: 'This contract has already been signed',
  delinquent: "Your Organization's billing is delinquent, please add funds",
  missingBlocks: 'Place at least one signature block on the document',
  blockOutside: 'Signature blocks must be inside the page',
  recipientNotFound: 'Recipient not found',
  campaignNotFound: 'Campaign not found',
  consentRequired: 'You must agree to sign electronically',
  signatureRequired: 'Type or draw your signature',
} as const;

/** The contracts tables show 50 rows a page (the DataTable's page). */
export const CONTRACTS_PAGE_SIZE = 50;
