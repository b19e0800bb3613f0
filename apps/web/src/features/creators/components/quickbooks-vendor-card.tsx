import type { CreatorRecord } from '@crewpay/core';
import { QuickbooksPartyCard } from '../../../entities/accounting/index.ts';
import { useUpdateCreator } from '../api/update-creator.ts';

/** The accounting vendor link (qb_vendor), shown only while QuickBooks is connected; payout journal entries name the vendor. */
export function QuickbooksVendorCard({ creator }: { creator: CreatorRecord }) {
  const update = useUpdateCreator(creator.id, { successMessage: 'Vendor saved' });
  return (
    <QuickbooksPartyCard
      title="Quickbooks"
      kind="vendor"
      label="Vendor"
      value={creator.qb_vendor}
      isSaving={update.isPending}
      onSave={(qb_vendor) => update.mutateAsync({ qb_vendor })}
      onlyIfConnected
      isCompact
    />
  );
}
