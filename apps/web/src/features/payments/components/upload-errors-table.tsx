import { useState } from 'react';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import type { PaymentUploadError } from '@crewpay/core';

const ROWS_PER_PAGE = 10;

/** A payments file's row errors, 10 a page: the row as the spreadsheet numbers it, the column and the form's message. */
export function UploadErrorsTable({ errors }: { errors: PaymentUploadError[] }) {
  const [page, setPage] = useState(0);
  const shown = errors.slice(page * ROWS_PER_PAGE, (page + 1) * ROWS_PER_PAGE);
  return (
    <>
      <Table size="small" aria-label="Row errors">
        <TableHead>
          <TableRow>
            <TableCell>Row</TableCell>
            <TableCell>Column</TableCell>
            <TableCell>Error</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {shown.map((error) => (
            <TableRow key={`${error.row}-${error.column}`}>
              <TableCell>{error.row}</TableCell>
              <TableCell>{error.column}</TableCell>
              <TableCell sx={{ color: 'error.main' }}>{error.message}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <TablePagination
        component="div"
        count={errors.length}
        page={page}
        onPageChange={(_event, next) => setPage(next)}
        rowsPerPage={ROWS_PER_PAGE}
        rowsPerPageOptions={[ROWS_PER_PAGE]}
      />
    </>
  );
}
