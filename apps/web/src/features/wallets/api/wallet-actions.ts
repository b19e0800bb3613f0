import { useMutation } from '@tanstack/react-query';
import type { AchDebitBody, AchTransferBody, AttachBankBody, TreasuryTransactionAnswer } from '@crewpay/core';
import { api } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { walletsKey } from './get-wallets.ts';

/** After each wallet action the wallets are reloaded. */
const reloadWallets = () => queryClient.invalidateQueries({ queryKey: walletsKey });

/** A money-moving call carries an Idempotency-Key: a retried submission moves money once. */
type WithKey<T> = { body: T; idempotencyKey: string };
const keyed = (idempotencyKey: string) => ({ headers: { 'Idempotency-Key': idempotencyKey } });

/** POST /v1/treasury/account: attach a bank; micro-deposits follow. */
export function useAttachBank() {
  return useMutation({
    mutationFn: (body: AttachBankBody) => api.post('/v1/treasury/account', body),
    onSuccess: reloadWallets,
    meta: {
      errorMessage: 'There was an issue adding your bank',
      successMessage: 'Bank account added, please check for trial deposits in 1-2 business days.',
    },
  });
}

/** POST /v1/treasury/ach_debit: add funds from the verified bank. */
export function useAchDebit() {
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: WithKey<AchDebitBody>) =>
      api.post<TreasuryTransactionAnswer>('/v1/treasury/ach_debit', body, keyed(idempotencyKey)),
    onSuccess: reloadWallets,
    meta: { errorMessage: 'There was an issue adding funds', successMessage: 'Funds are on the way!' },
  });
}

/** POST /v1/treasury/ach: transfer funds out of the wallet. */
export function useAchTransfer() {
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: WithKey<AchTransferBody>) =>
      api.post<TreasuryTransactionAnswer>('/v1/treasury/ach', body, keyed(idempotencyKey)),
    onSuccess: reloadWallets,
    meta: { errorMessage: 'There was an issue transferring funds', successMessage: 'Funds are on the way!' },
  });
}

/** POST /v1/wallets/:id/unfreeze: the owner reviewed the debits that froze the wallet. */
export function useUnfreezeWallet(walletId: string) {
  return useMutation({
    mutationFn: () => api.post<{ released: number }>(`/v1/wallets/${walletId}/unfreeze`, {}),
    onSuccess: reloadWallets,
    meta: { errorMessage: 'There was an issue releasing the frozen money', successMessage: 'The frozen money can be spent again' },
  });
}
