import type { ModuleDescriptor } from '../../events/kernel.ts';
import { emailPayeeWhenPaid } from './payee-paid.ts';

// The payees module as other modules see it: what a payee submits through a payee link or the
// portal (payout details at home or abroad, the identity payments were made to), and the payee's
// "you've been paid" email. It executes through payments (the payouts waiting for the details).
export const payeesModule: ModuleDescriptor = {
  name: 'payees',
  domainEvents: [
    // A payout sent or paid: the payee is told, with the remittance advice (what it pays for).
    { name: 'payee-paid-emails', handle: (unit, event) => emailPayeeWhenPaid({ publicUrl: unit.deps.config.publicUrl })(unit.tx, event) },
  ],
};
export { applyPayeeDetails, describePayeeLink, submitPayeeLink } from './payee.ts';
export { applyAbroadPayeeDetails } from './payee-abroad.ts';
