import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MoneyInput } from './money-input.tsx';

/** A form holding the cents, as the payment and invoice forms do. */
function Form({
  initial = null,
  onCents,
  currency,
}: {
  initial?: number | null;
  onCents: (cents: number | null) => void;
  currency?: string;
}) {
  const [cents, setCents] = useState<number | null>(initial);
  return (
    <>
      <MoneyInput
        label="Amount"
        {...(currency ? { currency } : {})}
        value={cents}
        onChange={(next) => {
          setCents(next);
          onCents(next);
        }}
      />
      <button type="button">Elsewhere</button>
    </>
  );
}

describe('MoneyInput', () => {
  it('takes yen without decimals and pounds with two, as ISO 4217 says', async () => {
    const onYen = vi.fn();
    render(<Form onCents={onYen} currency="JPY" />);
    const yen = screen.getByLabelText('Amount');
    await userEvent.type(yen, '150000');
    expect(onYen).toHaveBeenLastCalledWith(150_000);
    await userEvent.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(yen).toHaveProperty('value', '150,000');
    expect(screen.getByText('¥')).toBeTruthy();
  });

  it('refuses more decimals than the currency has (null), and shows the pound sign', async () => {
    const onPence = vi.fn();
    render(<Form onCents={onPence} currency="GBP" />);
    await userEvent.type(screen.getByLabelText('Amount'), '12.345');
    expect(onPence).toHaveBeenLastCalledWith(null);
    expect(screen.getByText('£')).toBeTruthy();
  });

  it('turns typed dollars into integer cents', async () => {
    const onCents = vi.fn();
    render(<Form onCents={onCents} />);
    await userEvent.type(screen.getByLabelText('Amount'), '1,250.5');
    expect(onCents).toHaveBeenLastCalledWith(125050);
    expect(onCents.mock.calls.map(([cents]) => cents)).toEqual([100, 100, 1200, 12500, 125000, 125000, 125050]);
  });

  it('shows the amount with separators and two decimals when not being edited', async () => {
    render(<Form onCents={vi.fn()} />);
    const input = screen.getByLabelText('Amount');
    await userEvent.type(input, '1250.5');
    await userEvent.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(input).toHaveProperty('value', '1,250.50');
    expect(screen.getByText('$')).toBeTruthy();
  });

  it('shows the plain amount to edit once focused', async () => {
    render(<Form initial={125000} onCents={vi.fn()} />);
    const input = screen.getByLabelText('Amount');
    expect(input).toHaveProperty('value', '1,250.00');
    await userEvent.click(input);
    expect(input).toHaveProperty('value', '1250.00');
  });

  it('answers null for what is not an amount, and keeps it visible to correct', async () => {
    const onCents = vi.fn();
    render(<Form onCents={onCents} />);
    const input = screen.getByLabelText('Amount');
    await userEvent.type(input, '12.345');
    expect(onCents).toHaveBeenLastCalledWith(null);
    await userEvent.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(input).toHaveProperty('value', '12.345');
  });

  it('drops letters and signs as they are typed', () => {
    const onCents = vi.fn();
    render(<Form onCents={onCents} />);
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '-$4a0' } });
    expect(onCents).toHaveBeenLastCalledWith(4000);
    expect(screen.getByLabelText('Amount')).toHaveProperty('value', '40');
  });
});
