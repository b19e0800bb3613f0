import { useState } from 'react';
import Alert from '@mui/material/Alert';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ImportPreview, ImportPreviewRow } from '@crewpay/core';

const ROWS_PER_PAGE = 10;
/** A phone keeps the line, the email and the result: the name is the column it can do without. */
const wideOnly = { display: { xs: 'none', sm: 'table-cell' } } as const;

/** The add-creator form's labels, so a row's error reads as the form would show it. */
const fieldLabels: Record<string, string> = {
  email: 'Email',
  first_name: 'First name',
  last_name: 'Last name',
  business_name: 'Business name',
  entity_type: 'Entity type',
  phone_number: 'Phone number',
  account_number: 'Account number',
  routing_number: 'Routing number',
};

const plural = (count: number, one: string, many: string) => `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;

function problemOf(row: ImportPreviewRow): string {
  if (!row.message) return 'Ready to add';
  return row.field ? `${fieldLabels[row.field] ?? row.field}: ${row.message}` : row.message;
}

/** What the file would add: a summary, then its rows 10 a page (the rows with errors only, when there are some). */
export function ImportPreviewTable({ preview }: { preview: ImportPreview }) {
  const refused = preview.total - preview.valid;
  const [isErrorsOnly, setIsErrorsOnly] = useState(refused > 0);
  const [page, setPage] = useState(0);
  const shown = isErrorsOnly ? preview.rows.filter((row) => row.message) : preview.rows;
  const rows = shown.slice(page * ROWS_PER_PAGE, (page + 1) * ROWS_PER_PAGE);
  return (
    <>
      <Alert severity={refused ? 'warning' : 'success'} sx={{ mt: 2 }}>
        {`${plural(preview.total, 'row', 'rows')}: ${plural(preview.valid, 'creator', 'creators')} will be added`}
        {refused > 0 &&
          `, ${plural(refused, 'row has', 'rows have')} errors and will be left out. Fix them in the file and choose it again, or add the others.`}
      </Alert>
      {refused > 0 && (
        <FormControlLabel
          sx={{ mt: 1 }}
          control={
            <Switch
              checked={isErrorsOnly}
              onChange={(event) => {
                setIsErrorsOnly(event.target.checked);
                setPage(0);
              }}
            />
          }
          label="Only rows with errors"
        />
      )}
      <Table size="small" aria-label="Import preview">
        <TableHead>
          <TableRow>
            <TableCell>Line</TableCell>
            <TableCell>Email</TableCell>
            <TableCell sx={wideOnly}>Name</TableCell>
            <TableCell>Result</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.line}>
              <TableCell>{row.line}</TableCell>
              <TableCell sx={{ wordBreak: 'break-all' }}>{row.email}</TableCell>
              <TableCell sx={wideOnly}>{row.name}</TableCell>
              <TableCell>
                <Typography variant="body2" color={row.message ? 'error' : 'success.dark'}>
                  {problemOf(row)}
                </Typography>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <TablePagination
        component="div"
        count={shown.length}
        page={page}
        onPageChange={(_event, next) => setPage(next)}
        rowsPerPage={ROWS_PER_PAGE}
        rowsPerPageOptions={[ROWS_PER_PAGE]}
      />
    </>
  );
}
