import { formatCents } from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import type { UnitOfWork } from '../../lib/unit-of-work.ts';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { niumClient, NIUM_PROVIDER } from '../../providers/payouts/index.ts';
import { SANDBOX_PROVIDER } from '../../providers/sandbox-events.ts';
import type { ProviderOperation } from '../provider-calls/index.ts';
import { recordProviderCall } from '../provider-calls/index.ts';
import { findLedgerAccounts, niumFundingEntries, postTransfer } from '../ledger/index.ts';
import { recordFeeTransfer } from '../platform-fees/index.ts';
import { niumAccountOf } from './accounts.ts';

const FUND_NIUM_WALLET = 'nium.fund_wallet';
type FundRequest = { amount: number; funding_id: string };
const NIUM_FUNDING = 'Crewpay: to the Nium wallet';

/** The provider name a Nium call is recorded under: the sandbox's, or Nium's. */
export const niumCallProvider = (deps: Pick<AppDeps, 'config'>) => (deps.config.isSandbox ? SANDBOX_PROVIDER : NIUM_PROVIDER);

/**
 * POST /v1/nium/wallet/fund: dollars from the organisation's US wallet to its Nium wallet. The
 * amount leaves what the US wallet can spend at once (available -> funding, refused when it is
 * not there) and the call is recorded in the same transaction; it lands in the Nium wallet when
 * Nium confirms the funding (the call's success), or comes back if Nium refuses it. Outside the
 * sandbox Nium credits the wallet from Crewpay's prefund, so the same dollars leave the
 * organisation's financial account for the platform's in the same transaction (a platform-fees
 * movement, counted in flight by the provider check until made): the organisation pays for what
 * its Nium wallet receives, never Crewpay's balance.
 */
export async function fundNiumWallet(deps: AppDeps, uow: Pick<UnitOfWork, 'tx'>, orgId: string, amount: number) {
  const { tx } = uow;
  const accounts = await findLedgerAccounts(tx, orgId);
  const fundingId = newId();
  let posted: Awaited<ReturnType<typeof postTransfer>>;
  try {
    posted = await postTransfer(tx, {
      org_id: orgId,
      key: `nium_funding:${fundingId}`,
      type: 'nium_funding_sent',
      memo: 'To the Nium wallet',
      metadata: { funding_id: fundingId },
      entries: niumFundingEntries(accounts, 'sent', amount),
    });
  } catch (error) {
    if (error instanceof AppError && error.code === 'insufficient_funds')
      throw new AppError(
        'insufficient_funds',
        `Not enough funds in your wallet: ${formatCents(amount)} is more than the ${formatCents(accounts.wallet_available.balance)} available`,
      );
    throw error;
  }
  if (!deps.config.isSandbox)
    await recordFeeTransfer(tx, { org_id: orgId, direction: 'collect', amount, ledger_transfer_id: posted.id, description: NIUM_FUNDING });
  const callId = await recordProviderCall(tx, {
    org_id: orgId,
    provider: niumCallProvider(deps),
    operation: FUND_NIUM_WALLET,
    idempotency_key: `nium_funding:${fundingId}`,
    subject_id: fundingId,
    request: { amount, funding_id: fundingId } satisfies FundRequest,
  });
  return { callId, funding_id: fundingId };
}

/**
 * Nium's Fund Wallet under its documented x-idempotency-id (the outbox's key: a retry credits
 * once). The sandbox's funding lands at once, as Nium's sandbox credits a test wallet.
 */
export const fundNiumWalletOperation: Omit<ProviderOperation<FundRequest, { credited: number }>, 'provider'> = {
  operation: FUND_NIUM_WALLET,
  async call(deps, request, ctx) {
    if (deps.config.isSandbox) return { credited: request.amount };
    const account = await niumAccountOf(deps, ctx.org_id);
    const funded = await niumClient(deps.config.providers.nium).fundWallet(account, {
      sourceCurrency: 'USD',
      destinationCurrency: 'USD',
      amount: request.amount,
      idempotencyKey: ctx.idempotency_key,
    });
    return { credited: funded.destinationAmount };
  },
  async onSucceeded({ tx }, call) {
    const { amount, funding_id } = call.request as FundRequest;
    await postTransfer(tx, {
      org_id: call.org_id,
      key: `nium_funding_landed:${funding_id}`,
      type: 'nium_funding_landed',
      memo: 'Nium wallet funded',
      metadata: { funding_id },
      entries: niumFundingEntries(await findLedgerAccounts(tx, call.org_id), 'landed', amount),
    });
  },
  // Refused: the dollars back in the US wallet, and (outside the sandbox) back from the platform's financial account.
  async onFailed({ tx, deps }, call) {
    const { amount, funding_id } = call.request as FundRequest;
    const back = await postTransfer(tx, {
      org_id: call.org_id,
      key: `nium_funding_failed:${funding_id}`,
      type: 'nium_funding_failed',
      memo: 'Nium wallet funding refused',
      metadata: { funding_id },
      entries: niumFundingEntries(await findLedgerAccounts(tx, call.org_id), 'failed', amount),
    });
    if (!deps.config.isSandbox)
      await recordFeeTransfer(tx, {
        org_id: call.org_id,
        direction: 'refund',
        amount,
        ledger_transfer_id: back.id,
        description: NIUM_FUNDING,
      });
  },
};
