import { useEffect, useMemo, useRef } from 'react';
import Paper from '@mui/material/Paper';
import {
  DataGrid,
  gridClasses,
  useGridApiRef,
  type GridRowId,
  type GridRowParams,
  type GridRowSelectionModel,
  type GridValidRowModel,
} from '@mui/x-data-grid';
import { CsvMenuItem } from './grid-csv.tsx';
import { pageSizeFor, rowIdOf, type DataTableProps, type GridRequest } from './data-table-types.ts';

/** How long the grid may take to show what the light table's click asked for. */
const REPLAY_TRIES = 60;
const REPLAY_EVERY_MS = 25;

/** The element of the grid that does what `request` asked of the light table. */
function findTarget(root: HTMLElement, request: GridRequest): HTMLElement | null {
  if (request.kind === 'toolbar') {
    const buttons = root.querySelectorAll<HTMLElement>(`.${gridClasses.toolbar} button[aria-label]`);
    return [...buttons].find((button) => button.getAttribute('aria-label') === request.label) ?? null;
  }
  const headers = root.querySelectorAll<HTMLElement>('[role="columnheader"][data-field]');
  const header = [...headers].find((element) => element.dataset.field === request.field);
  if (request.kind === 'sort') return header ?? null;
  return header?.querySelector<HTMLElement>(`.${gridClasses.menuIconButton}`) ?? null;
}

/** Once the grid has rendered, clicks the control the person clicked in the light table. */
function useReplay(rootRef: React.RefObject<HTMLElement | null>, request: GridRequest | undefined) {
  useEffect(() => {
    if (!request) return;
    let tries = 0;
    let timer: ReturnType<typeof setTimeout>;
    const attempt = () => {
      const target = rootRef.current && findTarget(rootRef.current, request);
      if (target) {
        target.focus();
        target.click();
      } else if ((tries += 1) < REPLAY_TRIES) {
        timer = setTimeout(attempt, REPLAY_EVERY_MS);
      }
    };
    attempt();
    return () => clearTimeout(timer);
  }, [rootRef, request]);
}

/**
 * The full MUI X DataGrid: 50 rows a page, optional server paging and checkbox selection, its
 * toolbar (columns, filters, export, search) and column menus. Loaded only when a person asks
 * for one of those (data-table.tsx); `request` is what they asked, done again here, and
 * `initialPage` the page the light table showed.
 */
export default function DataGridTable<R extends GridValidRowModel>(
  props: DataTableProps<R> & { request?: GridRequest; initialPage?: number },
) {
  const { rows, columns, isLoading, getRowId, serverPaging, selectedIds, onSelectionChange, isRowSelectable, onRowClick } = props;
  const hasSelection = onSelectionChange !== undefined;
  const pageSize = pageSizeFor(rows.length, serverPaging);
  const apiRef = useGridApiRef();
  const rootRef = useRef<HTMLDivElement>(null);
  useReplay(rootRef, props.request);

  const selectionModel = useMemo<GridRowSelectionModel>(() => ({ type: 'include', ids: new Set(selectedIds ?? []) }), [selectedIds]);

  const toSelectedIds = (model: GridRowSelectionModel): GridRowId[] => {
    if (model.type === 'include') return [...model.ids];
    // "Select all" answers with the rows left out; turn it back into the rows chosen.
    return rows
      .filter((row) => !isRowSelectable || isRowSelectable(row))
      .map((row) => rowIdOf(row, getRowId))
      .filter((id) => !model.ids.has(id));
  };

  return (
    <Paper ref={rootRef} variant="outlined" sx={{ width: '100%', overflow: 'hidden' }}>
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
          : { initialState: { pagination: { paginationModel: { page: props.initialPage ?? 0, pageSize } } } })}
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
