import { useId, type ReactNode } from 'react';
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import Checkbox from '@mui/material/Checkbox';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** How one item reads: its name, a line under it, and the value of the right-hand column. */
export type TransferItemView = { primary: string; secondary?: ReactNode; end?: ReactNode };

type TransferSideItem = { id: string; view: TransferItemView; isDisabled: boolean };

type Props = {
  title: string;
  /** The heads of the name column and of the right-hand column (e.g. Earnings). */
  columns: { main: string; end: string };
  items: TransferSideItem[];
  checked: string[];
  onToggle: (ids: string[], isChecked: boolean) => void;
  emptyText: string;
};

/**
 * One list of a transfer list (MUI's pattern): a select-all header with its count, then one
 * checkbox row per item. A row is a button, so Tab reaches it and Space or Enter ticks it; a
 * disabled row says why on its second line and cannot be ticked.
 */
export function TransferListSide({ title, columns, items, checked, onToggle, emptyText }: Props) {
  const titleId = useId();
  const pickable = items.filter((item) => !item.isDisabled).map((item) => item.id);
  const checkedHere = pickable.filter((id) => checked.includes(id));
  const isAll = pickable.length > 0 && checkedHere.length === pickable.length;
  return (
    <Card variant="outlined" sx={{ flex: 1, minWidth: 0 }}>
      <CardHeader
        sx={{ px: 2, py: 1 }}
        avatar={
          <Checkbox
            checked={isAll}
            indeterminate={checkedHere.length > 0 && !isAll}
            disabled={pickable.length === 0}
            onChange={() => onToggle(pickable, !isAll)}
            slotProps={{ input: { 'aria-label': `Select all of ${title}` } }}
          />
        }
        title={<span id={titleId}>{title}</span>}
        subheader={`${checkedHere.length}/${pickable.length} selected`}
      />
      <Divider />
      <Stack direction="row" sx={{ px: 2, py: 0.5, justifyContent: 'space-between' }} aria-hidden>
        <Typography variant="caption" color="text.secondary" sx={{ pl: 5 }}>
          {columns.main}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {columns.end}
        </Typography>
      </Stack>
      <List dense aria-labelledby={titleId} sx={{ height: 260, overflow: 'auto', py: 0 }}>
        {items.length === 0 && (
          <ListItem>
            <ListItemText secondary={emptyText} />
          </ListItem>
        )}
        {items.map((item) => (
          <TransferRow key={item.id} item={item} isChecked={checked.includes(item.id)} onToggle={onToggle} />
        ))}
      </List>
    </Card>
  );
}

function TransferRow({ item, isChecked, onToggle }: { item: TransferSideItem; isChecked: boolean; onToggle: Props['onToggle'] }) {
  const labelId = useId();
  return (
    <ListItem disablePadding>
      <ListItemButton disabled={item.isDisabled} onClick={() => onToggle([item.id], !isChecked)} sx={{ gap: 1 }}>
        <ListItemIcon sx={{ minWidth: 0 }}>
          {/* Not focusable itself: the row is the one stop, as in MUI's checkbox list. */}
          <Checkbox
            edge="start"
            checked={isChecked}
            disabled={item.isDisabled}
            tabIndex={-1}
            disableRipple
            slotProps={{ input: { 'aria-labelledby': labelId } }}
          />
        </ListItemIcon>
        <ListItemText
          id={labelId}
          primary={item.view.primary}
          secondary={item.view.secondary}
          slotProps={{ secondary: { component: 'div' } }}
        />
        {item.view.end !== undefined && (
          <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
            {item.view.end}
          </Typography>
        )}
      </ListItemButton>
    </ListItem>
  );
}
