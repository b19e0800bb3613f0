import { useEffect, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazyDialog } from './lazy-dialog.tsx';

type Props = { isOpen: boolean; onClose: () => void };

/** A stand-in dialog that says whether it is open, and counts how often it was mounted. */
const mounted = vi.fn();
function FakeDialog({ isOpen }: Props) {
  useEffect(() => {
    mounted();
  }, []);
  return <p>{isOpen ? 'dialog open' : 'dialog closed'}</p>;
}

describe('lazyDialog', () => {
  it('loads the dialog the first time it opens, and keeps it mounted after it closes', async () => {
    const load = vi.fn(() => Promise.resolve(FakeDialog));
    const Dialog = lazyDialog(load, (props: Props) => props.isOpen);
    function Page() {
      const [isOpen, setIsOpen] = useState(false);
      return (
        <>
          <button onClick={() => setIsOpen(!isOpen)}>toggle</button>
          <Dialog isOpen={isOpen} onClose={() => setIsOpen(false)} />
        </>
      );
    }
    render(<Page />);
    expect(load).not.toHaveBeenCalled();
    expect(screen.queryByText(/dialog/)).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'toggle' }));
    expect(await screen.findByText('dialog open')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);

    // Closed, it stays mounted (its closing transition, its state): the same instance, not loaded again.
    await userEvent.click(screen.getByRole('button', { name: 'toggle' }));
    expect(screen.getByText('dialog closed')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'toggle' }));
    expect(screen.getByText('dialog open')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
    expect(mounted).toHaveBeenCalledTimes(1);
  });
});
