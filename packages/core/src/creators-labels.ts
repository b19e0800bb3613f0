// Creator labels, limits and messages that the browser shows, apart from the request and answer
// schemas: a page that only shows them (the creators list) does not download zod with them.
// creators.ts re-exports this file, so every import of them stays as it was.
import type { CreatorRecord } from './creators.ts';

export const payoutMethods = ['stripe', 'paypal', 'venmo', 'nium'] as const;
export type PayoutMethod = (typeof payoutMethods)[number];

/** The spec's labels: ach and stripe read 'Bank account'; paypal and venmo their own names. */
export const payoutMethodLabels: Record<PayoutMethod | 'ach', string> = {
  ach: 'Bank account',
  stripe: 'Bank account',
  paypal: 'PayPal',
  venmo: 'Venmo',
  nium: 'Nium',
};

export const FREE_PLAN_CREATOR_LIMIT = 5;

/** The creator's display name: business name for businesses, first and last name otherwise. */
export function creatorName(creator: Pick<CreatorRecord, 'entity_type' | 'first_name' | 'last_name' | 'business_name'>): string {
  if (creator.entity_type === 'business' && creator.business_name) return creator.business_name;
  return [creator.first_name, creator.last_name].filter(Boolean).join(' ');
}

export const creatorMessages = {
  freePlanLimit: 'The free plan allows 5 creators. Upgrade now to add more.',
  freePlanBulk: 'Bulk add is not available on the free plan. Upgrade now to add creators in bulk.',
  delinquent: "Your Organization's billing is delinquent, please add funds",
  duplicate: 'A creator with this email already exists',
  notFound: 'Creator not found',
  missingEmail: 'Missing email',
  added: 'Creators have been added!',
  invalidFileType: (type: string) => `Invalid file type ${type}`,
} as const;
