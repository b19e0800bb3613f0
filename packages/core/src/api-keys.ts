import { z } from 'zod';

/**
 * What an organisation API key may do, chosen when it is made. `read` is every GET the owner
 * could make; each `<area>:write` the writes of one area. Whatever its scopes, a key never
 * manages members, API keys or webhooks, never executes payments or moves money, and never acts
 * as anyone: those stay with a person signed in (docs/security.md).
 */
export const apiKeyScopes = [
  'read',
  'creators:write',
  'payments:write',
  'campaigns:write',
  'customers:write',
  'invoices:write',
  'contracts:write',
] as const;
export type ApiKeyScope = (typeof apiKeyScopes)[number];

/** Given when none are chosen, and to every key made before keys had scopes. */
export const DEFAULT_API_KEY_SCOPES: readonly ApiKeyScope[] = ['read', 'creators:write', 'payments:write'];

export const apiKeyScopeLabels: Record<ApiKeyScope, string> = {
  read: 'Read: everything the owner can see',
  'creators:write': 'Creators: add and edit creators and their tags',
  'payments:write': 'Payments: create, edit and delete drafts, send payee reminders (not execute)',
  'campaigns:write': 'Campaigns: campaigns, deliverables and campaign files',
  'customers:write': 'Customers: add and edit customers',
  'invoices:write': 'Invoices: send, edit and cancel invoices',
  'contracts:write': 'Contracts: send and invalidate contracts, the contract template',
};

/** POST /v1/org_api_token: the scopes of the new key (the default when left out). */
export const createApiTokenBody = z
  .object({
    scopes: z
      .array(z.enum(apiKeyScopes, { error: 'Choose scopes from the list' }))
      .min(1, 'Choose at least one scope')
      .max(apiKeyScopes.length)
      .transform((scopes) => apiKeyScopes.filter((scope) => scopes.includes(scope))),
  })
  .partial();
export type CreateApiTokenBody = z.input<typeof createApiTokenBody>;

export const apiKeyMessages = {
  twoCredentials: 'Send one credential: the auth-token header or an Authorization: Bearer API key, not both',
  peopleOnly: 'API keys cannot manage members, API keys or webhooks, nor act as anyone',
  notForKeys: 'API keys cannot do this: an owner or admin must, signed in to Crewpay',
  missingScope: (scope: ApiKeyScope) => `This API key does not have the ${scope} scope`,
} as const;
