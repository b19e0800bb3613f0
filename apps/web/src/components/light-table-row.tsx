import { memo, useRef, type CSSProperties, type ReactNode } from 'react';
import Checkbox from '@mui/material/Checkbox';
import type { GridColDef, GridRenderCellParams, GridRowId, GridValidRowModel } from '@mui/x-data-grid';
import { lightTableClasses } from './light-table-styles.ts';

export const CHECKBOX_WIDTH = 50;
// Cells read their row and value only (every column of the app does): the grid's API is not here.
const noGridApi = { current: null } as never;

/** A column's track in the row's CSS grid: the grid's own rule (a flex share above minWidth, or a fixed width). */
export const trackOf = <R extends GridValidRowModel>(column: GridColDef<R>) =>
  column.flex ? `minmax(${column.minWidth ?? 50}px, ${column.flex}fr)` : `${column.width ?? 100}px`;

export const alignOf = <R extends GridValidRowModel>(column: GridColDef<R>, align: GridColDef<R>['align']) =>
  (align ?? (column.type === 'number' ? 'right' : 'left')) as 'left' | 'right' | 'center';

/** What a cell shows: renderCell, else the (got, formatted) value as text, as the grid does. */
export function cellContent<R extends GridValidRowModel>(column: GridColDef<R>, row: R, id: GridRowId): React.ReactNode {
  const raw: unknown = row[column.field];
  const value: unknown = column.valueGetter ? column.valueGetter(raw as never, row, column, noGridApi) : raw;
  const formatted: unknown = column.valueFormatter
    ? column.valueFormatter(value as never, row, column, noGridApi)
    : column.type === 'number' && typeof value === 'number'
      ? value.toLocaleString()
      : value;
  if (column.renderCell) {
    return column.renderCell({ row, id, field: column.field, value, formattedValue: formatted, colDef: column } as GridRenderCellParams<R>);
  }
  return formatted === null || formatted === undefined ? '' : String(formatted as string);
}

type RowProps<R extends GridValidRowModel> = {
  row: R;
  id: GridRowId;
  index: number;
  columns: GridColDef<R>[];
  /** The row's CSS grid: the same object for every row of a render. */
  style: CSSProperties;
  hasSelection: boolean;
  isSelected: boolean;
  isSelectable: boolean;
  /** Stable across renders (they read the table's latest state when called). */
  onToggle: (index: number, value: boolean, isRange: boolean) => void;
  onClick?: ((row: R) => void) | undefined;
};

/**
 * One row of the light table. Memoised: a page renders its table several times while it loads
 * (the answer, then its total), and a tick re-renders one row, not fifty.
 */
function LightRowComponent<R extends GridValidRowModel>({
  row,
  id,
  index,
  columns,
  style,
  hasSelection,
  isSelected,
  isSelectable,
  onToggle,
  onClick,
}: RowProps<R>) {
  // Shift on the click that ticks a box selects the rows from the last box ticked, as in the grid.
  const isShiftClick = useRef(false);
  return (
    <div role="row" aria-selected={hasSelection ? isSelected : undefined} onClick={onClick ? () => onClick(row) : undefined} style={style}>
      {hasSelection && (
        <div role="gridcell" className={lightTableClasses.check}>
          <Checkbox
            checked={isSelected}
            disabled={!isSelectable}
            onClick={(event) => {
              event.stopPropagation();
              isShiftClick.current = event.shiftKey;
            }}
            onChange={(event) => onToggle(index, event.target.checked, isShiftClick.current)}
            slotProps={{ input: { 'aria-label': isSelected ? 'Unselect row' : 'Select row' } }}
          />
        </div>
      )}
      {columns.map((column) => (
        <div key={column.field} role="gridcell" className={lightTableClasses.cell} style={{ textAlign: alignOf(column, column.align) }}>
          {cellContent(column, row, id)}
        </div>
      ))}
    </div>
  );
}

export const LightRow = memo(LightRowComponent) as <R extends GridValidRowModel>(props: RowProps<R>) => ReactNode;
