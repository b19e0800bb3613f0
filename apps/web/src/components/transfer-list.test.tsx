import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TransferList } from './transfer-list.tsx';

type Item = { id: string; name: string; isTaken?: boolean };
const items: Item[] = [
  { id: 'a', name: 'Alpha' },
  { id: 'b', name: 'Bravo' },
  { id: 'c', name: 'Charlie', isTaken: true },
];

function Picker({ initial = [] }: { initial?: string[] }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <TransferList<Item>
        items={items}
        getId={(item) => item.id}
        view={(item) => ({ primary: item.name, end: '$1.00' })}
        isDisabled={(item) => Boolean(item.isTaken)}
        value={value}
        onChange={setValue}
        titles={{ left: 'Choices', right: 'Chosen' }}
        columns={{ main: 'Name', end: 'Price' }}
        emptyText="Nothing here"
      />
      <output>{value.join(',')}</output>
    </>
  );
}

const list = (name: string) => screen.getByRole('list', { name });
const names = (name: string) =>
  within(list(name))
    .queryAllByRole('checkbox')
    .map((box) => box.closest('li')?.textContent);

describe('TransferList', () => {
  it('moves the ticked items right and back with the move buttons', async () => {
    render(<Picker />);
    expect(names('Chosen')).toEqual([]);
    expect(within(list('Chosen')).getByText('Nothing here')).toBeTruthy();
    await userEvent.click(within(list('Choices')).getByRole('checkbox', { name: 'Bravo' }));
    await userEvent.click(screen.getByRole('button', { name: 'Move selected to Chosen' }));
    expect(screen.getByRole('status').textContent).toBe('b');
    expect(names('Chosen')).toEqual(['Bravo$1.00']);
    await userEvent.click(screen.getByRole('button', { name: 'Move all to Chosen' }));
    // Order follows the items, not the moves; the taken item stays behind.
    expect(screen.getByRole('status').textContent).toBe('a,b');
    expect(names('Choices')).toEqual(['Charlie$1.00']);
    await userEvent.click(screen.getByRole('button', { name: 'Move all to Choices' }));
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('cannot pick a disabled item, even with select all', async () => {
    render(<Picker />);
    expect(within(list('Choices')).getByRole('checkbox', { name: 'Charlie' })).toHaveProperty('disabled', true);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all of Choices' }));
    expect(screen.getByText('2/2 selected')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Move selected to Chosen' }));
    expect(screen.getByRole('status').textContent).toBe('a,b');
    expect(screen.getByRole('button', { name: 'Move all to Chosen' })).toHaveProperty('disabled', true);
  });

  it('is usable by keyboard alone: Tab to a row, Space ticks it, Enter on a move button moves it', async () => {
    render(<Picker initial={['a']} />);
    const user = userEvent.setup();
    await user.tab(); // select all of Choices
    await user.tab(); // Bravo (Charlie is disabled, so skipped)
    expect(document.activeElement?.textContent).toContain('Bravo');
    await user.keyboard(' ');
    expect(within(list('Choices')).getByRole('checkbox', { name: 'Bravo' })).toHaveProperty('checked', true);
    await user.tab(); // Move all to Chosen
    await user.tab(); // Move selected to Chosen
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Move selected to Chosen');
    await user.keyboard('{Enter}');
    expect(screen.getByRole('status').textContent).toBe('a,b');
  });
});
