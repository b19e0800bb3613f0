import type { CustomerRecord } from '@crewpay/core';
import { QuickbooksPartyCard } from '../../../entities/accounting/index.ts';
import { useUpdateCustomer } from '../../../entities/customers/index.ts';

/** Info tab: the QuickBooks customer this customer is (qb_customer); invoice-paid journal entries name it. */
export function CustomerQuickbooksCard({ customer }: { customer: CustomerRecord }) {
  const update = useUpdateCustomer(customer.id);
  return (
    <QuickbooksPartyCard
      title="Quickbooks"
      kind="customer"
      label="Customer"
      value={customer.qb_customer}
      isSaving={update.isPending}
      onSave={(qb_customer) => update.mutateAsync({ qb_customer })}
    />
  );
}
