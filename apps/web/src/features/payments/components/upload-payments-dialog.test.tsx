import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { paymentUploadMessages, type PaymentUploadPreview } from '@crewpay/core';
import { UploadPaymentsDialog } from './upload-payments-dialog.tsx';

const usdPreview: PaymentUploadPreview = { total: 1, valid: 1, amount: 1_000, estimated: false, scheduled: 0, errors: [] };
let preview = usdPreview;
let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  preview = usdPreview;
  fetchMock = vi.fn(async () => new Response(JSON.stringify(preview), { status: 200, headers: { 'Content-Type': 'application/json' } }));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function choose(file: File) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <UploadPaymentsDialog isOpen onClose={() => undefined} />
    </QueryClientProvider>,
  );
  fireEvent.change(screen.getByLabelText('CSV file'), { target: { files: [file] } });
}

/** The file part of the one preview request. */
const sentFile = () => {
  expect(fetchMock).toHaveBeenCalledTimes(1);
  const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
  expect(url).toBe('/v1/payments/upload/preview');
  return (init.body as FormData).get('file') as File;
};

describe('Payments > Upload CSV', () => {
  it('sends a .csv that Windows declared as Excel’s as text/csv, and previews it', async () => {
    choose(new File(['email,amount\nada@example.com,10.00\n'], 'Payments.csv', { type: 'application/vnd.ms-excel' }));
    expect(await screen.findByText(/1 payment ready, \$10\.00 in all/)).toBeTruthy();
    expect(sentFile()).toMatchObject({ name: 'Payments.csv', type: 'text/csv' });
  });

  it('sends a .csv without a declared type as text/csv', async () => {
    choose(new File(['email,amount\n'], 'export.csv', { type: '' }));
    expect(await screen.findByText(/1 payment ready/)).toBeTruthy();
    expect(sentFile().type).toBe('text/csv');
  });

  it('names the currency column in its help, and labels a total with rows in another currency an estimate', async () => {
    preview = { ...usdPreview, total: 2, valid: 2, amount: 32_646, estimated: true };
    choose(new File(['recipient,amount,currency\nada@example.com,250.00,GBP\n'], 'abroad.csv', { type: 'text/csv' }));
    expect(screen.getByText(/optionally a currency, .*The currency is USD when empty/)).toBeTruthy();
    expect(await screen.findByText(/2 payments ready, \$326\.46 \(estimate\) in all/)).toBeTruthy();
    expect(screen.getByText(/Rows in another currency are counted in USD at Nium's rate/)).toBeTruthy();
  });

  it('still refuses an Excel workbook, sending nothing', async () => {
    choose(new File(['PK'], 'Book1.xlsx', { type: 'application/vnd.ms-excel' }));
    expect(await screen.findByText(paymentUploadMessages.notCsv)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
