import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { backupWithholdingLabels as labels, countryName, formatCents, taxFormLabels } from '@crewpay/core';
import { useForeignPayees } from '../api/backup-withholding.ts';

/** Payees who signed a W-8BEN or W-8BEN-E and were paid in the year: no 1099-NEC, a 1042-S instead. */
export function ForeignPayeesTable({ year }: { year: number }) {
  const { data = [] } = useForeignPayees(year);
  return (
    <Stack spacing={1}>
      <Typography variant="h6" component="h2">
        {labels.foreignTitle}
      </Typography>
      {data.length === 0 ? (
        <Typography color="text.secondary">{labels.foreignEmpty}</Typography>
      ) : (
        <Table size="small" aria-label={labels.foreignTitle}>
          <TableHead>
            <TableRow>
              <TableCell>Name</TableCell>
              <TableCell>Form</TableCell>
              <TableCell>Country</TableCell>
              <TableCell align="right">Paid</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data.map((payee) => (
              <TableRow key={payee.payee_id}>
                <TableCell>{payee.name}</TableCell>
                <TableCell>{taxFormLabels[payee.form_type]}</TableCell>
                <TableCell>{countryName(payee.country)}</TableCell>
                <TableCell align="right">{formatCents(payee.paid)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Stack>
  );
}
