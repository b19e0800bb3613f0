import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import { MIN_SEARCH_LENGTH, useSearch } from '../../../entities/search/index.ts';
import { useDebounced } from '../../../lib/use-debounced.ts';
import { groupItems, paletteItems, type PaletteItem, type PalettePage } from './palette-items.ts';
import { ShortcutList } from './shortcut-list.tsx';

type Props = { isOpen: boolean; onClose: () => void; pages: PalettePage[] };

/** The next active index for a navigation key, or null for any other key. */
function moveTo(key: string, active: number, count: number): number | null {
  if (count === 0) return null;
  if (key === 'ArrowDown') return (active + 1) % count;
  if (key === 'ArrowUp') return (active - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
}

/**
 * The command palette: one combobox whose listbox holds what the server found (creators,
 * payments, invoices, campaigns, contracts), the actions and the pages. Arrows move, Enter opens,
 * Escape closes; the shortcuts are listed under the results.
 */
export function PaletteDialog({ isOpen, onClose, pages }: Props) {
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [activeKey, setActiveKey] = useState<string | undefined>();
  const q = useDebounced(query.trim(), 200);
  const search = useSearch(q);
  const results = q.length >= MIN_SEARCH_LENGTH ? (search.data?.results ?? []) : [];
  const items = paletteItems({ query, pages, results });
  const listboxId = useId();
  const optionId = (index: number) => `${listboxId}-option-${index}`;
  // The choice is kept by what it is, not where it is: the server's results arriving after the
  // person saw "New Invoice" chosen must not move Enter onto a result. Without one, the first.
  const found = items.findIndex((item) => item.key === activeKey);
  const active = found >= 0 ? found : 0;
  const firstKey = items[0]?.key;
  // Each new query starts on its first choice (Enter opens the best match), kept as results arrive.
  useEffect(() => {
    setActiveKey(firstKey);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new query picks again; new results keep the choice
  }, [query]);
  const setActive = (index: number) => setActiveKey(items[index]?.key);
  const activeId = items.length ? optionId(active) : undefined;
  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView({ block: 'nearest' });
  }, [activeId]);

  const close = () => {
    setQuery('');
    onClose();
  };
  const run = (item: PaletteItem | undefined) => {
    if (!item) return;
    close();
    void navigate(item.path);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const next = moveTo(event.key, active, items.length);
    if (next !== null) {
      event.preventDefault();
      setActive(next);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      run(items[active]);
    }
  };
  const isSearching = search.isFetching || query.trim() !== q;

  return (
    <Dialog
      open={isOpen}
      onClose={close}
      fullWidth
      maxWidth="sm"
      slotProps={{ paper: { 'aria-label': 'Search and commands' } }}
      sx={{
        '& .MuiDialog-container': { alignItems: 'flex-start' },
        '& .MuiDialog-paper': { mt: { xs: 2, sm: '10vh' }, mx: { xs: 1, sm: 4 } },
      }}
    >
      <Box sx={{ p: 2, pb: 1 }}>
        <TextField
          autoFocus
          fullWidth
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={onKeyDown}
          placeholder="Search by name, email, amount or reference"
          slotProps={{
            htmlInput: {
              role: 'combobox',
              'aria-label': 'Search or run a command',
              'aria-expanded': true,
              'aria-controls': listboxId,
              'aria-autocomplete': 'list',
              'aria-activedescendant': activeId,
            },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchOutlined />
                </InputAdornment>
              ),
            },
          }}
        />
        <LinearProgress aria-hidden sx={{ mt: 0.5, visibility: isSearching && q.length >= MIN_SEARCH_LENGTH ? 'visible' : 'hidden' }} />
      </Box>
      <Box
        role="listbox"
        id={listboxId}
        aria-label="Results and commands"
        sx={{ maxHeight: { xs: '55vh', sm: 360 }, overflowY: 'auto', px: 1 }}
      >
        {groupItems(items).map(({ group, items: rows }, groupIndex) => (
          <Box key={group} role="group" aria-labelledby={`${listboxId}-group-${groupIndex}`}>
            <Typography
              id={`${listboxId}-group-${groupIndex}`}
              variant="overline"
              color="text.secondary"
              sx={{ display: 'block', px: 1.5, pt: 1 }}
            >
              {group}
            </Typography>
            {rows.map(({ item, index }) => (
              <Box
                key={item.key}
                id={optionId(index)}
                role="option"
                aria-selected={index === active}
                onClick={() => run(item)}
                onMouseMove={() => setActive(index)}
                sx={{ px: 1.5, py: 1, borderRadius: 1, cursor: 'pointer', bgcolor: index === active ? 'action.selected' : undefined }}
              >
                <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                  {item.label}
                </Typography>
                {item.detail && (
                  <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                    {item.detail}
                  </Typography>
                )}
              </Box>
            ))}
          </Box>
        ))}
        {items.length === 0 && !isSearching && (
          <Typography variant="body2" color="text.secondary" sx={{ p: 1.5 }} role="status">
            Nothing matches “{query.trim()}”
          </Typography>
        )}
      </Box>
      <ShortcutList />
    </Dialog>
  );
}
