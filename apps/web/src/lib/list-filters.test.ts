import { describe, expect, it } from 'vitest';
import { listFiltersOf, listFiltersParams } from './list-filters.ts';

describe('URL list filters', () => {
  it('reads the set filters of the URL and leaves out what the server would refuse', () => {
    const params = new URLSearchParams('tab=paid&created_from=2026-11-01&created_to=soon&amount_min=5000&amount_max=-1&search=%20acme%20');
    expect(listFiltersOf(params)).toEqual({ created_from: '2026-11-01', amount_min: 5000, search: 'acme' });
    expect(listFiltersOf(params, ['amount_min'])).toEqual({ amount_min: 5000 });
    expect(listFiltersOf(new URLSearchParams('search=%20%20'))).toEqual({});
  });

  it('writes the set filters back as URL parameters', () => {
    expect(listFiltersParams({ created_to: '2026-11-30', amount_max: 0, search: undefined })).toEqual({
      created_to: '2026-11-30',
      amount_max: '0',
    });
  });
});
