import { useCallback, useLayoutEffect, useMemo, useRef } from 'react';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import MoreVert from '@mui/icons-material/MoreVert';
import type { GridColDef, GridColumnHeaderParams, GridValidRowModel } from '@mui/x-data-grid';
import { pageSizeFor, rowIdOf, type DataTableProps, type GridRequest } from './data-table-types.ts';
import { LightFooter, LightToolbar } from './light-table-chrome.tsx';
import { CHECKBOX_WIDTH, LightRow, alignOf, trackOf } from './light-table-row.tsx';
import { HEADER_HEIGHT, LightTableRoot, lightTableClasses } from './light-table-styles.ts';

type Props<R extends GridValidRowModel> = DataTableProps<R> & {
  /** The page shown when the rows are all here (no server paging). */
  page: number;
  onPageChange: (page: number) => void;
  /** A toolbar button, column menu or sortable header was clicked: the full grid takes over. */
  onWantGrid: (request: GridRequest) => void;
  /** The pointer or focus went to the toolbar or the headers: the grid may be wanted soon. */
  onIntent: () => void;
};

/** A column's header: its name, its menu (shown on hover, as in the grid) and, when sortable, a click that sorts in the grid. */
function ColumnHeader<R extends GridValidRowModel>({
  column,
  onWantGrid,
}: {
  column: GridColDef<R>;
  onWantGrid: (request: GridRequest) => void;
}) {
  const name = column.headerName ?? column.field;
  const isSortable = column.sortable !== false;
  const isRight = alignOf(column, column.headerAlign) === 'right';
  return (
    <div
      role="columnheader"
      title={column.description}
      className={lightTableClasses.header}
      onClick={isSortable ? () => onWantGrid({ kind: 'sort', field: column.field }) : undefined}
      style={{ flexDirection: isRight ? 'row-reverse' : 'row', cursor: isSortable ? 'pointer' : 'default' }}
    >
      {/* As the grid: renderHeader (a name only a screen reader hears, say) replaces the title. */}
      {column.renderHeader ? (
        column.renderHeader({ field: column.field, colDef: column } as GridColumnHeaderParams<R>)
      ) : (
        <span>{name}</span>
      )}
      <IconButton
        className={lightTableClasses.menu}
        size="small"
        tabIndex={-1}
        // A column without a title (an actions column) still names its menu, by its field.
        aria-label={`${name || column.field} column menu`}
        onClick={(event) => {
          event.stopPropagation();
          onWantGrid({ kind: 'columnMenu', field: column.field });
        }}
      >
        <MoreVert fontSize="inherit" />
      </IconButton>
    </div>
  );
}

/**
 * The first look of every table (data-table.tsx): the rows, checkbox selection and paging of the
 * MUI X grid, with its sizes, names and roles, in a few kilobytes. What only the grid does (its
 * toolbar's panels, column menus, sorting) loads it on the click that asks for it.
 */
