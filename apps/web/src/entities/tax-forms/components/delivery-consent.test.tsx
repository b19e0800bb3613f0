import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { taxDeliveryConsentLabel, taxDeliveryDisclosure } from '@crewpay/core';
import { DeliveryConsent } from './delivery-consent.tsx';

describe('DeliveryConsent', () => {
  it('gives consent from the checkbox, with the disclosure shown', async () => {
    const onChange = vi.fn();
    render(<DeliveryConsent control="checkbox" consented={false} isPending={false} onChange={onChange} />);
    for (const line of taxDeliveryDisclosure) expect(screen.getByText(line)).toBeTruthy();
    await userEvent.click(screen.getByLabelText(taxDeliveryConsentLabel));
    expect(onChange).toHaveBeenCalledWith(true);
  });

  it('withdraws consent from the switch, and cannot be changed while saving', async () => {
    const onChange = vi.fn();
    const { rerender } = render(<DeliveryConsent control="switch" consented isPending={false} onChange={onChange} />);
    const toggle = screen.getByRole('switch', { name: taxDeliveryConsentLabel });
    expect((toggle as HTMLInputElement).checked).toBe(true);
    await userEvent.click(toggle);
    expect(onChange).toHaveBeenCalledWith(false);
    rerender(<DeliveryConsent control="switch" consented isPending onChange={onChange} />);
    expect((screen.getByRole('switch', { name: taxDeliveryConsentLabel }) as HTMLInputElement).disabled).toBe(true);
  });
});
