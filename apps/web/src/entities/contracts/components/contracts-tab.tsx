import { useEffect, useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { canRemindContract } from '@crewpay/core';
import { DataTable } from '../../../components/data-table.tsx';
import { useContractReminders, useContracts, useInvalidateContracts, type ContractFilter } from '../api/contracts.ts';
import { useKeysetPaging } from '../../../lib/use-keyset-paging.ts';
import { contractColumns } from './contract-columns.tsx';
import { NewContractButton } from './new-contract-button.tsx';

/**
 * The Contracts tab of a creator, a campaign or a customer: Invalidate and Send email reminder
 * act on the selected contracts; only e-signature contracts that are Sent can be selected. Paged
 * on the server by cursor, 50 a page.
 */
export function ContractsTab({ filter, newContractPath }: { filter: ContractFilter; newContractPath: string }) {
  const paging = useKeysetPaging(JSON.stringify(filter));
  const { page, cursor, record } = paging;
  const { data, isFetching } = useContracts(filter, { page, cursor });
  useEffect(() => record(page, data), [record, page, data]);
  const [selected, setSelected] = useState<string[]>([]);
  const invalidate = useInvalidateContracts();
  const remind = useContractReminders();
  const rows = data?.data ?? [];
  const chosen = selected.filter((id) => rows.some((row) => row.id === id && canRemindContract(row)));
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button
          variant="outlined"
          disabled={chosen.length === 0 || invalidate.isPending}
          onClick={() => invalidate.mutate(chosen, { onSuccess: () => setSelected([]) })}
        >
          Invalidate
        </Button>
        <Button variant="outlined" disabled={chosen.length === 0 || remind.isPending} onClick={() => remind.mutate(chosen)}>
          Send email reminder
        </Button>
        <NewContractButton to={newContractPath} />
      </Stack>
      <DataTable
        ariaLabel="Contracts"
        rows={rows}
        columns={contractColumns()}
        isLoading={isFetching && !data}
        serverPaging={{ page, onPageChange: paging.onPageChange, rowCount: paging.total ?? 0 }}
        selectedIds={selected}
        onSelectionChange={(ids) => setSelected(ids.map(String))}
        isRowSelectable={canRemindContract}
        emptyLabel="No contracts yet"
      />
    </Stack>
  );
}
