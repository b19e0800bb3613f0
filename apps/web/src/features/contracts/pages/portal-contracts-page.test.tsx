import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ContractRecord, UserRecord } from '@crewpay/core';
import { currentUserKey } from '../../../lib/session/current-user.ts';
import { clearToken, setToken } from '../../../lib/session/token.ts';
import PortalContractsPage from './portal-contracts-page.tsx';

// The contracts entity also brings the PDF viewer (pdf.js needs a real browser); the list only uses its chip.
vi.mock('../../../entities/contracts/index.ts', () => ({ ContractStatusChip: ({ status }: { status: string }) => <span>{status}</span> }));

const contract = {
  id: '0192f0e0-0000-7000-8000-000000000001',
  title: 'Brand deal',
  display_status: 'Sent',
  org_name: 'Northwind Studios',
  signature_date: null,
} as unknown as ContractRecord;

/** The page with its contracts and the signed-in user already answered (no request is made). */
function renderFor(role: UserRecord['role']) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData(currentUserKey, { id: 'user-1', role, is_external: true } as UserRecord);
  client.setQueryData(['portal-contracts'], { data: [contract] });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <PortalContractsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

// The data grid's first render is slow on a busy machine.
describe('the portal contracts list', { timeout: 30_000 }, () => {
  beforeEach(() => setToken('token'));
  afterEach(() => clearToken());

  it("links a customer to their Invoices, never to the creator's Payments page", async () => {
    renderFor('customer');
    expect((await screen.findByRole('link', { name: 'Invoices' })).getAttribute('href')).toBe('/creator/invoices');
    expect(screen.queryByRole('link', { name: 'Payments' })).toBeNull();
  });

  it('links a creator to their Payments', async () => {
    renderFor('creator');
    expect((await screen.findByRole('link', { name: 'Payments' })).getAttribute('href')).toBe('/creator/payments');
  });
});
