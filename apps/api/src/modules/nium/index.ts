import type { ModuleDescriptor } from '../../events/kernel.ts';
import { underProviders } from '../../events/kernel.ts';
import { NIUM_PROVIDER } from '../../providers/payouts/index.ts';
import { SANDBOX_PROVIDER } from '../../providers/sandbox-events.ts';
import { fundNiumWalletOperation } from './funding.ts';

// The organisation's Nium customer and wallet, its payees abroad and the wallet's funding (docs/providers.md, "Nium").
export const niumModule: ModuleDescriptor = {
  name: 'nium',
  operations: underProviders([SANDBOX_PROVIDER, NIUM_PROVIDER], fundNiumWalletOperation),
};
export { assertNiumAccount, niumProvider } from './accounts.ts';
export { niumCallProvider } from './funding.ts';
export { findPayeeAbroadById, findPayeesAbroad, payeeAbroadFields, payeeAbroadView, recordBeneficiary, savePayeeAbroad } from './payees.ts';
export { niumWalletCheck } from './wallet.ts';
export { niumRoutes } from './routes.ts';
