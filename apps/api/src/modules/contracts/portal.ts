import type { SQL } from 'drizzle-orm';
import { canRemindContract, contractMessages } from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { createExpiringLink } from '../links/index.ts';
import { findContractRow } from './queries.ts';
import { signingLinkExpiry } from './signing.ts';

/** A signed-in recipient signs through the same link flow as the emailed one. */
export async function issuePortalSigningLink(deps: AppDeps, scope: SQL, contractId: string): Promise<string> {
  const { contract } = await findContractRow(deps.db, scope, contractId);
  const signature_date = contract.signature_date?.toISOString() ?? null;
  if (!canRemindContract({ ...contract, signature_date })) throw new AppError('conflict', contractMessages.notSent);
  if (contract.preview_state !== 'ready') throw new AppError('conflict', contractMessages.stillProcessing);
  return createExpiringLink(deps.db, {
    type: 'contract_signing',
    org_id: contract.org_id,
    payload: { contract_id: contract.id },
    expires_at: signingLinkExpiry(contract.expiration_date),
  });
}
