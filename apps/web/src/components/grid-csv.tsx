import type { RefObject } from 'react';
import MenuItem from '@mui/material/MenuItem';
import {
  GRID_CHECKBOX_SELECTION_COL_DEF,
  gridFilteredSortedRowIdsSelector,
  gridVisibleColumnDefinitionsSelector,
  type GridApi,
} from '@mui/x-data-grid';
import { toCsv } from '@crewpay/core';

declare module '@mui/x-data-grid' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface ToolbarPropsOverrides {
    /** The default toolbar's export menu renders these items after Print (how MUI X adds its own exports). */
    additionalExportMenuItems?: (closeMenu: () => void) => React.ReactNode;
  }
}

/**
 * The table as CSV, through core's toCsv (the server exports' neutraliser): the columns shown
 * and the rows filtered and sorted (only the selected ones when some are), with the text each
 * cell shows. MUI X's own export only escapes an ASCII = + - @ first, which full-width signs
 * and `;=` inside a cell get past.
 */
function gridAsCsv(apiRef: RefObject<GridApi | null>): string {
  const api = apiRef.current;
  if (!api) return '';
  const columns = gridVisibleColumnDefinitionsSelector(apiRef as RefObject<GridApi>).filter(
    (column) => column.field !== GRID_CHECKBOX_SELECTION_COL_DEF.field && !column.disableExport,
  );
  const selected = api.getSelectedRows();
  const rowIds = gridFilteredSortedRowIdsSelector(apiRef as RefObject<GridApi>).filter((id) => selected.size === 0 || selected.has(id));
  const header = columns.map((column) => column.headerName ?? column.field);
  const rows = rowIds.map((id) => columns.map((column) => api.getCellParams(id, column.field).formattedValue));
  return toCsv([header, ...rows]);
}

function download(csv: string) {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = `${document.title || 'export'}.csv`;
  anchor.click();
  URL.revokeObjectURL(url);
}

/** The toolbar's "Download as CSV" menu item, in place of MUI X's. */
export function CsvMenuItem({ apiRef, onDone }: { apiRef: RefObject<GridApi | null>; onDone: () => void }) {
  return (
    <MenuItem
      onClick={() => {
        download(gridAsCsv(apiRef));
        onDone();
      }}
    >
      Download as CSV
    </MenuItem>
  );
}
