import type { GridColDef, GridRowId, GridValidRowModel } from '@mui/x-data-grid';

export const PAGE_SIZE = 50;

/** Paging done by the server: the page index is the caller's state, the count or has-more its answer. */
type ServerPaging = {
  page: number;
  onPageChange: (page: number) => void;
  /** Total rows when the server knows it; otherwise `hasNextPage` drives the next button. */
  rowCount?: number;
  hasNextPage?: boolean;
};

export type DataTableProps<R extends GridValidRowModel> = {
  rows: readonly R[];
  columns: GridColDef<R>[];
  isLoading?: boolean;
  getRowId?: (row: R) => GridRowId;
  serverPaging?: ServerPaging;
  /** Turns on checkbox selection. */
  selectedIds?: readonly GridRowId[];
  onSelectionChange?: (ids: GridRowId[]) => void;
  isRowSelectable?: (row: R) => boolean;
  onRowClick?: (row: R) => void;
  emptyLabel?: string;
  ariaLabel?: string;
  /** The page offers its own export of every row (a server CSV): the toolbar's export of the shown page is left out. */
  hasServerExport?: boolean;
  /** How a row reads on a phone (below 600 px): a card with these columns instead of a table that scrolls sideways. */
  phone?: PhoneLayout<R>;
};

/** A row's card on a phone (card-list.tsx): its title column, its key columns, an action always in view; the rest on tap. */
export type PhoneLayout<R extends GridValidRowModel> = {
  title: string;
  fields: string[];
  /** Columns left off the card's details (shown elsewhere on it, or only useful on a desktop). */
  hidden?: string[];
  action?: (row: R) => React.ReactNode;
  /** The card's accessible name. */
  label?: (row: R) => string;
};

/**
 * What a person asked of the light table that only the full grid does (data-table.tsx): a
 * toolbar button (by its label: Columns, Filters, Export, Search), a column's menu, or a
 * sortable column's header. The grid repeats it once it is on screen.
 */
export type GridRequest = { kind: 'toolbar'; label: string } | { kind: 'columnMenu'; field: string } | { kind: 'sort'; field: string };

/** The spec: 50 rows a page, or the whole list when it is exactly 100 rows long. */
export const pageSizeFor = (rowCount: number, serverPaging: ServerPaging | undefined) =>
  !serverPaging && rowCount === 100 ? 100 : PAGE_SIZE;

/** A row's id, as the grid reads it. */
export const rowIdOf = <R extends GridValidRowModel>(row: R, getRowId?: (row: R) => GridRowId): GridRowId =>
  getRowId ? getRowId(row) : (row.id as GridRowId);
