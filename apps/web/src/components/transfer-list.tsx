import { useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import KeyboardArrowRight from '@mui/icons-material/KeyboardArrowRight';
import KeyboardDoubleArrowRight from '@mui/icons-material/KeyboardDoubleArrowRight';
import KeyboardArrowLeft from '@mui/icons-material/KeyboardArrowLeft';
import KeyboardDoubleArrowLeft from '@mui/icons-material/KeyboardDoubleArrowLeft';
import { TransferListSide, type TransferItemView } from './transfer-list-side.tsx';

export type { TransferItemView } from './transfer-list-side.tsx';

type Props<T> = {
  items: T[];
  getId: (item: T) => string;
  view: (item: T) => TransferItemView;
  /** An item that cannot be moved to the right (it stays on the left, its row disabled). */
  isDisabled?: (item: T) => boolean;
  /** The ids of the items on the right, in the order of items. */
  value: string[];
  onChange: (ids: string[]) => void;
  titles: { left: string; right: string };
  columns: { main: string; end: string };
  emptyText: string;
};

/**
 * MUI's transfer list: two checkbox lists with the four move buttons between them (all right,
 * selected right, selected left, all left). Side by side from md up, stacked on a phone, where
 * the arrows turn to point down and up; the buttons are named by where they move to, not by a
 * direction that changes with the layout.
 */
export function TransferList<T>({ items, getId, view, isDisabled, value, onChange, titles, columns, emptyText }: Props<T>) {
  const [checked, setChecked] = useState<string[]>([]);
  const all = items.map((item) => ({ id: getId(item), view: view(item), isDisabled: isDisabled?.(item) ?? false }));
  const right = all.filter((item) => value.includes(item.id));
  const left = all.filter((item) => !value.includes(item.id));
  const movableLeft = left.filter((item) => !item.isDisabled).map((item) => item.id);
  const rightIds = right.map((item) => item.id);
  const checkedLeft = movableLeft.filter((id) => checked.includes(id));
  const checkedRight = rightIds.filter((id) => checked.includes(id));

  const toggle = (ids: string[], isChecked: boolean) =>
    setChecked(isChecked ? [...new Set([...checked, ...ids])] : checked.filter((id) => !ids.includes(id)));
  // Moved items arrive unticked, so the next move starts from a clean choice.
  const move = (ids: string[], toRight: boolean) => {
    setChecked(checked.filter((id) => !ids.includes(id)));
    const next = toRight ? [...value, ...ids] : value.filter((id) => !ids.includes(id));
    onChange(all.map((item) => item.id).filter((id) => next.includes(id)));
  };

  const moves = [
    { label: `Move all to ${titles.right}`, icon: <KeyboardDoubleArrowRight />, ids: movableLeft, toRight: true },
    { label: `Move selected to ${titles.right}`, icon: <KeyboardArrowRight />, ids: checkedLeft, toRight: true },
    { label: `Move selected to ${titles.left}`, icon: <KeyboardArrowLeft />, ids: checkedRight, toRight: false },
    { label: `Move all to ${titles.left}`, icon: <KeyboardDoubleArrowLeft />, ids: rightIds, toRight: false },
  ];
  const side = { columns, checked, onToggle: toggle, emptyText };
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: 'stretch' }}>
      <TransferListSide title={titles.left} items={left} {...side} />
      <Stack direction={{ xs: 'row', md: 'column' }} spacing={1} sx={{ justifyContent: 'center', alignItems: 'center' }}>
        {moves.map((button) => (
          <Button
            key={button.label}
            variant="outlined"
            size="small"
            aria-label={button.label}
            disabled={button.ids.length === 0}
            onClick={() => move(button.ids, button.toRight)}
            sx={{ minWidth: 44, '& svg': { transform: { xs: 'rotate(90deg)', md: 'none' } } }}
          >
            {button.icon}
          </Button>
        ))}
      </Stack>
      <TransferListSide title={titles.right} items={right} {...side} />
    </Stack>
  );
}
