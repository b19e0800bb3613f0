import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { formatCents, planComparison } from '@crewpay/core';

/** Free and Premium side by side: the price, then the limits the spec names. */
export function PlanComparison({ monthlyPrice }: { monthlyPrice: number }) {
  const rows = [{ feature: 'Price', free: '$0', premium: `${formatCents(monthlyPrice)}/month` }, ...planComparison];
  return (
    <Table size="small" aria-label="Plan comparison">
      <TableHead>
        <TableRow>
          <TableCell />
          <TableCell sx={{ fontWeight: 700 }}>Free</TableCell>
          <TableCell sx={{ fontWeight: 700 }}>Premium</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.feature}>
            <TableCell component="th" scope="row">
              {row.feature}
            </TableCell>
            <TableCell>{row.free}</TableCell>
            <TableCell>{row.premium}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
