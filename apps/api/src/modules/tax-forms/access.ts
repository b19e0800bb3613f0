import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { requireStaff } from '../../plugins/auth.ts';
import { findCreatorForPayee } from '../creators/index.ts';
import { findUserForPayee } from '../users/index.ts';
import { findUsableLink, payeePayloadOf, waitingPaymentsOfLink } from '../links/index.ts';
import type { PayeeRef } from './records.ts';

/** Who may read a payee's signed forms in the organisation: they carry the full TIN. */
const FORM_READERS = ['owner', 'admin'] as const;

/**
 * A staff owner or admin signed in as themselves: API keys are refused even with the read scope,
 * because a signed W-9 is a full SSN or EIN, not the organisation's data for integrations.
 */
export function requireFormReader(request: FastifyRequest): { org_id: string } {
  if (request.auth?.api_key_id) throw new AppError('forbidden', 'Signed tax forms are available to owners and admins only');
  return requireStaff(request, FORM_READERS);
}

/** Whether the payee is a row of the organisation (creators for creators, users for agents and managers). */
export async function isOrgPayee(db: DbOrTx, orgId: string, payee: PayeeRef): Promise<boolean> {
  const row =
    payee.type === 'creator'
      ? await findCreatorForPayee(db, { org_id: orgId, id: payee.id })
      : await findUserForPayee(db, { org_id: orgId, id: payee.id });
  return row !== null;
}

/** The payee a usable payee link is for; the link stays usable (its payout details are sent after the form). */
export async function payeeOfLink(db: DbOrTx, linkId: string): Promise<PayeeRef> {
  const link = await findUsableLink(db, linkId);
  const { recipient, recipient_role } = payeePayloadOf(link);
  await waitingPaymentsOfLink(db, link);
  return { type: recipient_role === 'creator' ? 'creator' : 'user', id: recipient };
}
