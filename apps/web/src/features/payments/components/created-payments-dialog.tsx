import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import { formatCents, formatMinor, paymentStatusLabels, usdAmountText, type InitiateAnswer, type PaymentRecord } from '@crewpay/core';
import { ExecuteNowButton } from '../../../entities/payments/index.ts';

const ROWS_PER_PAGE = 10;

type Props = { payments: PaymentRecord[] | null; onClose: () => void; onExecuted: (answer: InitiateAnswer) => void };

/** After Save: the payments just created, 10 rows a page; Execute now beside Done. */
export function CreatedPaymentsDialog({ payments, onClose, onExecuted }: Props) {
  const [page, setPage] = useState(0);
  const rows = (payments ?? []).slice(page * ROWS_PER_PAGE, (page + 1) * ROWS_PER_PAGE);
  return (
    <Dialog open={payments !== null} onClose={onClose} maxWidth="md" fullWidth>
      <DialogTitle>{`${payments?.length ?? 0} payment${payments?.length === 1 ? '' : 's'} created`}</DialogTitle>
      <DialogContent>
        <Table size="small" aria-label="Created payments">
          <TableHead>
            <TableRow>
              <TableCell>Recipient</TableCell>
              <TableCell>Role</TableCell>
              <TableCell>Status</TableCell>
              <TableCell align="right">Amount</TableCell>
              <TableCell align="right">Fee</TableCell>
              <TableCell>Memo</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((payment) => (
              <TableRow key={payment.id}>
                <TableCell>{payment.recipient_name || payment.recipient_email}</TableCell>
                <TableCell sx={{ textTransform: 'capitalize' }}>{payment.recipient_role}</TableCell>
                <TableCell>{paymentStatusLabels[payment.status]}</TableCell>
                <TableCell align="right">
                  {usdAmountText(payment, formatCents)}
                  {payment.currency_amount !== null && payment.amount_currency !== 'USD' && (
                    <Typography variant="caption" component="div" color="text.secondary">
                      {`Payee receives ${formatMinor(payment.currency_amount, payment.amount_currency)}`}
                    </Typography>
                  )}
                </TableCell>
                <TableCell align="right">{formatCents(payment.fee)}</TableCell>
                <TableCell>{payment.memo}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <TablePagination
          component="div"
          count={payments?.length ?? 0}
          page={page}
          onPageChange={(_event, next) => setPage(next)}
          rowsPerPage={ROWS_PER_PAGE}
          rowsPerPageOptions={[ROWS_PER_PAGE]}
        />
      </DialogContent>
      <DialogActions>
        {payments && <ExecuteNowButton payments={payments} onExecuted={onExecuted} />}
        <Button variant="contained" onClick={onClose}>
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}
