import { useState, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { CreatorRecord, FeeScheduleRecord, MemberRecord, OrgRecord, PaymentRowInput, UserRecord } from '@crewpay/core';
import { creatorKeys } from '../../../entities/creators/index.ts';
import { usePaymentMath } from '../../../entities/payments/index.ts';
import { clearToken, setToken } from '../../../lib/session/token.ts';
import { PaymentRowFields, type FormRow } from './payment-row-fields.tsx';

// A creator with an agent taking 10%; fees of 25 cents plus 1% a payment.
const creator = {
  id: 'creator-1',
  is_active: true,
  is_w2: false,
  custom_withholding_rate: null,
  address_state: null,
  agent_id: 'agent-1',
  agent_split: 10,
  manager_id: null,
  manager_split: 0,
} as unknown as CreatorRecord;
const agent = { id: 'agent-1', is_agent: true } as unknown as MemberRecord;
const fees = [{ type: 'outbound_payment', flat_rate: 25, percentage: 1, cap: null }] as unknown as FeeScheduleRecord[];

/** The new payment page's row: the form's terms go through the same usePaymentMath the page uses. */
function PaymentRow() {
  const [row, setRow] = useState<FormRow>({
    key: 1,
    recipient: { id: creator.id, role: 'creator', label: 'Ada Lovelace', email: 'ada@example.com', isDisabled: false },
    earnings: null,
    split: 100,
    memo: '',
    amount_currency: 'USD',
  });
  const input: PaymentRowInput = {
    recipient: row.recipient?.id ?? null,
    recipient_role: row.recipient?.role ?? 'creator',
    earnings: row.earnings,
    split: row.split,
    memo: row.memo,
    payment_group_id: null,
  };
  const math = usePaymentMath([input]);
  return <PaymentRowFields row={row} computed={math.rows[0]} showErrors hasGroup={false} onChange={setRow} />;
}

/** Everything the math reads, already in the cache: the test makes no request. */
function withData(children: ReactNode, org?: Partial<OrgRecord>) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData(['fee_schedules'], fees);
  client.setQueryData(creatorKeys.one(creator.id), creator);
  client.setQueryData(creatorKeys.agentsManagers, [agent]);
  if (org) {
    client.setQueryData(['user'], { id: 'owner-1', is_external: false, org_id: 'org-1' } as unknown as UserRecord);
    client.setQueryData(['org'], org);
  }
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

async function enterTerms(earnings: string, split: string) {
  await userEvent.type(screen.getByLabelText('Earnings'), earnings);
  await userEvent.clear(screen.getByLabelText('Split %'));
  await userEvent.type(screen.getByLabelText('Split %'), split);
}

describe('the payment form: earnings and split to amounts', () => {
  const fetchSpy = vi.fn(() => Promise.reject(new Error('component tests make no requests')));
  beforeEach(() => vi.stubGlobal('fetch', fetchSpy));
  afterEach(() => {
    vi.unstubAllGlobals();
    clearToken();
  });

  it('pays the split of the earnings, less the agent share the creator gives, each with its fee', async () => {
    render(withData(<PaymentRow />));
    await enterTerms('1000', '80');
    // $1,000 at 80% is $800; the agent's 10% ($80) comes out of the creator's payment.
    expect(screen.getByLabelText('Amount').textContent).toBe('Amount $720.00');
    expect(screen.getByText('Fee $7.45')).toBeTruthy();
    expect(screen.getByText('Agent payment $80.00 (10%), fee $1.05')).toBeTruthy();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('leaves the creator the whole split when the organisation pays agents on top', async () => {
    setToken('session-token');
    render(withData(<PaymentRow />, { agent_split_source: 'org', manager_split_source: 'creator' }));
    await enterTerms('1000', '80');
    expect(screen.getByLabelText('Amount').textContent).toBe('Amount $800.00');
    expect(screen.getByText('Fee $8.25')).toBeTruthy();
    expect(screen.getByText('Agent payment $80.00 (10%), fee $1.05')).toBeTruthy();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('rounds the split half up to the cent', async () => {
    render(withData(<PaymentRow />));
    await enterTerms('10.05', '50');
    // 50% of $10.05 is $5.025 -> $5.03; the agent's 10% of it is $0.503 -> $0.50.
    expect(screen.getByText('Agent payment $0.50 (10%), fee $0.26')).toBeTruthy();
    expect(screen.getByLabelText('Amount').textContent).toBe('Amount $4.53');
  });

  it('refuses a split over 100% and pays nothing', async () => {
    render(withData(<PaymentRow />));
    await enterTerms('1000', '150');
    expect(screen.getByRole('alert').textContent).toBe('Split must be a percentage from 0 to 100');
    expect(screen.getByLabelText('Amount').textContent).toBe('Amount $0.00');
    expect(screen.queryByText(/Agent payment/)).toBeNull();
  });
});
