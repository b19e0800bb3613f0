import { lazy, Suspense, useState } from 'react';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { GridValidRowModel } from '@mui/x-data-grid';
import { CardList } from './card-list.tsx';
import { type DataTableProps, type GridRequest } from './data-table-types.ts';
import { LightTable } from './light-table.tsx';

export { PAGE_SIZE } from './data-table-types.ts';

const loadGrid = () => import('./data-grid-table.tsx');
// React.lazy drops the component's row type; the props are checked against DataTableProps above.
const DataGridTable = lazy(loadGrid) as unknown as <R extends GridValidRowModel>(
  props: DataTableProps<R> & { request: GridRequest; initialPage: number },
) => React.ReactNode;

/**
 * Every table of the app: 50 rows a page, optional server paging and checkbox selection, the
 * MUI X DataGrid's toolbar and column menus. A page first shows the light table
 * (light-table.tsx): the same rows, selection and paging, without the grid's 100 KB of
 * compressed JavaScript and its evaluation, which were most of a list page's weight and of the
 * time to its first rows. A click on what only the grid does (a toolbar button, a column menu, a
 * sortable header) loads the grid, which takes the table's place with the same rows, selection
 * and page, and opens what was clicked. Cells get their row, value and formatted value (not the
 * grid's API), which is all the app's columns read.
 */
export function DataTable<R extends GridValidRowModel>(props: DataTableProps<R>) {
  const [request, setRequest] = useState<GridRequest | null>(null);
  // The page of a table that holds all its rows, kept here so the grid opens on the page shown.
  const [page, setPage] = useState(0);
  // A phone gets cards (key columns, details on tap) where the table says how they read.
  const isPhone = useMediaQuery('(max-width:599.95px)', { noSsr: true });
  if (isPhone && props.phone) return <CardList<R> {...props} phone={props.phone} page={page} onPageChange={setPage} />;
  const light = (
    <LightTable<R>
      {...props}
      page={page}
      onPageChange={setPage}
      onWantGrid={setRequest}
      onIntent={() => void loadGrid().catch(() => undefined)}
    />
  );
  if (!request) return light;
  return (
    <Suspense fallback={light}>
      <DataGridTable<R> {...props} request={request} initialPage={page} />
    </Suspense>
  );
}
