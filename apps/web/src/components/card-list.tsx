import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { GridColDef, GridRowId, GridValidRowModel } from '@mui/x-data-grid';
import { pageSizeFor, rowIdOf, type DataTableProps, type PhoneLayout } from './data-table-types.ts';
import { LightFooter } from './light-table-chrome.tsx';
import { cellContent } from './light-table-row.tsx';

type Props<R extends GridValidRowModel> = DataTableProps<R> & {
  phone: PhoneLayout<R>;
  page: number;
  onPageChange: (page: number) => void;
};

const nameOf = <R extends GridValidRowModel>(column: GridColDef<R>) => column.headerName || column.field;

/** A label over its value, the way a card shows a column. */
function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography component="dt" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

type CardProps<R extends GridValidRowModel> = {
  row: R;
  id: GridRowId;
  phone: PhoneLayout<R>;
  columns: GridColDef<R>[];
  hasSelection: boolean;
  isSelected: boolean;
  isSelectable: boolean;
  onToggle: (value: boolean) => void;
  onClick?: ((row: R) => void) | undefined;
};

/**
 * One row as a card: its title and action (Pay) on top, always in view, its key columns under
 * them, and the other columns behind Details, so nothing scrolls sideways on a phone.
 */
function RowCard<R extends GridValidRowModel>({
  row,
  id,
  phone,
  columns,
  hasSelection,
  isSelected,
  isSelectable,
  onToggle,
  onClick,
}: CardProps<R>) {
  const [isOpen, setIsOpen] = useState(false);
  const byField = new Map(columns.map((column) => [column.field, column]));
  const title = byField.get(phone.title);
  const keys = phone.fields.flatMap((field) => byField.get(field) ?? []);
  const shown = new Set([phone.title, ...phone.fields, ...(phone.hidden ?? [])]);
  const details = columns.filter((column) => !shown.has(column.field) && nameOf(column) !== '');
  const titleText = title ? cellContent(title, row, id) : String(id);
  const detailsId = `card-details-${String(id)}`;
  return (
    <Paper
      component="li"
      variant="outlined"
      aria-label={phone.label ? phone.label(row) : undefined}
      sx={{
        listStyle: 'none',
        p: 1.5,
        display: 'flex',
        flexDirection: 'column',
        gap: 1,
        ...(isSelected ? { borderColor: 'primary.main' } : {}),
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
        {hasSelection && (
          <Checkbox
            sx={{ ml: -1 }}
            checked={isSelected}
            disabled={!isSelectable}
            onChange={(event) => onToggle(event.target.checked)}
            slotProps={{ input: { 'aria-label': isSelected ? 'Unselect row' : 'Select row' } }}
          />
        )}
        <Typography
          component="div"
          variant="subtitle2"
          sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere', cursor: onClick ? 'pointer' : undefined }}
          onClick={onClick ? () => onClick(row) : undefined}
        >
          {titleText}
        </Typography>
        {phone.action && <Box sx={{ flexShrink: 0 }}>{phone.action(row)}</Box>}
      </Box>
      {keys.length > 0 && (
        <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 1 }}>
          {keys.map((column) => (
            <Field key={column.field} label={nameOf(column)}>
              {cellContent(column, row, id)}
            </Field>
          ))}
        </Box>
      )}
      {details.length > 0 && (
        <>
          <Button
            size="small"
            sx={{ alignSelf: 'flex-start', ml: -0.5 }}
            aria-expanded={isOpen}
            aria-controls={detailsId}
            onClick={() => setIsOpen((value) => !value)}
          >
            {isOpen ? 'Hide details' : 'Details'}
          </Button>
          {isOpen && (
            <Box component="dl" id={detailsId} sx={{ m: 0, display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 1 }}>
              {details.map((column) => (
                <Field key={column.field} label={nameOf(column)}>
                  {cellContent(column, row, id)}
                </Field>
              ))}
            </Box>
          )}
        </>
      )}
    </Paper>
  );
}

/**
 * A table on a phone (data-table.tsx below 600 px): one card a row with the columns that matter
 * there, details on tap, the same selection and paging as the table.
 */
export function CardList<R extends GridValidRowModel>(props: Props<R>) {
  const { rows, columns, getRowId, serverPaging, selectedIds, onSelectionChange, isRowSelectable, onRowClick, phone } = props;
  const hasSelection = onSelectionChange !== undefined;
  const pageSize = pageSizeFor(rows.length, serverPaging);
  const page = serverPaging ? serverPaging.page : props.page;
  const shown = serverPaging ? rows : rows.slice(page * pageSize, (page + 1) * pageSize);
  const selected = new Set(selectedIds ?? []);
  const toggle = (id: GridRowId, value: boolean) => {
    const next = new Set(selected);
    if (value) next.add(id);
    else next.delete(id);
    onSelectionChange?.([...next]);
  };
  return (
    <Paper variant="outlined" sx={{ width: '100%', overflow: 'hidden' }}>
      {props.isLoading && <LinearProgress />}
      <Box component="ul" aria-label={props.ariaLabel} sx={{ m: 0, p: 1, display: 'flex', flexDirection: 'column', gap: 1 }}>
        {shown.length === 0 && (
          <Typography component="li" variant="body2" sx={{ listStyle: 'none', p: 1.5 }}>
            {!props.isLoading && (props.emptyLabel ?? 'No rows')}
          </Typography>
        )}
        {shown.map((row) => {
          const id = rowIdOf(row, getRowId);
          return (
            <RowCard<R>
              key={String(id)}
              row={row}
              id={id}
              phone={phone}
              columns={columns}
              hasSelection={hasSelection}
              isSelected={selected.has(id)}
              isSelectable={!isRowSelectable || isRowSelectable(row)}
              onToggle={(value) => toggle(id, value)}
              onClick={onRowClick}
            />
          );
        })}
      </Box>
      <LightFooter
        selectedCount={selected.size}
        page={page}
        pageSize={pageSize}
        shown={shown.length}
        count={serverPaging ? (serverPaging.rowCount ?? -1) : rows.length}
        hasNextPage={serverPaging?.hasNextPage ?? false}
        onPageChange={serverPaging ? serverPaging.onPageChange : props.onPageChange}
      />
    </Paper>
  );
}
