import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import type { ListFilters } from '../lib/list-filters.ts';
import { ListFilterBar } from './list-filter-bar.tsx';

/** A list page whose filters live in its state, as they live in the URL; `show` puts a saved view's filters there. */
let show: (filters: ListFilters) => void = () => undefined;
function Page({ seen }: { seen: ListFilters[] }) {
  const [filters, setFilters] = useState<ListFilters>({});
  show = setFilters;
  const change = (next: ListFilters) => {
    seen.push(next);
    setFilters(next);
  };
  return (
    <>
      <ListFilterBar filters={filters} onChange={change} search={{ placeholder: 'Search', ariaLabel: 'Search creators' }} />
      <output aria-label="Search in the URL">{filters.search ?? ''}</output>
    </>
  );
}

describe('ListFilterBar search', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('searches what was typed once typing pauses, once', async () => {
    const seen: ListFilters[] = [];
    render(<Page seen={seen} />);
    fireEvent.change(screen.getByLabelText('Search creators'), { target: { value: 'love' } });
    await act(() => vi.advanceTimersByTime(100));
    fireEvent.change(screen.getByLabelText('Search creators'), { target: { value: 'lovelace' } });
    await act(() => vi.advanceTimersByTime(300));
    expect(seen).toEqual([{ search: 'lovelace' }]);
    expect(screen.getByLabelText('Search in the URL').textContent).toBe('lovelace');
  });

  it("keeps a saved view's search picked just as the cleared search's pause ends", async () => {
    const seen: ListFilters[] = [];
    render(<Page seen={seen} />);
    fireEvent.change(screen.getByLabelText('Search creators'), { target: { value: 'lovelace' } });
    await act(() => vi.advanceTimersByTime(300));
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    // The view lands in the same render as the pause of the cleared box: the box's '' must not win.
    await act(() => {
      show({ search: 'lovelace', created_from: '2026-01-01' });
      vi.advanceTimersByTime(300);
    });
    await act(() => vi.advanceTimersByTime(1_000));
    expect(screen.getByLabelText('Search in the URL').textContent).toBe('lovelace');
    expect(screen.getByLabelText('Search creators')).toHaveProperty('value', 'lovelace');
    expect(seen).toEqual([{ search: 'lovelace' }, {}]);
  });
});
