import { useMemo } from 'react';
import Paper from '@mui/material/Paper';
import {
  DataGrid,
  useGridApiRef,
  type GridColDef,
  type GridRowId,
  type GridRowParams,
  type GridRowSelectionModel,
  type GridValidRowModel,
} from '@mui/x-data-grid';
import { CsvMenuItem } from './grid-csv.tsx';

export const PAGE_SIZE = 50;

/** Paging done by the server: the page index is the caller's state, the count or has-more its answer. */
type ServerPaging = {
  page: number;
  onPageChange: (page: number) => void;
  /** Total rows when the server knows it; otherwise `hasNextPage` drives the next button. */
  rowCount?: number;
  hasNextPage?: boolean;
};

type Props<R extends GridValidRowModel> = {
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
};

/** Every table of the app: MUI X DataGrid, 50 rows a page, optional server paging and checkbox selection. */
export function DataTable<R extends GridValidRowModel>(props: Props<R>) {
  const { rows, columns, isLoading, getRowId, serverPaging, selectedIds, onSelectionChange, isRowSelectable, onRowClick } = props;
  const hasSelection = onSelectionChange !== undefined;
  // The spec: 50 rows a page, or the whole list when it is exactly 100 rows long.
  const pageSize = !serverPaging && rows.length === 100 ? 100 : PAGE_SIZE;
  const apiRef = useGridApiRef();

  const selectionModel = useMemo<GridRowSelectionModel>(() => ({ type: 'include', ids: new Set(selectedIds ?? []) }), [selectedIds]);

  const toSelectedIds = (model: GridRowSelectionModel): GridRowId[] => {
    if (model.type === 'include') return [...model.ids];
    // "Select all" answers with the rows left out; turn it back into the rows chosen.
    return rows
      .filter((row) => !isRowSelectable || isRowSelectable(row))
      .map((row) => (getRowId ? getRowId(row) : (row.id as GridRowId)))
      .filter((id) => !model.ids.has(id));
  };

  return (
    <Paper variant="outlined" sx={{ width: '100%', overflow: 'hidden' }}>
      <DataGrid<R>
        apiRef={apiRef}
        rows={rows}
        columns={columns}
        loading={isLoading}
        getRowId={getRowId}
        aria-label={props.ariaLabel}
        autoHeight
        disableRowSelectionOnClick
        showToolbar
        // The toolbar's CSV export is ours (grid-csv.tsx): core's csvCell, the server exports' rule, in
        // place of MUI X's, which only escapes an ASCII = + - @ first. MUI X's own item stays off.
        slotProps={{
          toolbar: {
            csvOptions: { disableToolbarButton: true },
            printOptions: { disableToolbarButton: props.hasServerExport },
            additionalExportMenuItems: props.hasServerExport
              ? undefined
              : (closeMenu) => <CsvMenuItem apiRef={apiRef} onDone={closeMenu} />,
          },
        }}
        pageSizeOptions={[pageSize]}
        {...(serverPaging
          ? {
              paginationMode: 'server' as const,
              paginationModel: { page: serverPaging.page, pageSize },
              onPaginationModelChange: (model: { page: number }) => serverPaging.onPageChange(model.page),
              rowCount: serverPaging.rowCount ?? -1,
              paginationMeta: serverPaging.rowCount === undefined ? { hasNextPage: serverPaging.hasNextPage ?? false } : undefined,
            }
          : { initialState: { pagination: { paginationModel: { page: 0, pageSize } } } })}
        checkboxSelection={hasSelection}
        keepNonExistentRowsSelected={hasSelection && serverPaging !== undefined}
        rowSelectionModel={hasSelection ? selectionModel : undefined}
        onRowSelectionModelChange={hasSelection ? (model) => onSelectionChange(toSelectedIds(model)) : undefined}
        isRowSelectable={isRowSelectable ? (params: GridRowParams<R>) => isRowSelectable(params.row) : undefined}
        onRowClick={onRowClick ? (params: GridRowParams<R>) => onRowClick(params.row) : undefined}
        localeText={props.emptyLabel ? { noRowsLabel: props.emptyLabel } : undefined}
        sx={{ border: 0, '& .MuiDataGrid-row': { cursor: onRowClick ? 'pointer' : 'default' } }}
      />
    </Paper>
  );
}
