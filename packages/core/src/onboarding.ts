import { z } from 'zod';

/**
 * What the banking provider (Stripe) still needs before an organisation's wallet can be used,
 * as the owner sees it: each requirement with the screen that fixes it and a sentence saying what
 * to do. The provider's names (representative.id_number, company.tax_id ...) stay in `requirement`.
 */
export const onboardingFixes = ['representative', 'business', 'owners', 'document', 'provider'] as const;
export type OnboardingFix = (typeof onboardingFixes)[number];

export const onboardingStatuses = ['not_started', 'action_required', 'pending_verification', 'complete'] as const;

export const onboardingRequirement = z.object({
  requirement: z.string(),
  fix: z.enum(onboardingFixes),
  message: z.string(),
  past_due: z.boolean(),
  error_code: z.string().nullable(),
});
export type OnboardingRequirement = z.infer<typeof onboardingRequirement>;

export const onboardingAnswer = z.object({
  status: z.enum(onboardingStatuses),
  /** Whether money can move in and out of the wallet yet. */
  wallet_usable: z.boolean(),
  /** The provider's reason the account is restricted (requirements.past_due ...), when it is. */
  disabled_reason: z.string().nullable(),
  requirements: z.array(onboardingRequirement),
});
export type OnboardingAnswer = z.infer<typeof onboardingAnswer>;

export const onboardingLinkAnswer = z.object({ url: z.string() });

/**
 * Stripe's names for the beneficial owners: the attestation, the owners still to add, and the
 * fields of an owner Person already sent (person_xxx.dob.day ...), or their relationship.
 */
const OWNER_REQUIREMENT = /^(company\.owners_provided$|owners\.|person_\w+\.)|relationship\.(owner|percent_ownership)$/;

/** The screen that fixes a requirement of the provider's (a document is only ever Stripe's to collect). */
export function onboardingFixOf(requirement: string): OnboardingFix {
  if (requirement.endsWith('verification.document') || requirement.endsWith('verification.additional_document')) return 'document';
  if (OWNER_REQUIREMENT.test(requirement)) return 'owners';
  if (requirement.startsWith('representative.') || requirement.startsWith('tos_acceptance.')) return 'representative';
  if (/^(company\.|business_profile\.|business_type|settings\.treasury\.)/.test(requirement)) return 'business';
  return 'provider';
}

export const ONBOARDING_MESSAGES: Record<OnboardingFix, string> = {
  representative:
    "Stripe could not accept the representative's details: check the name, birth date, SSN, phone and address, and accept the terms again.",
  business: 'Stripe could not accept the business details: check the EIN, phone, address and description, and accept the agreement again.',
  owners:
    'Stripe needs the beneficial owners of your business: add everyone who owns 25% or more, with their percentage, and confirm the list is complete.',
  document: "Stripe could not verify the representative's identity: upload a photo of a government-issued ID with Stripe.",
  provider: 'Stripe needs more information about your organization: complete it on Stripe.',
};

/** Why the wallet cannot move money yet, for the wallet page. */
export const WALLET_NOT_USABLE = {
  action_required: 'Your wallet is not usable yet: Stripe needs more information about your organization.',
  pending_verification: 'Your wallet is not usable yet: Stripe is verifying your organization.',
} as const;
