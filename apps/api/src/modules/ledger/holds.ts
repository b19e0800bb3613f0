import type { DbOrTx } from '../../db/client.ts';
import type { WalletAccounts } from './accounts.ts';
import { postTransfer, type PostedTransfer } from './post-transfer.ts';

type HoldOptions = { org_id: string; key: string; amount: number; memo?: string; metadata?: Record<string, string> };

/** Reserves money for work in flight: available -> held. Refused when available cannot cover it. */
export function holdFunds(tx: DbOrTx, accounts: WalletAccounts, options: HoldOptions): Promise<PostedTransfer> {
  return postTransfer(tx, {
    ...options,
    type: 'hold',
    entries: [
      { account_id: accounts.wallet_available.id, amount: -options.amount },
      { account_id: accounts.wallet_held.id, amount: options.amount },
    ],
  });
}

/** Gives a hold back (the work failed or was canceled): held -> available. */
export function releaseHold(tx: DbOrTx, accounts: WalletAccounts, options: HoldOptions): Promise<PostedTransfer> {
  return postTransfer(tx, {
    ...options,
    type: 'release',
    entries: [
      { account_id: accounts.wallet_held.id, amount: -options.amount },
      { account_id: accounts.wallet_available.id, amount: options.amount },
    ],
  });
}
