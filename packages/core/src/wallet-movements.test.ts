import { describe, expect, it } from 'vitest';
import { movementTypeLabel } from './wallet-movements.ts';

describe('movementTypeLabel', () => {
  it("names every kind of wallet movement with the spec's four type labels", () => {
    expect(['hold', 'release', 'payment_succeeded', 'payment_failed', 'payment_returned'].map(movementTypeLabel)).toEqual(
      Array(5).fill('Payment'),
    );
    expect(['received_credit', 'sandbox_load', 'invoice_card_settled', 'invoice_ach_settled'].map(movementTypeLabel)).toEqual(
      Array(4).fill('Deposit'),
    );
    expect(['ach_debit_pending', 'ach_debit_settled', 'ach_debit_failed', 'ach_out_posted'].map(movementTypeLabel)).toEqual(
      Array(4).fill('Transfer'),
    );
    expect(['billing_monthly_fee', 'contract_fee'].map(movementTypeLabel)).toEqual(['Debit', 'Debit']);
  });
});
