import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { creatorMessages, type ImportPreview, type OrgRecord } from '@crewpay/core';
import { currentOrgKey } from '../../../lib/session/current-org.ts';
import { BulkAddDialog } from './bulk-add-dialog.tsx';

const preview: ImportPreview = { total: 0, valid: 0, rows: [] };
let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  fetchMock = vi.fn(async () => new Response(JSON.stringify(preview), { status: 200, headers: { 'Content-Type': 'application/json' } }));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

/** The preview requests (the dialog's other parts ask the server for other things). */
const previewCalls = () =>
  fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/v1/creators/bulk/preview')) as [string, RequestInit][];

function choose(file: File) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false }, mutations: { retry: false } } });
  client.setQueryData(currentOrgKey, { billing_plan: 'standard' } as Partial<OrgRecord>);
  render(
    <QueryClientProvider client={client}>
      <BulkAddDialog isOpen onClose={() => undefined} />
    </QueryClientProvider>,
  );
  fireEvent.change(screen.getByLabelText('CSV file'), { target: { files: [file] } });
}

// The preview table is a data grid: its first render is slow on a busy machine.
describe('Bulk add Creators', { timeout: 30_000 }, () => {
  it('sends a .csv that Windows declared as Excel’s as text/csv for the preview', async () => {
    choose(new File(['email,first_name\n'], 'Creators.csv', { type: 'application/vnd.ms-excel' }));
    await waitFor(() => expect(previewCalls()).toHaveLength(1));
    const [[, init]] = previewCalls() as [[string, RequestInit]];
    expect((init.body as FormData).get('file')).toMatchObject({ name: 'Creators.csv', type: 'text/csv' });
    expect(screen.queryByText(/Invalid file type/)).toBeNull();
  });

  it("still refuses another file with the spec's message, sending nothing", async () => {
    choose(new File(['PK'], 'Creators.xlsx', { type: 'application/vnd.ms-excel' }));
    expect(await screen.findByText(creatorMessages.invalidFileType('application/vnd.ms-excel'))).toBeTruthy();
    expect(previewCalls()).toHaveLength(0);
  });
});
