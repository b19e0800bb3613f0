import type { SQL } from 'drizzle-orm';
import { canRemindContract, contractMessages } from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { ESIGN_PROVIDER } from '../../providers/esign/index.ts';
import { createExpiringLink } from '../links/index.ts';
import { findContractRow } from './queries.ts';
import { signingLinkExpiry } from './signing.ts';

export const SIGN_AT_PROVIDER = 'This contract is signed through the email Dropbox Sign sent you';

/** A signed-in recipient signs through the same link flow as the emailed one. */
export async function issuePortalSigningLink(deps: AppDeps, scope: SQL, contractId: string): Promise<string> {
  const { contract } = await findContractRow(deps.db, scope, contractId);
  const signature_date = contract.signature_date?.toISOString() ?? null;
  if (!canRemindContract({ ...contract, signature_date })) throw new AppError('conflict', contractMessages.notSent);
  if (contract.preview_state !== 'ready') throw new AppError('conflict', contractMessages.stillProcessing);
  // Dropbox Sign signs on its own pages, through the email it sent: our signing page cannot sign its requests.
  if (contract.esign_provider !== ESIGN_PROVIDER) throw new AppError('conflict', SIGN_AT_PROVIDER);
  return createExpiringLink(deps.db, {
    type: 'contract_signing',
    org_id: contract.org_id,
    payload: { contract_id: contract.id },
    expires_at: signingLinkExpiry(contract.expiration_date),
  });
}
