import { useEffect, useState } from 'react';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import { lazyDialog } from '../../../components/lazy-dialog.tsx';
import type { PalettePage } from './palette-items.ts';

const PaletteDialog = lazyDialog(
  () => import('./palette-dialog.tsx').then((module) => module.PaletteDialog),
  (props) => props.isOpen,
);

/** Ctrl-K (Cmd-K on a Mac) anywhere in the signed-in app, even from inside a field. */
const isPaletteKey = (event: KeyboardEvent) => (event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k';

/** The header's search button and the Ctrl/Cmd-K shortcut, both opening the command palette. */
export function CommandPalette({ pages }: { pages: PalettePage[] }) {
  const [isOpen, setIsOpen] = useState(false);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isPaletteKey(event)) return;
      // The browser's own Ctrl-K (its search bar) would take the focus away.
      event.preventDefault();
      setIsOpen((open) => !open);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
  return (
    <>
      <Tooltip title="Search and commands (Ctrl K)">
        <IconButton aria-label="Search and commands" aria-keyshortcuts="Control+K Meta+K" onClick={() => setIsOpen(true)}>
          <SearchOutlined />
        </IconButton>
      </Tooltip>
      <PaletteDialog isOpen={isOpen} onClose={() => setIsOpen(false)} pages={pages} />
    </>
  );
}
