import { randomBytes, randomInt } from 'node:crypto';
import type { AppDeps } from '../../deps.ts';
import type { Tx } from '../../db/client.ts';
import { sandboxMicrodeposits } from '../../db/schema/index.ts';
import { sandboxNow } from '../../lib/clock.ts';
import { SANDBOX_PROVIDER, scheduleSandboxEvent } from '../sandbox-events.ts';
import { onceForKey } from '../sandbox-requests.ts';
import type { BankingProvider, MovementMetadata, ProviderAccountState, ProviderMoneyMovement } from './types.ts';
import {
  OWNER_REQUIREMENTS,
  OWNERS_TEST_EIN,
  SANDBOX_ROUTING_NUMBER,
  sandboxBankName,
  sandboxOutcome,
  UNVERIFIABLE_TEST_SSN,
} from './test-accounts.ts';
import { hasSandboxIdentityDocument, sandboxOnboardingLink } from './sandbox-onboarding.ts';

export const providerId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** Like Stripe's descriptor codes: SM and four more characters. */
const newDescriptorCode = () => `SM${Array.from({ length: 4 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('')}`;

type SandboxBankingDeps = Pick<AppDeps, 'config' | 'db' | 'secrets'>;

export const IDENTITY_DOCUMENT = 'representative.verification.document';

/** The sandbox account's state: what it still asks for; its wallet works meanwhile (treasury active). */
const sandboxAccountState = (due: string[]): ProviderAccountState => ({
  requirements: due.map((requirement) => ({ requirement, past_due: false, error_code: null })),
  pending_verification: [],
  disabled_reason: null,
  treasury_status: 'active',
  state_at: 0,
});

/**
 * The sandbox bank: behaves like Stripe Treasury with its own events on the sandbox clock.
 * ACH settles after SANDBOX_ACH_DELAY_SECONDS; Stripe's test account numbers fail or return.
 * Everything it keeps (micro-deposits, its schedule, its answers per idempotency key) is
 * written in its own transactions, never in the caller's.
 */
export function createSandboxBanking(deps: SandboxBankingDeps): BankingProvider {
  const delayMs = deps.config.sandboxAchDelaySeconds * 1000;
  const once = <T>(operation: string, idempotencyKey: string, work: (tx: Tx) => Promise<T>) =>
    onceForKey(deps, { provider: SANDBOX_PROVIDER, operation, idempotency_key: idempotencyKey }, work);

  /** Schedules the outcome of an ACH movement: settle, or fail, or settle then return. */
  async function startAchMovement(
    tx: Tx,
    options: { org_id: string; kind: 'inbound_transfer' | 'outbound_payment'; account_number: string; metadata: MovementMetadata },
  ): Promise<ProviderMoneyMovement> {
    const now = await sandboxNow(tx);
    const id = providerId(options.kind === 'inbound_transfer' ? 'ibt' : 'obp');
    const outcome = sandboxOutcome(options.account_number);
    const settleAt = new Date(now.getTime() + delayMs);
    const base = { org_id: options.org_id, object_id: id, data: { ...options.metadata } };
    const settled = options.kind === 'inbound_transfer' ? 'treasury.inbound_transfer.succeeded' : 'treasury.outbound_payment.posted';
    if (outcome?.outcome === 'fail') {
      await scheduleSandboxEvent(tx, {
        ...base,
        type: `treasury.${options.kind}.failed`,
        data: { ...base.data, reason: outcome.reason },
        due_at: settleAt,
      });
    } else {
      await scheduleSandboxEvent(tx, { ...base, type: settled, due_at: settleAt });
      if (outcome?.outcome === 'return') {
        await scheduleSandboxEvent(tx, {
          ...base,
          type: `treasury.${options.kind}.returned`,
          data: { ...base.data, reason: outcome.reason },
          due_at: new Date(settleAt.getTime() + delayMs),
        });
      }
    }
    return { provider_id: id, status: 'processing', created_at: now.toISOString() };
  }

  const hostedVerificationUrl = (setupIntentId: string) => `${deps.config.publicUrl}/sandbox/verify/${setupIntentId}`;

  return {
    name: SANDBOX_PROVIDER,

    createAccountHolder: (options) =>
      once('banking.account_holder', options.idempotency_key, async () => ({ account_id: providerId('acct') })),

    // The sandbox bank asks for nothing more than the activation screens collect, but the beneficial owners of its test EIN's company.
    // Stripe's unverifiable test SSN asks for an identity document: only the hosted onboarding (onboardingLink) takes it.
    async submitOnboarding({ submission, account_id: account }) {
      const owners = submission.business.tax_id === OWNERS_TEST_EIN && !submission.owners_provided ? OWNER_REQUIREMENTS : [];
      const unverified =
        submission.representative.id_number === UNVERIFIABLE_TEST_SSN && !(await hasSandboxIdentityDocument(deps, account));
      return sandboxAccountState([...owners, ...(unverified ? [IDENTITY_DOCUMENT] : [])]);
    },

    submitOwners: (options) =>
      once('banking.owners', options.idempotency_key, async () => ({
        persons: Object.fromEntries(options.owners.map((owner) => [owner.key, owner.person_id ?? providerId('person')])),
        state: sandboxAccountState([]),
      })),

    onboardingLink: async (options) => sandboxOnboardingLink(deps, options),

    createFinancialAccount: (options) =>
      once('banking.financial_account', options.idempotency_key, async () => ({
        provider_account_id: providerId('fa'),
        connected_account_id: null,
        account_number: `${randomInt(1_000_000, 10_000_000)}${randomInt(10_000, 100_000)}`,
        routing_number: SANDBOX_ROUTING_NUMBER,
      })),

    createSetupIntent: (options) =>
      once('banking.setup_intent', options.idempotency_key, async (tx) => {
        const setupIntentId = providerId('seti');
        const code = newDescriptorCode();
        await tx.insert(sandboxMicrodeposits).values({ setup_intent_id: setupIntentId, org_id: options.org_id, descriptor_code: code });
        return {
          setup_intent_id: setupIntentId,
          bank_name: sandboxBankName(options.routing_number),
          status: 'requires_action' as const,
          hosted_verification_url: hostedVerificationUrl(setupIntentId),
          // The sandbox bank has no statement to print it on: it tells the code (the treasury module emails it).
          descriptor_code: code,
        };
      }),

    hostedVerificationUrl,

    createInboundTransfer: (options) =>
      once('banking.inbound_transfer', options.idempotency_key, (tx) => startAchMovement(tx, { ...options, kind: 'inbound_transfer' })),

    createOutboundPayment: (options) =>
      once('banking.outbound_payment', options.idempotency_key, (tx) => startAchMovement(tx, { ...options, kind: 'outbound_payment' })),

    // The sandbox keeps no balance apart from the ledger: the fee moves in the books alone.
    moveFee: (options) => once('banking.fee', options.idempotency_key, async () => ({ provider_id: providerId('obp') })),
    balanceOf: async () => null,
    movementStatus: async () => null,
  };
}
