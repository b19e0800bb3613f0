import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Control, FieldValues } from 'react-hook-form';
import { payeeAbroadSchema, type PayeeAbroad } from '@crewpay/core';
import { useZodForm } from '../../../components/form/use-zod-form.ts';
import { emptyCorridorFields } from '../abroad-defaults.ts';
import { AbroadBankFields } from './abroad-bank-fields.tsx';

function Form({ onSubmit }: { onSubmit: (body: PayeeAbroad) => void }) {
  const form = useZodForm(payeeAbroadSchema, { defaultValues: { country: '', method: 'bank_account', fields: emptyCorridorFields() } });
  return (
    <form noValidate onSubmit={(event) => void form.handleSubmit(onSubmit)(event)}>
      <AbroadBankFields control={form.control as unknown as Control<FieldValues>} />
      <button type="submit">Save</button>
    </form>
  );
}

async function chooseCountry(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(screen.getByRole('combobox', { name: /Country/ }));
  await user.click(within(screen.getByRole('listbox')).getByRole('option', { name }));
}

describe('AbroadBankFields', () => {
  it("asks for the chosen country's fields, shows its currency, and refuses a bad IBAN naming the field", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<Form onSubmit={onSubmit} />);
    await chooseCountry(user, 'Germany');
    expect((screen.getByLabelText('Currency') as HTMLInputElement).value).toBe('EUR');
    await user.type(screen.getByLabelText(/Name on account/), 'Jonas Weber');
    await user.type(screen.getByLabelText(/^IBAN/), 'DE89 3704 0044 0532 0130 01');
    await user.tab();
    expect(await screen.findByText('IBAN is not valid: check the digits')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('BIC (SWIFT code) is required')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText(/^IBAN/));
    await user.type(screen.getByLabelText(/^IBAN/), 'DE89 3704 0044 0532 0130 00');
    await user.type(screen.getByLabelText(/BIC/), 'COBADEFFXXX');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({
      country: 'DE',
      method: 'bank_account',
      fields: { account_holder_name: 'Jonas Weber', iban: 'DE89 3704 0044 0532 0130 00', bic: 'COBADEFFXXX' },
    });
  });

  it("offers Brazil's two methods and asks for the Pix key and CPF with Pix", async () => {
    const user = userEvent.setup();
    render(<Form onSubmit={vi.fn()} />);
    await chooseCountry(user, 'Brazil');
    expect((screen.getByLabelText('Currency') as HTMLInputElement).value).toBe('BRL');
    // Brazil pays by Pix or to a bank account: the method is chosen, its fields follow.
    await user.click(screen.getByRole('combobox', { name: /Payout method/ }));
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Pix' }));
    expect(screen.getByLabelText(/Pix key/)).toBeTruthy();
    await user.type(screen.getByLabelText(/^CPF/), '111.111.111-11');
    await user.tab();
    expect(await screen.findByText('CPF is not valid: check the digits')).toBeTruthy();
  });
});
