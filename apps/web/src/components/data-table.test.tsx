import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GridRowId } from '@mui/x-data-grid';
import { DataTable } from './data-table.tsx';

type Row = { id: string; name: string; isPaid: boolean };
const makeRows = (count: number, from = 1): Row[] =>
  Array.from({ length: count }, (_, i) => ({ id: `r${from + i}`, name: `Creator ${from + i}`, isPaid: (from + i) % 2 === 0 }));
const columns = [{ field: 'name', headerName: 'Name', width: 200 }];

/** The grid's module is imported on the first click that needs it: slow the first time in a test run. */
const GRID_LOAD_MS = 10_000;
/** A test that waits for the grid: its own time limit, beyond vitest's 5 s. */
const GRID_TEST_MS = 30_000;

const shownNames = () => screen.queryAllByText(/^Creator \d+$/).map((cell) => cell.textContent);

describe('DataTable', () => {
  it('shows 50 rows a page and pages through the rows it holds', async () => {
    render(<DataTable rows={makeRows(60)} columns={columns} ariaLabel="Creators" />);
    expect(shownNames()).toHaveLength(50);
    expect(screen.getByText('1–50 of 60')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(screen.getByText('51–60 of 60')).toBeTruthy();
    expect(shownNames()).toEqual(makeRows(10, 51).map((row) => row.name));
  });

  it('shows a list of exactly 100 rows on one page', () => {
    render(<DataTable rows={makeRows(100)} columns={columns} />);
    expect(screen.getByText('1–100 of 100')).toBeTruthy();
  });

  it('asks the server for the next page and shows the page it is given', async () => {
    const asked: number[] = [];
    function ServerPaged() {
      const [page, setPage] = useState(0);
      return (
        <DataTable
          rows={makeRows(50, page * 50 + 1)}
          columns={columns}
          serverPaging={{
            page,
            rowCount: 120,
            onPageChange: (next) => {
              asked.push(next);
              setPage(next);
            },
          }}
        />
      );
    }
    render(<ServerPaged />);
    expect(screen.getByText('1–50 of 120')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(asked).toEqual([1]);
    expect(screen.getByText('51–100 of 120')).toBeTruthy();
    expect(shownNames()[0]).toBe('Creator 51');
    await userEvent.click(screen.getByRole('button', { name: 'Go to previous page' }));
    expect(asked).toEqual([1, 0]);
  });

  it('without a total, offers a next page while the server has more; the last page closes it with its count', () => {
    const onPageChange = vi.fn();
    const first = render(<DataTable rows={makeRows(50)} columns={columns} serverPaging={{ page: 0, onPageChange, hasNextPage: true }} />);
    expect(screen.getByText('1–50 of more than 50')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Go to next page' })).toHaveProperty('disabled', false);
    first.unmount();
    render(<DataTable rows={makeRows(20, 51)} columns={columns} serverPaging={{ page: 1, onPageChange, rowCount: 70 }} />);
    expect(screen.getByText('51–70 of 70')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Go to next page' })).toHaveProperty('disabled', true);
    expect(onPageChange).not.toHaveBeenCalled();
  });

  it('answers the ids of the rows ticked, and "select all" as the selectable rows', async () => {
    const selections: GridRowId[][] = [];
    function Selectable() {
      const [ids, setIds] = useState<GridRowId[]>([]);
      return (
        <DataTable
          rows={makeRows(4)}
          columns={columns}
          selectedIds={ids}
          isRowSelectable={(row) => !row.isPaid}
          onSelectionChange={(next) => {
            selections.push(next);
            setIds(next);
          }}
        />
      );
    }
    render(<Selectable />);
    const firstRow = screen.getByText('Creator 1').closest('[role="row"]') as HTMLElement;
    await userEvent.click(within(firstRow).getByRole('checkbox'));
    expect(selections.at(-1)).toEqual(['r1']);
    await userEvent.click(screen.getByRole('checkbox', { name: /select all/i }));
    expect([...(selections.at(-1) ?? [])].sort()).toEqual(['r1', 'r3']);
  });

  it('hands the clicked row to onRowClick', async () => {
    const onRowClick = vi.fn();
    render(<DataTable rows={makeRows(3)} columns={columns} onRowClick={onRowClick} />);
    await userEvent.click(screen.getByText('Creator 2'));
    expect(onRowClick).toHaveBeenCalledWith({ id: 'r2', name: 'Creator 2', isPaid: true });
  });

  it("names a column by its renderHeader, as the grid does, and an untitled column's menu by its field", () => {
    const withActions = [
      ...columns,
      { field: 'actions', headerName: '', width: 100, renderHeader: () => <span className="visually-hidden">Actions</span> },
    ];
    render(<DataTable rows={makeRows(1)} columns={withActions} />);
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Name', 'Actions']);
    expect(screen.getByLabelText('actions column menu')).toBeTruthy();
  });

  it('says what an empty list means', () => {
    render(<DataTable rows={[]} columns={columns} emptyLabel="No creators yet" />);
    expect(screen.getByText('No creators yet')).toBeTruthy();
  });

  it('keeps rows only in its row groups: the empty message is a row of one cell, the loading bar outside the grid', () => {
    const { rerender } = render(<DataTable rows={[]} columns={columns} emptyLabel="No creators yet" ariaLabel="Creators" />);
    const [, body] = within(screen.getByRole('grid', { name: 'Creators' })).getAllByRole('rowgroup');
    expect([...body!.children].map((child) => child.getAttribute('role'))).toEqual(['row']);
    expect(within(body!).getByRole('gridcell').textContent).toBe('No creators yet');
    rerender(<DataTable rows={[]} columns={columns} isLoading ariaLabel="Creators" />);
    expect(screen.getByRole('progressbar')).toBeTruthy();
    expect(within(screen.getByRole('grid', { name: 'Creators' })).queryByRole('progressbar')).toBeNull();
  });

  it(
    'shows the rows without the MUI X grid, which loads when a person asks for its export menu',
    async () => {
      render(<DataTable rows={makeRows(3)} columns={columns} ariaLabel="Creators" />);
      expect(screen.getByRole('grid', { name: 'Creators' })).toBeTruthy();
      expect(document.querySelector('.MuiDataGrid-root')).toBeNull();
      await userEvent.click(screen.getByRole('button', { name: 'Export' }));
      expect(await screen.findByRole('menuitem', { name: 'Download as CSV' }, { timeout: GRID_LOAD_MS })).toBeTruthy();
      expect(screen.getByRole('menuitem', { name: 'Print' })).toBeTruthy();
      expect(document.querySelector('.MuiDataGrid-root')).not.toBeNull();
    },
    GRID_TEST_MS,
  );

  it(
    "opens a column's menu in the grid from the light table's header",
    async () => {
      render(<DataTable rows={makeRows(3)} columns={columns} />);
      // Shown on the header's hover, as in the grid.
      await userEvent.click(screen.getByLabelText('Name column menu'));
      expect(await screen.findByRole('menuitem', { name: /Hide column/ }, { timeout: GRID_LOAD_MS })).toBeTruthy();
    },
    GRID_TEST_MS,
  );

  it(
    'keeps the page shown and the rows ticked when the grid takes over',
    async () => {
      function Selectable() {
        const [ids, setIds] = useState<GridRowId[]>([]);
        return <DataTable rows={makeRows(60)} columns={columns} selectedIds={ids} onSelectionChange={setIds} />;
      }
      render(<Selectable />);
      await userEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
      const row = screen.getByText('Creator 52').closest('[role="row"]') as HTMLElement;
      await userEvent.click(within(row).getByRole('checkbox'));
      await userEvent.click(screen.getByRole('button', { name: 'Filters' }));
      await waitFor(() => expect(document.querySelector('.MuiDataGrid-root')).not.toBeNull(), { timeout: GRID_LOAD_MS });
      expect(await screen.findByText('51–60 of 60')).toBeTruthy();
      expect(screen.getByText('1 row selected')).toBeTruthy();
      const gridRow = screen.getByText('Creator 52').closest('[role="row"]') as HTMLElement;
      expect(within(gridRow).getByRole('checkbox')).toHaveProperty('checked', true);
    },
    GRID_TEST_MS,
  );

  it('ticks every selectable row from the header, and a second click clears them', async () => {
    function Selectable() {
      const [ids, setIds] = useState<GridRowId[]>([]);
      return (
        <DataTable
          rows={makeRows(4)}
          columns={columns}
          selectedIds={ids}
          onSelectionChange={setIds}
          isRowSelectable={(row) => !row.isPaid}
        />
      );
    }
    render(<Selectable />);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all rows' }));
    expect(screen.getByText('2 rows selected')).toBeTruthy();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Unselect all rows' }));
    expect(screen.queryByText(/rows? selected/)).toBeNull();
  });
});
