import { createHash } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { beneficialOwnersBody, BeneficialOwnersAnswer } from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import type { Tx } from '../../db/client.ts';
import {
  connectedAccounts,
  orgBeneficialOwners,
  orgBusinesses,
  providerCalls,
  type OrgBeneficialOwner,
  type ProviderCall,
} from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { HandlerUnit } from '../../events/dispatcher.ts';
import { bankingProvider, type OwnerSubmission, type ProviderAccountState } from '../../providers/banking/index.ts';
import { recordProviderCall, runProviderCallsSoon, type ProviderOperation } from '../provider-calls/index.ts';
import { saveAccountState } from './onboarding.ts';

const SUBMIT_OWNERS = 'banking.beneficial_owners';

type Owners = z.output<typeof beneficialOwnersBody>;
type OwnersRequest = { account_id: string };
type OwnersAnswer = { persons: Record<string, string>; state: ProviderAccountState };

/** The same person listed again (by name and birth date) keeps their row, so their Person at the provider is updated, never made twice. */
const personKey = (owner: { first_name: string; last_name: string; dob: string }) =>
  `${owner.first_name.trim().toLowerCase()}|${owner.last_name.trim().toLowerCase()}|${owner.dob}`;

const ownersOf = (db: AppDeps['db'] | Tx, orgId: string) =>
  db.select().from(orgBeneficialOwners).where(eq(orgBeneficialOwners.org_id, orgId)).orderBy(asc(orgBeneficialOwners.created_at));

const recordOf = (row: OrgBeneficialOwner) => ({
  first_name: row.first_name,
  last_name: row.last_name,
  title: row.title,
  email: row.email,
  dob: row.dob,
  percent_ownership: row.percent_ownership,
  address: row.address,
  address2: row.address2,
  city: row.city,
  state: row.state,
  zip_code: row.zip_code,
});

/** GET /v1/org/beneficial_owners: the owners listed and when the list was attested complete. */
export async function listBeneficialOwners(deps: Pick<AppDeps, 'db'>, orgId: string): Promise<BeneficialOwnersAnswer> {
  const [business] = await deps.db.select().from(orgBusinesses).where(eq(orgBusinesses.org_id, orgId));
  return {
    owners: (await ownersOf(deps.db, orgId)).map(recordOf),
    owners_provided_at: business?.owners_provided_at?.toISOString() ?? null,
  };
}

/** Keeps the list: the same people updated, new ones added, those no longer listed removed. */
async function replaceOwners(tx: Tx, orgId: string, owners: Owners['owners']): Promise<void> {
  const before = new Map((await ownersOf(tx, orgId)).map((row) => [personKey(row), row]));
  for (const owner of owners) {
    const kept = before.get(personKey(owner));
    before.delete(personKey(owner));
    if (kept)
      await tx
        .update(orgBeneficialOwners)
        .set({ ...owner, updated_at: new Date() })
        .where(eq(orgBeneficialOwners.id, kept.id));
    else await tx.insert(orgBeneficialOwners).values({ id: newId(), org_id: orgId, ...owner });
  }
  const gone = [...before.values()].map((row) => row.id);
  if (gone.length > 0) await tx.delete(orgBeneficialOwners).where(inArray(orgBeneficialOwners.id, gone));
}

/**
 * PUT /v1/org/beneficial_owners (the owner): keeps the owners and the attestation, then sends them
 * to the banking provider through the provider-calls outbox (after the commit, never inside it),
 * keyed by the organisation and a digest of the list: the same list again is one call. Answers
 * whether the provider refused it; its answer (what it still needs) is kept by the call.
 */
export async function submitBeneficialOwners(deps: AppDeps, options: { org_id: string; body: Owners }): Promise<void> {
  const { org_id: orgId, body } = options;
  const callIds: string[] = [];
  await deps.db.transaction(async (tx) => {
    const [account] = await tx.select().from(connectedAccounts).where(eq(connectedAccounts.org_id, orgId));
    const [business] = await tx.select().from(orgBusinesses).where(eq(orgBusinesses.org_id, orgId)).for('update');
    if (!account || !business) throw new AppError('bad_request', 'Please tell us about the business first');
    await replaceOwners(tx, orgId, body.owners);
    await tx.update(orgBusinesses).set({ owners_provided_at: new Date() }).where(eq(orgBusinesses.id, business.id));
    const digest = createHash('sha256').update(JSON.stringify(body.owners)).digest('hex').slice(0, 24);
    callIds.push(
      await recordProviderCall(tx, {
        org_id: orgId,
        provider: bankingProvider(deps).name,
        operation: SUBMIT_OWNERS,
        idempotency_key: `${SUBMIT_OWNERS}:${orgId}:${digest}`,
        request: { account_id: account.provider_account_id } satisfies OwnersRequest,
      }),
    );
  });
  await runProviderCallsSoon(deps, callIds);
  const [call] = await deps.db.select({ status: providerCalls.status }).from(providerCalls).where(eq(providerCalls.id, callIds[0]!));
  if (call?.status === 'failed') throw new AppError('bad_request', 'Stripe refused these details: please check them and try again');
}

/** The owners as the provider takes them, read when the call is made (their details are never copied into the outbox). */
async function submissionsOf(deps: AppDeps, orgId: string): Promise<OwnerSubmission[]> {
  return (await ownersOf(deps.db, orgId)).map((row) => ({
    key: row.id,
    person_id: row.provider_person_id,
    first_name: row.first_name,
    last_name: row.last_name,
    title: row.title,
    email: row.email,
    dob: row.dob,
    percent_ownership: row.percent_ownership,
    address: { line1: row.address, line2: row.address2, city: row.city, state: row.state, postal_code: row.zip_code },
  }));
}

/** The provider made the Persons: their ids are kept, and what it still needs. */
async function recordOwners({ tx }: HandlerUnit, call: ProviderCall, answer: OwnersAnswer): Promise<void> {
  for (const [ownerId, personId] of Object.entries(answer.persons))
    await tx
      .update(orgBeneficialOwners)
      .set({ provider_person_id: personId })
      .where(and(eq(orgBeneficialOwners.org_id, call.org_id), eq(orgBeneficialOwners.id, ownerId)));
  await saveAccountState(tx, call.org_id, answer.state);
}

export const ownersOperation: Omit<ProviderOperation<OwnersRequest, OwnersAnswer>, 'provider'> = {
  operation: SUBMIT_OWNERS,
  call: async (deps, request, ctx) =>
    bankingProvider(deps).submitOwners({
      org_id: ctx.org_id,
      account_id: request.account_id,
      owners: await submissionsOf(deps, ctx.org_id),
      idempotency_key: ctx.idempotency_key,
    }),
  onSucceeded: recordOwners,
  onFailed: async (_unit, call, error) => {
    console.error('[activation] the beneficial owners were refused', call.id, error.code);
  },
};