export function LightTable<R extends GridValidRowModel>(props: Props<R>) {
  const { rows, columns, getRowId, serverPaging, selectedIds, onSelectionChange, isRowSelectable, onRowClick } = props;
  const hasSelection = onSelectionChange !== undefined;
  const pageSize = pageSizeFor(rows.length, serverPaging);
  const page = serverPaging ? serverPaging.page : props.page;
  const shown = serverPaging ? rows : rows.slice(page * pageSize, (page + 1) * pageSize);
  const selected = new Set(selectedIds ?? []);
  const canSelect = (row: R) => !isRowSelectable || isRowSelectable(row);
  // The grid's "select all" covers every row it holds (with server paging, the page).
  const candidates = rows.filter(canSelect).map((row) => rowIdOf(row, getRowId));
  const selectedCandidates = candidates.filter((id) => selected.has(id)).length;
  // Ticked when every row it covers is; a click then clears them, otherwise it ticks them all.
  const isAllSelected = selectedCandidates > 0 && selectedCandidates === candidates.length;
  const lastToggled = useRef<number | null>(null);

  const template = [
    ...(hasSelection ? [`${CHECKBOX_WIDTH}px`] : []),
    ...columns.map(trackOf),
    ...(columns.some((column) => column.flex) ? [] : ['1fr']),
  ].join(' ');
  const minWidth =
    (hasSelection ? CHECKBOX_WIDTH : 0) +
    columns.reduce((sum, column) => sum + (column.flex ? (column.minWidth ?? 50) : (column.width ?? 100)), 0);

  const toggleAll = (value: boolean) => {
    // As the grid: with isRowSelectable it adds or removes these rows; without, it replaces the selection.
    if (!isRowSelectable) return onSelectionChange?.(value ? candidates : []);
    const next = new Set(selected);
    for (const id of candidates) {
      if (value) next.add(id);
      else next.delete(id);
    }
    onSelectionChange?.([...next]);
  };
  const toggleRow = (index: number, value: boolean, isRange: boolean) => {
    const from = isRange && lastToggled.current !== null ? Math.min(lastToggled.current, index) : index;
    const to = isRange && lastToggled.current !== null ? Math.max(lastToggled.current, index) : index;
    lastToggled.current = index;
    const next = new Set(selected);
    for (const row of shown.slice(from, to + 1).filter(canSelect)) {
      const id = rowIdOf(row, getRowId);
      if (value) next.add(id);
      else next.delete(id);
    }
    onSelectionChange?.([...next]);
  };

  const rowStyle = useMemo(() => ({ gridTemplateColumns: template, minWidth }), [template, minWidth]);
  const clickableRowStyle = useMemo(() => ({ ...rowStyle, cursor: 'pointer' }), [rowStyle]);
  // The rows are memoised: they get handlers that stay the same and call this render's.
  const latest = useRef({ toggleRow, onRowClick });
  useLayoutEffect(() => {
    latest.current = { toggleRow, onRowClick };
  });
  const onToggle = useCallback((index: number, value: boolean, isRange: boolean) => latest.current.toggleRow(index, value, isRange), []);
  const onClick = useCallback((row: R) => latest.current.onRowClick?.(row), []);
  return (
    <Paper variant="outlined" sx={{ width: '100%', overflow: 'hidden' }}>
      <div onPointerEnter={props.onIntent} onFocus={props.onIntent}>
        <LightToolbar hasExport={!props.hasServerExport} onWantGrid={props.onWantGrid} />
      </div>
      {/* The progress bar sits over the first row, outside the grid, whose row groups hold rows only. */}
      <div style={{ position: 'relative' }}>
        {props.isLoading && <LinearProgress sx={{ position: 'absolute', top: HEADER_HEIGHT, left: 0, right: 0, zIndex: 1 }} />}
        {/* Focusable: a table wider than the screen scrolls sideways, and keyboard users scroll it with the arrows (axe: scrollable-region-focusable). */}
        <LightTableRoot role="grid" tabIndex={0} aria-label={props.ariaLabel} aria-multiselectable={hasSelection || undefined}>
          <div role="rowgroup" onPointerEnter={props.onIntent}>
            <div role="row" style={rowStyle}>
              {hasSelection && (
                <div role="columnheader" className={lightTableClasses.check}>
                  <Checkbox
                    checked={isAllSelected}
                    indeterminate={selectedCandidates > 0 && !isAllSelected}
                    onChange={() => toggleAll(!isAllSelected)}
                    slotProps={{ input: { 'aria-label': isAllSelected ? 'Unselect all rows' : 'Select all rows' } }}
                  />
                </div>
              )}
              {columns.map((column) => (
                <ColumnHeader key={column.field} column={column} onWantGrid={props.onWantGrid} />
              ))}
            </div>
          </div>
          <div role="rowgroup">
            {shown.length === 0 && (
              // A row of one cell: a grid's row group holds rows only (axe: aria-required-children).
              <div role="row" className={lightTableClasses.empty}>
                <div role="gridcell">{!props.isLoading && (props.emptyLabel ?? 'No rows')}</div>
              </div>
            )}
            {shown.map((row, index) => {
              const id = rowIdOf(row, getRowId);
              return (
                <LightRow<R>
                  key={String(id)}
                  row={row}
                  id={id}
                  index={index}
                  columns={columns}
                  style={onRowClick ? clickableRowStyle : rowStyle}
                  hasSelection={hasSelection}
                  isSelected={selected.has(id)}
                  isSelectable={canSelect(row)}
                  onToggle={onToggle}
                  onClick={onRowClick ? onClick : undefined}
                />
              );
            })}
          </div>
        </LightTableRoot>
      </div>
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
