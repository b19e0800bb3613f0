import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { DetailCard } from './detail-card.tsx';

describe('DetailCard', () => {
  it('is a region named by its title, with its actions and each label beside its value ("-" when empty)', () => {
    render(
      <DetailCard
        title="Recipient info"
        actions={<button type="button">Edit</button>}
        rows={[
          ['Email', 'a.very.long.billing.address@example-agency.com'],
          ['Attn', ''],
        ]}
      />,
    );
    const card = screen.getByRole('region', { name: 'Recipient info' });
    expect(within(card).getByRole('heading', { name: 'Recipient info' })).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Edit' })).toBeTruthy();
    const email = within(card).getByText('a.very.long.billing.address@example-agency.com');
    // The value wraps anywhere: a long email stays inside the card on a phone.
    expect(getComputedStyle(email).overflowWrap).toBe('anywhere');
    expect(within(card).getByText('Attn').nextElementSibling?.textContent).toBe('-');
  });
});
