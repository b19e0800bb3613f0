import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { backupWithholdingLabels as labels } from '@crewpay/core';
import { useRequestW9, useW9Payees, W9Status } from '../../../entities/tax-forms/index.ts';
import { visuallyHidden } from '../../../components/visually-hidden.ts';

/**
 * "Payees without a W-9": who backup withholding applies to, each with their W-9 request (not
 * requested, requested, reminded), and "Request W-9" for one or all of them (owners and admins).
 */
export function W9PayeesTable({ canRequest }: { canRequest: boolean }) {
  const [page, setPage] = useState(0);
  const { data } = useW9Payees(page);
  const request = useRequestW9();
  if (!data || data.count === 0) return null;
  return (
    <Stack spacing={1} component="section" aria-labelledby="w9-payees-title">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
        <Typography id="w9-payees-title" variant="h6" component="h2" sx={{ flex: 1 }}>
          {`${labels.payeesTitle} (${data.count.toLocaleString('en-US')})`}
        </Typography>
        {canRequest && (
          <Button
            variant="outlined"
            loading={request.isPending && request.variables === undefined}
            onClick={() => request.mutate(undefined)}
          >
            {labels.requestAll(data.count)}
          </Button>
        )}
      </Stack>
      <Table size="small" aria-label={labels.payeesTitle}>
        <TableHead>
          <TableRow>
            <TableCell>Name</TableCell>
            <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>Email</TableCell>
            <TableCell>W-9</TableCell>
            {canRequest && <TableCell align="right">Action</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {data.data.map((payee) => (
            <TableRow key={payee.id}>
              <TableCell>{payee.name}</TableCell>
              <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{payee.email}</TableCell>
              <TableCell>
                <W9Status payee={payee} />
              </TableCell>
              {canRequest && (
                <TableCell align="right">
                  <Button
                    size="small"
                    sx={{ whiteSpace: 'nowrap' }}
                    loading={request.isPending && request.variables?.[0] === payee.id}
                    onClick={() => request.mutate([payee.id])}
                  >
                    {payee.requests > 0 ? 'Remind' : labels.requestW9}
                    {/* Which payee, for a screen reader: the visible label is the same on every row. */}
                    <Box component="span" sx={visuallyHidden}>{` ${payee.name}`}</Box>
                  </Button>
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {(page > 0 || data.has_more) && (
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button size="small" disabled={page === 0} onClick={() => setPage(page - 1)}>
            Previous
          </Button>
          <Button size="small" disabled={!data.has_more} onClick={() => setPage(page + 1)}>
            Next
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
