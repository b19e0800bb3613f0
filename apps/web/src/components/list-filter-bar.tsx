import { useEffect, useRef, useState, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import useMediaQuery from '@mui/material/useMediaQuery';
import FilterList from '@mui/icons-material/FilterList';
import TextField from '@mui/material/TextField';
import { centsToDollarString, parseDollarsToCents } from '@crewpay/core';
import type { ListFilters } from '../lib/list-filters.ts';
import { useDebounced } from '../lib/use-debounced.ts';
import { SearchField } from './search-field.tsx';

type Props<Filters extends ListFilters> = {
  filters: Filters;
  onChange: (filters: Filters) => void;
  /** Which of the shared filters this list has. */
  dates?: boolean;
  amounts?: boolean;
  search?: { placeholder: string; ariaLabel: string };
  /** The list's own filters (a status, a customer), first in the row of the days, which wraps on a phone. */
  fields?: ReactNode;
  /** The list's own controls at the bar's end (its Views menu). */
  children?: ReactNode;
  /** On a phone the filters (all but the search) wait behind a Filters button, so the list's first rows are in view. */
  collapseOnPhone?: boolean;
};

const dollarsOf = (cents: number | undefined) => (cents === undefined ? '' : centsToDollarString(cents));
/** The largest bound the API takes (a billion dollars); a blank, unreadable or larger amount is no bound. */
const MAX_CENTS = 100_000_000_000;
const centsOf = (dollars: string) => {
  const cents = dollars.trim() === '' ? null : parseDollarsToCents(dollars);
  return cents !== null && cents <= MAX_CENTS ? cents : undefined;
};
const SEARCH_PAUSE_MS = 300;

/**
 * Every list's filter bar: its search box, days created (UTC) and amounts in dollars. Days apply
 * when picked; amounts when the field is left or Enter is pressed; the search after a pause in
 * typing, not at each keystroke.
 */
export function ListFilterBar<Filters extends ListFilters>({
  filters,
  onChange,
  dates,
  amounts,
  search,
  fields,
  children,
  collapseOnPhone = false,
}: Props<Filters>) {
  const isPhone = useMediaQuery('(max-width:599.95px)', { noSsr: true });
  const [isOpen, setIsOpen] = useState(false);
  const isCollapsed = collapseOnPhone && isPhone && !isOpen;
  const [min, setMin] = useState(dollarsOf(filters.amount_min));
  const [max, setMax] = useState(dollarsOf(filters.amount_max));
  const [term, setTerm] = useState(filters.search ?? '');
  // Only a term the person typed searches after its pause. One the URL put in the box (a saved
  // view, Back, Clear filters) is the URL's already: its pause, landing after a view was picked,
  // would otherwise write the cleared search over the view's.
  const isTyped = useRef(false);
  const type = (value: string) => {
    isTyped.current = true;
    setTerm(value);
  };
  // A saved view or Back changes the URL under the fields: they show what the list is filtered by.
  useEffect(() => setMin(dollarsOf(filters.amount_min)), [filters.amount_min]);
  useEffect(() => setMax(dollarsOf(filters.amount_max)), [filters.amount_max]);
  useEffect(() => {
    isTyped.current = false;
    setTerm(filters.search ?? '');
  }, [filters.search]);
  const pausedTerm = useDebounced(term, SEARCH_PAUSE_MS).trim();
  useEffect(() => {
    if (search && isTyped.current && pausedTerm !== (filters.search ?? '')) onChange({ ...filters, search: pausedTerm || undefined });
    // Only a pause in typing searches; a URL change alone must not write the URL back.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pausedTerm]);

  const applyAmounts = () => onChange({ ...filters, amount_min: centsOf(min), amount_max: centsOf(max) });
  const onEnter = (event: React.KeyboardEvent) => {
    if (event.key === 'Enter') applyAmounts();
  };
  const hasFilters = Object.values(filters).some((value) => value !== undefined);
  const activeCount = Object.entries(filters).filter(([key, value]) => key !== 'search' && value !== undefined).length;
  const toggle = collapseOnPhone && isPhone && (
    <Button
      variant="outlined"
      color="inherit"
      startIcon={<FilterList />}
      aria-expanded={isOpen}
      aria-controls="list-filter-fields"
      onClick={() => setIsOpen((value) => !value)}
      sx={{ alignSelf: 'flex-start' }}
    >
      {activeCount > 0 ? `Filters (${activeCount})` : 'Filters'}
    </Button>
  );
  const clear = () => {
    setMin('');
    setMax('');
    isTyped.current = false;
    setTerm('');
    onChange({} as Filters);
  };
  const day = (key: 'created_from' | 'created_to', label: string) => (
    <TextField
      type="date"
      size="small"
      label={label}
      value={filters[key] ?? ''}
      onChange={(event) => onChange({ ...filters, [key]: event.target.value || undefined })}
      slotProps={{ inputLabel: { shrink: true } }}
    />
  );
  const amount = (label: string, value: string, setValue: (value: string) => void) => (
    <TextField
      size="small"
      label={label}
      value={value}
      onChange={(event) => setValue(event.target.value)}
      onBlur={applyAmounts}
      onKeyDown={onEnter}
      slotProps={{ htmlInput: { inputMode: 'decimal' } }}
      sx={{ width: { xs: '100%', sm: 140 } }}
    />
  );
  return (
    <Stack spacing={1.5} role="group" aria-label="Filters">
      {(search || children) && (
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center' }}>
          {search && <SearchField value={term} onChange={type} placeholder={search.placeholder} ariaLabel={search.ariaLabel} />}
          {children}
        </Stack>
      )}
      {toggle}
      <Stack
        id="list-filter-fields"
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        useFlexGap
        sx={{ flexWrap: 'wrap', display: isCollapsed ? 'none' : undefined }}
      >
        {fields}
        {dates && day('created_from', 'Created from')}
        {dates && day('created_to', 'Created to')}
        {amounts && amount('Min amount ($)', min, setMin)}
        {amounts && amount('Max amount ($)', max, setMax)}
        {hasFilters && (
          <Button color="inherit" onClick={clear} sx={{ alignSelf: { xs: 'flex-start', sm: 'center' } }}>
            Clear filters
          </Button>
        )}
      </Stack>
    </Stack>
  );
}
